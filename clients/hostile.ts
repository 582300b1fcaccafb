/**
 * Hostile acts: what a misbehaving server does to one request, acted out on the socket by
 * `serve` (its `act` option) — hang, drip the reply a byte at a time, close the connection in the
 * middle of the body, or answer something absurd. Unlike `faults` (errors the client layer can
 * report), these only exist on a real connection, which is where the transport must bound them.
 */
import type { HttpRequest, HttpResponse } from './http'

// ── model ────────────────────────────────────────────────────────────────────
export type HostileAct =
  /** never answer, and never pass the request on (nothing applied) */
  | { readonly kind: 'hang-before' }
  /** pass the request on (applied), then never answer */
  | { readonly kind: 'hang-after' }
  /** pass it on, then send the reply one byte every `everyMs` */
  | { readonly kind: 'drip'; readonly everyMs: number }
  /** pass it on, then send the headers and half the body, and close the connection */
  | { readonly kind: 'cut' }
  /** pass it on (when `applied`), then answer this instead of the real reply */
  | {
      readonly kind: 'reply'
      readonly applied: boolean
      readonly reply: (real: HttpResponse | undefined) => HttpResponse
    }

/** Chooses the act for a request (undefined: behave). Called once per request, in arrival order. */
export type Actor = (req: HttpRequest) => HostileAct | undefined

// ── constructors ─────────────────────────────────────────────────────────────
/** `200 null`, `200 []`, a huge reply …: answered after the platform applied the request. */
export const absurdReply = (status: number, body: string, headers: Record<string, string> = {}): HostileAct => ({
  kind: 'reply',
  applied: true,
  reply: () => ({ status, headers: { 'content-type': 'application/json', ...headers }, body }),
})

/** A 429 with the given wait headers, the request not applied. */
export const rateLimitedReply = (headers: Record<string, string>): HostileAct => ({
  kind: 'reply',
  applied: false,
  reply: () => ({
    status: 429,
    headers: { 'content-type': 'application/json', ...headers },
    // both REST error shapes, and the cloud's envelope
    body: JSON.stringify({
      code: 429,
      message: 'slow down',
      errors: ['slow down'],
      Response: { Error: { Code: 'RequestLimitExceeded', Message: 'slow down' }, RequestId: 'hostile' },
    }),
  }),
})

/** Act on the first request `pick` accepts (e.g. the first create), behave on every other. */
export const once = (pick: (req: HttpRequest) => boolean, act: HostileAct): Actor => {
  let done = false
  return (req) => {
    if (done || !pick(req)) return undefined
    done = true
    return act
  }
}
