/** Body field checks with the cost platform's 400 texts: unknown keys, required keys, enums, types. */
import { scalarText } from '../../../src/core/scalar-text'
import { isYmd } from './dates'
import { fail, type Obj } from './reply'

export const allowOnly = (body: Obj, keys: ReadonlyArray<string> | ReadonlySet<string>): void => {
  const known = Array.isArray(keys)
    ? (k: string) => keys.includes(k)
    : (k: string) => (keys as ReadonlySet<string>).has(k)
  const extra = Object.keys(body).filter((k) => !known(k))
  if (extra.length) fail(400, ...extra.map((k) => `Unknown parameter: ${k}`))
}

export const requireKeys = (body: Obj, ...keys: string[]): void => {
  const missing = keys.filter((k) => body[k] === undefined || body[k] === null || body[k] === '')
  if (missing.length) fail(400, ...missing.map((k) => `${k} is required`))
}

export const oneOf = (
  body: Obj,
  key: string,
  values: ReadonlyArray<string>,
  opts: { caseInsensitive?: boolean } = {},
): void => {
  const v = body[key]
  if (v === undefined || v === null) return
  const ok = typeof v === 'string' && (opts.caseInsensitive ? values.includes(v.toLowerCase()) : values.includes(v))
  if (!ok) fail(400, `${key} must be one of: ${values.join(', ')}`)
}

const given = (v: unknown): boolean => v !== undefined && v !== null

export const arrayOf = (body: Obj, ...keys: string[]): void => {
  for (const k of keys)
    if (given(body[k]) && (!Array.isArray(body[k]) || (body[k] as unknown[]).some((x) => typeof x !== 'string')))
      fail(400, `${k} must be an array of strings`)
}

export const numberAt = (body: Obj, ...keys: string[]): void => {
  for (const k of keys) if (given(body[k]) && typeof body[k] !== 'number') fail(400, `${k} must be a number`)
}

export const dateAt = (body: Obj, ...keys: string[]): void => {
  for (const k of keys)
    if (given(body[k]) && !isYmd(scalarText(body[k]).slice(0, 10))) fail(400, `${k} must be a date (YYYY-MM-DD)`)
}
