/**
 * What a cost route answers: a JSON response made afresh (the rate-limit headers join its headers),
 * and the platform's `{errors: [...]}` failures thrown from deep in a check.
 */
import type { HttpResponse } from '../../http'

export type Obj = Record<string, unknown>

export class HttpFail {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}

export const fail = (status: number, ...errors: string[]): never => {
  throw new HttpFail(status, { errors })
}

export const json = (status: number, body: unknown, extra: Record<string, string> = {}): HttpResponse => ({
  status,
  headers: { 'content-type': 'application/json', ...extra },
  body: body === undefined ? '' : JSON.stringify(body),
})

const UNDERSCORE = 0x5f
/** Fields kept by the emulator for itself start with `_` and are never returned. */
export const publicView = (o: Obj): Obj => {
  // a loop over the keys, not entries filtered into a new object: every answer passes here
  const out: Obj = {}
  for (const k in o) if (k.charCodeAt(0) !== UNDERSCORE) out[k] = o[k]
  return out
}
