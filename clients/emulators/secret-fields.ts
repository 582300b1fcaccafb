/**
 * Secret fields of what an emulator holds (API key secrets, log-drain URLs and authorization
 * headers, secret env values, …): in a data file they are kept only sealed, the way state keeps a
 * secret (src/core/protector.ts: AES-256-GCM plus a keyed digest), and opened again on load so the
 * emulator answers as before. Paths are read on a snapshot's JSON: a holding's name (which may
 * hold dots), then keys, `*` for any key, list index or map entry.
 */
import { isProtected, type Protector } from '../../src/core/protector'
import { reveal } from '../../src/core/secret'

// ── model ────────────────────────────────────────────────────────────────────
export interface SecretField {
  /** `<holding>.<key>.<key>…`, `*` for any (e.g. `logDrains.*.service_config.authorization_header`) */
  readonly path: string
  /** only in the holding's entries that pass (e.g. the env vars marked secret) */
  readonly when?: (entry: unknown) => boolean
}

type Data = Readonly<Record<string, unknown>>

// ── walking a snapshot ───────────────────────────────────────────────────────
const isObj = (u: unknown): u is Record<string, unknown> => typeof u === 'object' && u !== null && !Array.isArray(u)

/** The value with `f` applied at every place the path names (the snapshot's Map and Set encodings walked through). */
const at = (
  value: unknown,
  segs: ReadonlyArray<string>,
  f: (v: unknown) => unknown,
  when?: (entry: unknown) => boolean,
  i = 0,
): unknown => {
  if (i === segs.length) return value === undefined || value === null ? value : f(value)
  const seg = segs[i]
  const fits = (k: unknown) => seg === '*' || seg === String(k)
  // the entry a `when` looks at is the one right under the holding
  const next = (v: unknown) => (i === 1 && when && !when(v) ? v : at(v, segs, f, when, i + 1))
  if (isObj(value) && Array.isArray(value.$map) && Object.keys(value).length === 1)
    return { $map: (value.$map as Array<[unknown, unknown]>).map(([k, v]) => [k, fits(k) ? next(v) : v]) }
  if (isObj(value) && Array.isArray(value.$set) && Object.keys(value).length === 1)
    return { $set: (value.$set as unknown[]).map((v, n) => (fits(n) ? next(v) : v)) }
  if (Array.isArray(value)) return (value as unknown[]).map((v, n) => (fits(n) ? next(v) : v))
  if (isObj(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fits(k) ? next(v) : v]))
  return value
}

const each = (data: Data, fields: ReadonlyArray<SecretField>, f: (v: unknown) => unknown): Data => {
  let out: Record<string, unknown> = { ...data }
  for (const field of fields) {
    // a holding's own name may hold dots (`apigateway.keys`): the longest that starts the path
    const holding = Object.keys(out)
      .filter((k) => field.path.startsWith(`${k}.`))
      .sort((a, b) => b.length - a.length)[0]
    if (holding === undefined) continue
    const segs = ['', ...field.path.slice(holding.length + 1).split('.')]
    out = { ...out, [holding]: at(out[holding], segs, f, field.when, 1) }
  }
  return out
}

// ── interpreters ─────────────────────────────────────────────────────────────
/** How many secret fields hold a value not sealed yet. */
export const unsealedCount = (data: Data, fields: ReadonlyArray<SecretField>): number => {
  let n = 0
  each(data, fields, (v) => {
    if (!isProtected(v)) n++
    return v
  })
  return n
}

/** A snapshot's data with every secret field sealed. */
export const sealSecrets = (data: Data, fields: ReadonlyArray<SecretField>, p: Protector): Data =>
  each(data, fields, (v) => (isProtected(v) ? v : p.protect(v)))

/**
 * A snapshot's data with every sealed field opened; a field sealed with another key is an error
 * naming where, since an emulator answering with a lost secret would show as drift everywhere.
 */
export const openSecrets = (data: Data, fields: ReadonlyArray<SecretField>, p: Protector, where: string): Data =>
  each(data, fields, (v) => {
    if (!isProtected(v)) return v
    const s = p.unprotect(v)
    if (!s)
      throw new Error(
        `${where}: a secret in it was sealed with another key (the key file beside it, or TRELLIS_PASSPHRASE, changed); put the key back or move the data file away to start with empty emulators`,
      )
    return reveal(s)
  })
