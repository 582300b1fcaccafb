/**
 * The cloud platform's wire conventions, shared by every cloud spec (docs/wire/cloud.md §1): signed
 * actions per service and version, the `Response` envelope (API-gateway payloads mostly under
 * `Result`), PascalCase field tables, `#`-joined composite ids with empty parts kept, and
 * multi-action sequences (create → wait → configure → read) expressed as one WireRequest chain.
 * G<n>: the numbered gotchas of docs/wire/cloud.md §5.
 */
import * as E from 'fp-ts/Either'
import * as t from 'io-ts'
import {
  action,
  describeRequest,
  platformError,
  type ActionRequest,
  type Paginate,
  type PlatformError,
  type Poll,
  type WireRequest,
} from '../../../core/wire'
import { isRef } from '../../../core/ref'
import type { Identity, Settled, SharedItems } from '../../../core/spec'

// ── services ─────────────────────────────────────────────────────────────────
export interface Service {
  readonly service: string
  readonly version: string
}

export const VPC: Service = { service: 'vpc', version: '2017-03-12' }
export const ANTIDDOS: Service = { service: 'antiddos', version: '2020-03-09' }
export const APIGW: Service = { service: 'apigateway', version: '2018-08-08' }
export const TAG: Service = { service: 'tag', version: '2018-08-13' }
export const STS: Service = { service: 'sts', version: '2018-08-13' }

type Extra = Omit<ActionRequest, '_tag' | 'service' | 'version' | 'action' | 'params'>

/** Absent values are dropped: the platform wants omitted fields, not nulls. */
const clean = (params: Readonly<Record<string, unknown>>): Record<string, unknown> => {
  const o: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(params)) if (v !== undefined) o[k] = v
  return o
}

export const call = (
  svc: Service,
  name: string,
  params: Readonly<Record<string, unknown>> = {},
  extra: Extra = {},
): ActionRequest => action(svc.service, svc.version, name, clean(params), extra)

export const apigw = (name: string, params: Readonly<Record<string, unknown>> = {}, extra: Extra = {}) =>
  call(APIGW, name, params, extra)
export const vpc = (name: string, params: Readonly<Record<string, unknown>> = {}, extra: Extra = {}) =>
  call(VPC, name, params, extra)
export const antiddos = (name: string, params: Readonly<Record<string, unknown>> = {}, extra: Extra = {}) =>
  call(ANTIDDOS, name, params, extra)
export const tag = (name: string, params: Readonly<Record<string, unknown>> = {}, extra: Extra = {}) =>
  call(TAG, name, params, extra)

// ── envelope ─────────────────────────────────────────────────────────────────
type Obj = Record<string, unknown>
export const isObj = (u: unknown): u is Obj => typeof u === 'object' && u !== null && !Array.isArray(u)

/** The action's fields: a reply may come with or without its `{ Response: … }` envelope. */
export const responseOf = (reply: unknown): Obj => {
  if (!isObj(reply)) return {}
  return isObj(reply.Response) ? reply.Response : reply
}

/** API-gateway payloads live under `Result`; a few actions are flat (§1.4). */
export const resultOf = (reply: unknown): Obj => {
  const r = responseOf(reply)
  return isObj(r.Result) ? r.Result : r
}

/** A list field of an object ([] when absent or null, which the platform does for "none"). */
export const listOf = (o: unknown, key: string): ReadonlyArray<unknown> => {
  if (!isObj(o)) return []
  const v = key.split('.').reduce<unknown>((acc, k) => (isObj(acc) ? acc[k] : undefined), o)
  return Array.isArray(v) ? v : []
}

export const str = (u: unknown): string | undefined => (typeof u === 'string' ? u : undefined)
export const num = (u: unknown): number | undefined =>
  typeof u === 'number'
    ? u
    : typeof u === 'string' && u.trim() !== '' && Number.isFinite(Number(u))
      ? Number(u)
      : undefined
export const bool = (u: unknown): boolean | undefined => (typeof u === 'boolean' ? u : undefined)

// ── field tables ─────────────────────────────────────────────────────────────
/**
 * spec name → wire path. A dotted path nests (`requestConfigPath` → `RequestConfig.Path`).
 * Values pass through `keysToPascal` so nested spec objects become PascalCase objects.
 */
export type FieldTable = Readonly<Record<string, string>>

export const pascal = (s: string): string => (s === '' ? s : s[0].toUpperCase() + s.slice(1))
export const camel = (s: string): string => (s === '' ? s : s[0].toLowerCase() + s.slice(1))

/** spec object keys → PascalCase, every level; `renames` maps spec names to wire names. */
export const keysToPascal = (u: unknown, renames: Readonly<Record<string, string>> = {}): unknown => {
  if (Array.isArray(u)) return u.map((x) => keysToPascal(x, renames))
  if (isObj(u) && Object.getPrototypeOf(u) === Object.prototype) {
    const o: Obj = {}
    for (const [k, v] of Object.entries(u)) if (v !== undefined) o[renames[k] ?? pascal(k)] = keysToPascal(v, renames)
    return o
  }
  return u
}

/** PascalCase keys → spec names, every level; `renames` maps spec names to wire names. */
export const keysFromPascal = (u: unknown, renames: Readonly<Record<string, string>> = {}): unknown => {
  const back: Record<string, string> = Object.fromEntries(Object.entries(renames).map(([a, b]) => [b, a]))
  const go = (x: unknown): unknown => {
    if (Array.isArray(x)) return x.map(go)
    if (isObj(x)) {
      const o: Obj = {}
      for (const [k, v] of Object.entries(x)) if (v !== null) o[back[k] ?? camel(k)] = go(v)
      return o
    }
    return x
  }
  return go(u)
}

/** Spec values → wire params through a field table (fields not in the table are left out). */
export const toWire = (
  table: FieldTable,
  values: Readonly<Record<string, unknown>>,
  renames: Readonly<Record<string, string>> = {},
): Obj => {
  const out: Obj = {}
  for (const [field, path] of Object.entries(table)) {
    const v = values[field]
    if (v === undefined) continue
    const keys = path.split('.')
    let at = out
    for (const k of keys.slice(0, -1)) at = isObj(at[k]) ? at[k] : (at[k] = {})
    at[keys[keys.length - 1]] = keysToPascal(v, renames)
  }
  return out
}

/** Wire object → spec values through a field table (null and absent values are left out). */
export const fromWire = (table: FieldTable, obj: unknown, renames: Readonly<Record<string, string>> = {}): Obj => {
  const out: Obj = {}
  for (const [field, path] of Object.entries(table)) {
    const v = path.split('.').reduce<unknown>((acc, k) => (isObj(acc) ? acc[k] : undefined), obj)
    if (v === undefined || v === null) continue
    out[field] = keysFromPascal(v, renames)
  }
  return out
}

/** `[{Name, Values}]` filters from spec values; empty values are left out (§1.6: AND of filters). */
export const filters = (
  pairs: ReadonlyArray<readonly [string, string | ReadonlyArray<string> | undefined]>,
): Array<{ Name: string; Values: string[] }> =>
  pairs
    .filter(([, v]) => v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0))
    .map(([Name, v]) => ({ Name, Values: Array.isArray(v) ? [...(v as ReadonlyArray<string>)] : [v as string] }))

// ── composite ids ────────────────────────────────────────────────────────────
/** The engine's field separator (`FILED_SP`). */
export const SEP = '#'

export const joinId = (...parts: ReadonlyArray<string | undefined>): string => parts.map((p) => p ?? '').join(SEP)

/** Split a composite id into exactly `labels.length` parts (empty parts kept). */
export const splitId = (id: string, labels: ReadonlyArray<string>): E.Either<string, ReadonlyArray<string>> => {
  const parts = id.split(SEP)
  return parts.length === labels.length
    ? E.right(parts)
    : E.left(`has ${parts.length} part${parts.length === 1 ? '' : 's'} separated by "${SEP}", not ${labels.length}`)
}

/** The parts of a composite id, or throw (inside wire functions, where the id came from us). */
export const partsOf = (id: string, labels: ReadonlyArray<string>): ReadonlyArray<string> => {
  const r = splitId(id, labels)
  if (E.isLeft(r)) throw new Error(`the id ${JSON.stringify(id)} ${r.left} (${labels.map((l) => `<${l}>`).join(SEP)})`)
  return r.right
}

/** Import by a platform id with a known prefix (`service-…`, `api-…`). */
export const prefixedId = <I>(prefix: string, what: string): Identity<I> => ({
  importFormat: `<${what}> (${prefix}…)`,
  parseImportId: (s) =>
    s.startsWith(prefix) && s.length > prefix.length && !/[\s#]/.test(s)
      ? E.right({ id: s })
      : E.left(!s.startsWith(prefix) || s.length === prefix.length ? `is not a ${what}` : 'has a space or a #'),
  printImportId: (id) => id,
})

/** Import by a platform id without a fixed prefix (an access key id of lo..hi characters). */
export const prefixedIdLoose = <I>(what: string, lo: number, hi: number): Identity<I> => ({
  importFormat: `<${what}>`,
  parseImportId: (s) =>
    s.length >= lo && s.length <= hi && !/[\s#]/.test(s)
      ? E.right({ id: s })
      : E.left(/[\s#]/.test(s) ? 'has a space or a #' : `has ${s.length} characters`),
  printImportId: (id) => id,
})

// ── paging and waits ─────────────────────────────────────────────────────────
/** Offset/Limit paging (§1.6): `items` is the dotted path of the item array in each reply. */
export const pages = (items: string, pageSize = 100): Paginate => ({ items, pageSize })

/** The waits' bounds: a write's acknowledgement, an object becoming visible, the looks for a lost create. */
export const WAIT_ACKNOWLEDGED_MS = 300_000
export const WAIT_VISIBLE_MS = 180_000
export const WAIT_LOOK_MS = 60_000

/** A `Result: true` acknowledgement (writes answer `Result: false` when not applied yet, G2). */
export const acknowledged = (reply: unknown): boolean => responseOf(reply).Result === true

/**
 * Repeat an idempotent write until it is acknowledged (G2), up to the write timeout (5 minutes).
 * `notFound: 'end'` for a delete's write: there NotFound means gone, not "not visible yet".
 */
export const untilAcknowledged = (what: string, notFound: Poll['notFound'] = 'wait'): Poll => ({
  what,
  until: acknowledged,
  timeoutMs: WAIT_ACKNOWLEDGED_MS,
  intervalMs: 2000,
  notFound,
})

/** The waits after create (G1): a few minutes, polling every second. */
export const visible = (what: string, until: (reply: unknown) => boolean, timeoutMs = WAIT_VISIBLE_MS): Poll => ({
  what,
  until,
  timeoutMs,
  intervalMs: 1000,
})

/** Looks a lost create's object gets before "it was not made" is believed (G1: listings lag too). */
export const FIND_LOOKS = 5

/**
 * Look again, a few times, for an object the platform may not list yet (G1): the poll ends when
 * `found(reply)` holds or after `looks` looks, whichever comes first — never with a timeout
 * error for an object that simply does not exist. The time bound only catches a listing that
 * keeps answering NotFound (which the poll waits out).
 */
export const lookAgain = (
  what: string,
  found: (reply: unknown) => boolean,
  looks = FIND_LOOKS,
  intervalMs = 1000,
): Poll => {
  let n = 0
  return { what, until: (reply) => found(reply) || ++n >= looks, timeoutMs: WAIT_LOOK_MS, intervalMs }
}

// ── sequences ────────────────────────────────────────────────────────────────
/**
 * Several actions as one WireRequest: each step's request is built from the replies so far
 * (named by step), a step may be skipped (undefined) or repeat itself for the next page
 * (`more`). The replies are attached to the final reply under STEPS so `decode` sees all of
 * them; a reply without them (a list item, an example) is decoded on its own.
 */
export const STEPS = Symbol.for('trellis.cloud.steps')
export type Steps = Readonly<Record<string, unknown>>

export interface Step {
  readonly name: string
  readonly request: (acc: Steps) => WireRequest | undefined
  /** the next page of this step; replies are gathered into an array under `name` */
  readonly more?: (reply: unknown, acc: Steps, page: number) => WireRequest | undefined
  /** after the step (every page): a message when what it saw means the object is gone */
  readonly absent?: (acc: Steps) => string | undefined
  /** after the step: a message when what it saw forbids going on (a failed pre-check) */
  readonly refuse?: (acc: Steps) => string | undefined
  /**
   * a listing of a parent that the reads of one refresh may share (`Shares`): its request does not
   * depend on `acc` and pages whole, so its reply is the items. Handed over, the items stand for its
   * reply; otherwise `send` sends it as any step and `skip` passes over it (a later step stands in)
   */
  readonly shared?: 'send' | 'skip'
}

/**
 * Marks the failure of a read whose replies show the object no longer exists although no action
 * failed (an empty listing, an environment no longer released). The chain stops with a Malformed
 * error carrying this mark; `isGone` recognises it.
 */
export const GONE_MARK = '[object gone]'
export const isGone = (e: PlatformError): boolean => e.kind === 'NotFound' || e.message.includes(GONE_MARK)

/** A step paging with Offset/Limit until a page is shorter than the limit (G14: not TotalCount). */
export const pagedStep = (
  name: string,
  build: (offset: number, limit: number, acc: Steps) => WireRequest | undefined,
  items: string,
  limit = 100,
): Step => ({
  name,
  request: (acc) => build(0, limit, acc),
  more: (reply, acc, page) =>
    listOf(responseOf(reply), items).length < limit ? undefined : build((page + 1) * limit, limit, acc),
})

/** A step repeated once per item (e.g. DescribeApi for every listed api). */
export const eachStep = (name: string, requests: (acc: Steps) => ReadonlyArray<WireRequest>): Step => {
  let list: ReadonlyArray<WireRequest> = []
  return {
    name,
    request: (acc) => {
      list = requests(acc)
      return list[0]
    },
    more: (_reply, _acc, page) => list[page + 1],
  }
}

export const attachSteps = (reply: unknown, acc: Steps): void => {
  if (typeof reply === 'object' && reply !== null && !Object.isFrozen(reply))
    Object.defineProperty(reply, STEPS, { value: acc, enumerable: false, configurable: true })
}

export const stepsOf = (reply: unknown): Steps | undefined =>
  typeof reply === 'object' && reply !== null
    ? ((reply as Record<symbol, unknown>)[STEPS] as Steps | undefined)
    : undefined

/** `extra`: values decode needs besides the replies (e.g. the version in a read's id). */
export const sequence = (steps: ReadonlyArray<Step>, extra: Readonly<Record<string, unknown>> = {}): WireRequest => {
  const r = sequenceWith(steps, extra)
  if (r._tag === 'Settled') throw new Error('sequence: no step to run')
  return r
}

/**
 * A sequence given the items of the shared listings it needs (`Shares.read`): those steps are not
 * sent. When nothing is left to send, the read is settled here: its reply (the steps attached), or
 * the error a step's `absent` or `refuse` makes of what was handed over.
 */
export const sequenceWith = (
  steps: ReadonlyArray<Step>,
  extra: Readonly<Record<string, unknown>> = {},
  given: SharedItems = {},
): WireRequest | Settled => {
  const acc: Record<string, unknown> = {}
  const pageCount: Record<string, number> = {}
  // after a step (every page): is the object gone, or may the sequence not go on?
  const check = (s: Step): void => {
    const missing = s.absent?.(acc)
    if (missing !== undefined) throw new Error(`${GONE_MARK} ${missing}`)
    const refused = s.refuse?.(acc)
    if (refused !== undefined) throw new Error(refused)
  }
  const withThen = (j: number, r: WireRequest): WireRequest => ({
    ...r,
    then: (reply: unknown) => {
      const s = steps[j]
      const page = pageCount[s.name] ?? 0
      if (s.more) acc[s.name] = [...((page === 0 ? [] : (acc[s.name] as unknown[])) ?? []), reply]
      else acc[s.name] = reply
      const again = s.more?.(reply, acc, page)
      if (again) {
        pageCount[s.name] = page + 1
        return withThen(j, again)
      }
      check(s)
      const next = from(j + 1)
      if (!next) attachSteps(reply, { ...extra, ...acc })
      return next
    },
  })
  const from = (i: number): WireRequest | undefined => {
    for (let j = i; j < steps.length; j++) {
      const s = steps[j]
      pageCount[s.name] = 0
      if (s.shared && Object.prototype.hasOwnProperty.call(given, s.name)) {
        acc[s.name] = given[s.name]
        check(s)
        continue
      }
      if (s.shared === 'skip') continue
      const r = s.request(acc)
      if (r) return withThen(j, r)
    }
    return undefined
  }
  let first: WireRequest | undefined
  try {
    first = from(0)
  } catch (e) {
    // what was handed over already answers: the object is gone, or the read refused
    const step = steps.find((s) => s.shared && Object.prototype.hasOwnProperty.call(given, s.name))
    const what = step ? describeRequest(step.request({})!) : 'sequence'
    return {
      _tag: 'Settled',
      result: E.left(platformError('Malformed', what, e instanceof Error ? e.message : String(e))),
    }
  }
  if (first) return first
  if (Object.keys(acc).length === 0) throw new Error('sequence: no step to run')
  const reply = {}
  attachSteps(reply, { ...extra, ...acc })
  return { _tag: 'Settled', result: E.right(reply) }
}

/** The items of a shared step (`Step.shared`): its reply, paged whole ([] when it was not run). */
export const sharedOf = (steps: Steps | undefined, name: string): ReadonlyArray<unknown> => {
  const v = steps?.[name]
  return Array.isArray(v) ? v : []
}

/** The requests of a sequence's shared steps, by name (`Shares.requests`). */
export const sharedRequests = (steps: ReadonlyArray<Step>): Readonly<Record<string, WireRequest>> => {
  const out: Record<string, WireRequest> = {}
  for (const s of steps) {
    const r = s.shared ? s.request({}) : undefined
    if (r) out[s.name] = r
  }
  return out
}

/** The replies of a paged or repeated step, as one array of replies. */
export const repliesOf = (steps: Steps | undefined, name: string): ReadonlyArray<unknown> => {
  const v = steps?.[name]
  return Array.isArray(v) ? v : v === undefined ? [] : [v]
}

/** Every item of a paged step (`items` is the dotted path inside each page's Response). */
export const itemsOf = (steps: Steps | undefined, name: string, items: string): ReadonlyArray<unknown> =>
  repliesOf(steps, name).flatMap((r) => listOf(responseOf(r), items))

// ── rules helpers ────────────────────────────────────────────────────────────
/** A plain value, not a ref still to be resolved: rules check only these. */
export const known = <A>(u: A): u is Exclude<A, undefined> => u !== undefined && !isRef(u)

/** JSON semantic equality (key order and whitespace are no diff). */
export const jsonEquals = (a: unknown, b: unknown): boolean => {
  if (typeof a !== 'string' || typeof b !== 'string') return a === b
  try {
    return canonical(JSON.parse(a)) === canonical(JSON.parse(b))
  } catch {
    return a === b
  }
}

const canonical = (u: unknown): string =>
  Array.isArray(u)
    ? `[${u.map(canonical).join(',')}]`
    : isObj(u)
      ? `{${Object.keys(u)
          .sort()
          .map((k) => `${JSON.stringify(k)}:${canonical(u[k])}`)
          .join(',')}}`
      : JSON.stringify(u)

/** Set equality for lists the platform returns in its own order (TF TypeSet fields). */
export const sameSet = (a: unknown, b: unknown): boolean => {
  if (!Array.isArray(a) || !Array.isArray(b)) return a === b
  const ka = a.map(canonical).sort()
  const kb = b.map(canonical).sort()
  return ka.length === kb.length && ka.every((x, i) => x === kb[i])
}

// ── lookups ──────────────────────────────────────────────────────────────────
/** Every lookup also takes `resultOutputFile` (the engine writes the result there) and `id`. */
export const lookupArgs = <R extends t.Props, O extends t.Props>(name: string, required: R, optional: O) =>
  t.exact(
    t.intersection([
      t.type(required),
      t.partial({
        ...optional,
        /** A path where the result is also saved, as JSON (the engine writes it after the lookup). */
        resultOutputFile: t.string,
        /** An id for the lookup (optional; the result's `id` is computed from what it finds). */
        id: t.string,
      }),
    ]),
    name,
  )

/** A lookup result: the named fields plus the optional `id`. */
export const lookupResult = <R extends t.Props, O extends t.Props>(name: string, required: R, optional: O) =>
  t.exact(
    t.intersection([
      t.type(required),
      t.partial({
        ...optional,
        /** The lookup's id, computed from what it found or from its arguments. */
        id: t.string,
      }),
    ]),
    name,
  )

/** The items of a paginated reply (an array), or of one page given as an example reply. */
export const itemsFrom = (reply: unknown, key: string): ReadonlyArray<unknown> =>
  Array.isArray(reply) ? reply : listOf(responseOf(reply), key)

/** CRC-32 (IEEE) as an unsigned decimal string. */
export const crc32 = (s: string): string => {
  let c = 0xffffffff
  for (const byte of Buffer.from(s, 'utf8')) {
    c ^= byte
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1
  }
  return String((c ^ 0xffffffff) >>> 0)
}

/** The engine's id of a lookup over a set of objects: CRC-32 of every id followed by `-`. */
export const idsHash = (ids: ReadonlyArray<string>): string => crc32(ids.map((i) => `${i}-`).join(''))

/** Several requests (e.g. one per listed object), each paged with Offset/Limit until a short page. */
export const eachPagedStep = (
  name: string,
  builders: (acc: Steps) => ReadonlyArray<(offset: number, limit: number) => WireRequest>,
  items: string,
  limit = 100,
): Step => {
  let list: ReadonlyArray<(offset: number, limit: number) => WireRequest> = []
  let idx = 0
  let offset = 0
  return {
    name,
    request: (acc) => {
      list = builders(acc)
      idx = 0
      offset = 0
      return list[0]?.(0, limit)
    },
    more: (reply) => {
      if (listOf(responseOf(reply), items).length >= limit) {
        offset += limit
        return list[idx](offset, limit)
      }
      idx++
      offset = 0
      return idx < list.length ? list[idx](0, limit) : undefined
    },
  }
}

/** Plain PascalCase object → camelCase spec object; null values dropped (the platform's "unset"). */
export const camelObject = (u: unknown, renames: Readonly<Record<string, string>> = {}): Record<string, unknown> =>
  isObj(u) ? (keysFromPascal(u, renames) as Record<string, unknown>) : {}

/** A single object the engine exposes as a list of 0 or 1 element (MaxItems-1 blocks). */
export const asList = (u: unknown, renames: Readonly<Record<string, string>> = {}): Array<Record<string, unknown>> =>
  isObj(u) ? [camelObject(u, renames)] : []
