/**
 * The hosting platform's wire conventions, shared by every hosting spec: JSON with snake_case keys
 * under `/api/v1`, lenient decoding (the platform's own Go client broke on missing "required"
 * fields, wire §6.12), default-team fallbacks, import ids whose parts must all be non-empty, and
 * the client-made `lastUpdated` stamp.
 */
import * as E from 'fp-ts/Either'
import type * as t from 'io-ts'
import { findingsFromErrors } from '../../../core/issue'
import { compositeId } from '../../../core/observe'
import { isRef } from '../../../core/ref'
import type { Identity } from '../../../core/spec'

// ── paths ────────────────────────────────────────────────────────────────────
export const API = '/api/v1'

/** `/api/v1/dns_zones/<id>/dns_records`: each dynamic part URI-encoded. */
export const apiPath = (strings: TemplateStringsArray, ...parts: ReadonlyArray<string>): string =>
  API + strings.reduce((acc, s, i) => acc + s + (i < parts.length ? encodeURIComponent(parts[i]) : ''), '')

// ── lenient reading of replies ───────────────────────────────────────────────
export type Json = Record<string, unknown>

export const asObject = (u: unknown): Json | undefined =>
  typeof u === 'object' && u !== null && !Array.isArray(u) ? (u as Json) : undefined

export const str = (u: unknown): string | undefined =>
  typeof u === 'string' ? u : typeof u === 'number' ? String(u) : undefined
export const num = (u: unknown): number | undefined =>
  typeof u === 'number'
    ? u
    : typeof u === 'string' && u.trim() !== '' && Number.isFinite(Number(u))
      ? Number(u)
      : undefined
export const bool = (u: unknown): boolean | undefined => (typeof u === 'boolean' ? u : undefined)
export const strings = (u: unknown): string[] | undefined =>
  Array.isArray(u) ? u.filter((x): x is string => typeof x === 'string') : undefined

/** A reply that must be an object with a string id. */
export const withId = (reply: unknown, what: string): E.Either<string, Json & { id: string }> => {
  const o = asObject(reply)
  const id = o ? str(o.id) : undefined
  return o && id ? E.right({ ...o, id }) : E.left(`expected ${what} with an id, got ${short(reply)}`)
}

export const short = (u: unknown): string => {
  try {
    const s = JSON.stringify(u)
    return s === undefined ? String(u) : s.length > 200 ? s.slice(0, 197) + '...' : s
  } catch {
    return String(u)
  }
}

/**
 * Decode a reply with a codec of its wire shape: lenient about fields left out (and nulls, where
 * the codec allows them), strict about fields of the wrong type. The error names each field.
 */
export const decodeReply = <A>(
  codec: t.Type<A, unknown, unknown>,
  what: string,
  reply: unknown,
): E.Either<string, A> => {
  const r = codec.decode(reply)
  if (E.isRight(r)) return r
  // a union (`string | null`) fails once per branch: one line per field, its branches joined
  const byPath = new Map<string, { expected: string[]; given: unknown }>()
  for (const f of findingsFromErrors(r.left)) {
    const at = byPath.get(f.path) ?? byPath.set(f.path, { expected: [], given: f.given }).get(f.path)!
    if (!at.expected.includes(f.expected)) at.expected.push(f.expected)
  }
  const problems = [...byPath]
    // a list whose item is wrong also fails its `null` branch: the item's line says it all
    .filter(([path], _, all) => !all.some(([p]) => p !== path && p.startsWith(path === '' ? '' : path + '.')))
    .slice(0, 5)
  // one sentence: what was wanted, then what came (the whole reply, or its wrong fields)
  const root = problems.find(([path]) => path === '')
  if (root) return E.left(`expected ${what}, got ${short(root[1].given)}`)
  const fields = problems.map(([path, f]) => `field \`${path}\` is ${short(f.given)}, not ${f.expected.join(' or ')}`)
  return E.left(`expected ${what} (${codec.name}), got a reply whose ${fields.join('; whose ')}`)
}

/** Keep only defined, non-null entries (what the platform's provider leaves out of bodies). */
export const compact = (o: Json): Json =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null))

// ── lastUpdated ──────────────────────────────────────────────────────────────
/**
 * `lastUpdated` is made up by the client (wire §2): the platform's own `updated_at` when the reply
 * has one, otherwise the time the reply was decoded.
 */
export const stamp = (reply: Json | undefined, now: () => Date = () => new Date()): string => {
  const u = reply ? str(reply.updated_at) : undefined
  return u && !u.startsWith('0001-') ? u : now().toISOString()
}

// ── default team ─────────────────────────────────────────────────────────────
const cfgString = (config: Readonly<Record<string, unknown>>, k: string): string | undefined =>
  typeof config[k] === 'string' && config[k] !== '' ? config[k] : undefined

export const defaultTeamId = (config: Readonly<Record<string, unknown>>): string | undefined =>
  cfgString(config, 'defaultTeamId')
export const defaultTeamSlug = (config: Readonly<Record<string, unknown>>): string | undefined =>
  cfgString(config, 'defaultTeamSlug')
export const hasDefaultTeam = (config: Readonly<Record<string, unknown>>): boolean =>
  defaultTeamId(config) !== undefined || defaultTeamSlug(config) !== undefined

/** The resource's own team id, else the provider's (filled in by `resolve` when only a slug was set). */
export const teamIdOr = (own: string | undefined, config: Readonly<Record<string, unknown>>, what: string): string => {
  const id = own ?? defaultTeamId(config)
  if (id === undefined)
    throw new Error(
      defaultTeamSlug(config) !== undefined
        ? `${what}: no teamId given and the default team slug ${JSON.stringify(defaultTeamSlug(config))} has not been resolved to an id (the hosting provider's resolve step did not run); set teamId or defaultTeamId`
        : `${what}: no teamId given and the hosting provider has no default team (set defaultTeamId or defaultTeamSlug)`,
    )
  return id
}

export const teamSlugOr = (
  own: string | undefined,
  config: Readonly<Record<string, unknown>>,
  what: string,
): string => {
  const slug = own ?? defaultTeamSlug(config)
  if (slug === undefined)
    throw new Error(
      `${what}: no teamSlug given and the hosting provider has no resolved default team slug (set defaultTeamSlug, or defaultTeamId and let the provider resolve it)`,
    )
  return slug
}

/** Rule finding for "field required unless a default team is configured"; refs count as given. */
export const needsTeam = (value: unknown, field: string, config: Readonly<Record<string, unknown>>) =>
  value === undefined && !hasDefaultTeam(config)
    ? [
        {
          path: field,
          expected: `a ${field} (required because the hosting provider has no defaultTeamId or defaultTeamSlug)`,
          given: value,
        },
      ]
    : []

/** A plain value a rule can look at (refs are unknown until apply). */
export const known = <A>(u: A): u is Exclude<A, undefined> => u !== undefined && !isRef(u)

// ── import ids ───────────────────────────────────────────────────────────────
type Part<I> = { readonly label: string; readonly field: (keyof I & string) | null }

/**
 * `<a>:<b>` import ids where every part must be non-empty (the platform's provider rejects empty
 * parts). The last part is the remote id, or with `whole` the entire string is.
 */
export const importIds = <I>(
  parts: ReadonlyArray<Part<I>>,
  alternatives: ReadonlyArray<ReadonlyArray<Part<I>>> = [],
  whole = false,
): Identity<I> => {
  const base = compositeId<I>(':', parts, whole ? -1 : parts.length - 1, alternatives)
  return {
    ...base,
    parseImportId: (s) =>
      s.split(':').some((p) => p.trim() === '') ? E.left('has an empty part') : base.parseImportId(s),
  }
}

// ── names ────────────────────────────────────────────────────────────────────
/** DNS names compare without a trailing dot and without case. */
export const dnsName = (s: string): string => s.replace(/\.+$/, '').toLowerCase()

/** Does the platform's fully-qualified `observed` name the same host as `given` (relative or absolute)? */
export const sameHost = (given: string, observed: string): boolean => {
  const g = dnsName(given)
  const o = dnsName(observed)
  return g === o || o.startsWith(g + '.')
}
