/**
 * The cost platform's wire conventions, shared by every cost spec: JSON objects with snake_case
 * keys under `/v2/<collection>`, POST to create, GET/PUT/DELETE by token, lists keyed by the
 * collection name and paged with `links.next`. Also the small normalisations the platform needs
 * (docs/wire/cost.md §6): comma-joined arrays, decimal strings, `null` for unset, server defaults.
 */
import * as t from 'io-ts'
import * as E from 'fp-ts/Either'
import { pipe } from 'fp-ts/function'
import { keysFromWire, keysToWire } from '../../../core/case'
import { observe } from '../../../core/observe'
import { isRef } from '../../../core/ref'
import { findingsFromErrors } from '../../../core/issue'
import type { Observed, ResourceWire, WireContext } from '../../../core/spec'
import { rest, type RestRequest, type WireRequest } from '../../../core/wire'

// ── resources ────────────────────────────────────────────────────────────────
export interface CostCrud<I, O> {
  /** `/v2/folders` */
  readonly path: string
  /** list key in the reply body: `folders` */
  readonly items: string
  readonly inputs: t.Type<I, unknown, unknown>
  readonly outputs: t.Type<O, unknown, unknown>
  /** spec name → wire name where the snake_case rule does not hold */
  readonly renames?: Readonly<Record<string, string>>
  /** where a create is POSTed when it is not `path` (`/v2/integrations/custom_provider`) */
  readonly createPath?: string
  /** spec inputs → create body (spec names); default: the inputs */
  readonly createBody?: (inputs: I) => Record<string, unknown>
  /** a request to send after the create, built from the create's reply (e.g. a follow-up PUT) */
  readonly afterCreate?: (inputs: I, reply: unknown) => WireRequest | undefined
  /** spec inputs → update body (spec names); default: the inputs minus createOnly */
  readonly updateBody?: (inputs: I, prior: I) => Record<string, unknown>
  /** inputs the update endpoint does not accept */
  readonly createOnly?: ReadonlyArray<keyof I & string>
  /** query sent with the read (`include_performance`) */
  readonly readQuery?: RestRequest['query']
  /**
   * platform object (spec names) → normalised object (e.g. comma-joined arrays split). `obj` is the
   * reply's own fresh copy, made for this call: it may be changed and given back. Fields may be
   * left undefined rather than deleted (the helpers below do so): only `observe` reads the result,
   * and it skips them.
   */
  readonly normalise?: (obj: Record<string, unknown>, sent: Partial<I>) => Record<string, unknown>
  /** false: no update endpoint */
  readonly update?: boolean
  /** 'forget': no delete endpoint */
  readonly delete?: 'forget'
  /** false: the list endpoint takes no paging parameters and has no `links` */
  readonly paged?: boolean
  /** false: a field removed from the stack is not sent as null on update (default: it is, so the platform clears it) */
  readonly clearRemoved?: boolean
  /** query of the list request (`provider=custom_provider`) */
  readonly listQuery?: RestRequest['query']
}

const enc = (token: string) => encodeURIComponent(token)

export const describeReply = (reply: unknown): string => JSON.stringify(reply)?.slice(0, 200) ?? String(reply)

export const costCrud = <I, O>(c: CostCrud<I, O>): ResourceWire<I, O> => {
  const body = (o: Record<string, unknown>) => keysToWire(o, c.renames)
  const decode = (
    reply: unknown,
    ctx: WireContext & { readonly inputs: Partial<I> },
  ): E.Either<string, Observed<I, O>> => {
    if (typeof reply !== 'object' || reply === null || typeof (reply as { token?: unknown }).token !== 'string')
      return E.left(`expected an object with a token, got ${describeReply(reply)}`)
    const raw = keysFromWire(reply, c.renames) as Record<string, unknown>
    const obj = c.normalise ? c.normalise(raw, ctx.inputs ?? {}) : raw
    return observe(c.inputs, c.outputs, obj, (reply as { token: string }).token, c.path)
  }
  const withoutCreateOnly = (i: I): Record<string, unknown> => {
    const o = { ...(i as Record<string, unknown>) }
    for (const k of c.createOnly ?? []) delete o[k]
    return o
  }
  // a PUT leaves out keys as they were: a field the user removed is sent as null to clear it
  const updateBody = (inputs: I, prior: I): Record<string, unknown> => {
    const b = { ...(c.updateBody ? c.updateBody(inputs, prior) : withoutCreateOnly(inputs)) }
    if (c.clearRemoved === false) return b
    const now = inputs as Record<string, unknown>
    for (const [k, v] of Object.entries(prior ?? {}))
      if (
        v !== undefined &&
        now[k] === undefined &&
        b[k] === undefined &&
        !(c.createOnly ?? []).includes(k as keyof I & string)
      )
        b[k] = null
    return b
  }
  const createPath = c.createPath ?? c.path
  return {
    create: (inputs): WireRequest => {
      const after = c.afterCreate
      // written out, not through rest() and a conditional spread: every create of an apply passes here
      const req: { -readonly [K in keyof RestRequest]: RestRequest[K] } = {
        _tag: 'Rest',
        method: 'POST',
        path: createPath,
        body: body(c.createBody ? c.createBody(inputs) : (inputs as Record<string, unknown>)),
      }
      if (after) req.then = (reply: unknown) => after(inputs, reply)
      return req
    },
    read: (id) => rest('GET', `${c.path}/${enc(id)}`, c.readQuery ? { query: c.readQuery } : {}),
    ...(c.update === false
      ? {}
      : {
          update: (id: string, inputs: I, ctx: { readonly prior: I }) =>
            rest('PUT', `${c.path}/${enc(id)}`, { body: body(updateBody(inputs, ctx.prior)) }),
        }),
    delete: c.delete === 'forget' ? 'forget' : (id) => rest('DELETE', `${c.path}/${enc(id)}`),
    decode,
    list: () => listRequest(c.path, c.items, { query: c.listQuery, paged: c.paged }),
  }
}

// ── normalisations (docs/wire/cost.md §6) ───────────────────────────────────────
/** `"cluster_id,namespace"` → `['cluster_id', 'namespace']`; `null`/`""` → undefined. */
export const splitCsv = (u: unknown): unknown =>
  typeof u === 'string' ? (u === '' ? undefined : u.split(',')) : u === null ? undefined : u

/** `"300.0"` → 300; other values unchanged (a non-numeric string stays as it is, so decode reports it). */
export const toNumber = (u: unknown): unknown => {
  if (typeof u === 'string' && u.trim() !== '' && Number.isFinite(Number(u))) return Number(u)
  return u === null || u === '' ? undefined : u
}

/** Equality of two numbers that may come as decimal strings. */
export const numericEquals = (a: unknown, b: unknown): boolean => {
  const x = toNumber(a)
  const y = toNumber(b)
  return typeof x === 'number' && typeof y === 'number' ? x === y : JSON.stringify(x) === JSON.stringify(y)
}

/** Case-insensitive string equality. */
export const caseInsensitiveEquals = (a: unknown, b: unknown): boolean =>
  typeof a === 'string' && typeof b === 'string' ? a.toLowerCase() === b.toLowerCase() : a === b

/** Query-language text equality that ignores surrounding whitespace and redundant outer parentheses. */
export const filterEquals = (a: unknown, b: unknown): boolean =>
  typeof a === 'string' && typeof b === 'string' ? stripParens(a) === stripParens(b) : a === b

const wrapped = (s: string): boolean => {
  if (!s.startsWith('(') || !s.endsWith(')')) return false
  let depth = 0
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '(') depth++
    else if (s[i] === ')') depth--
    if (depth === 0 && i < s.length - 1) return false
  }
  return true
}
const stripParens = (s: string): string => {
  let x = s.trim()
  while (wrapped(x)) x = x.slice(1, -1).trim()
  return x
}

// The helpers below take a field out of a normalised object by leaving it undefined, not by
// `delete`: a delete turns the object into a dictionary (allocated, and slow to read for `observe`,
// which skips undefined fields alike). Every reply of an apply passes through them.

/** Does the object have a field? (`sent` with none: an import or a listing.) No array of keys made to ask. */
export const hasFields = (o: Readonly<Record<string, unknown>>): boolean => {
  for (const _ in o) return true
  return false
}

/**
 * Keep a server-defaulted field only when the user set it or it differs from the server default,
 * so an unset field the server fills in does not show as a diff.
 */
export const keepIfSetOrNotDefault = (
  obj: Record<string, unknown>,
  sent: Record<string, unknown>,
  field: string,
  isDefault: (v: unknown) => boolean,
): void => {
  if (sent[field] !== undefined) return
  if (obj[field] === undefined || obj[field] === null || isDefault(obj[field])) obj[field] = undefined
}

/** Keep a field only when the user set it (server-computed values, e.g. dates of relative intervals). */
export const keepIfSent = (obj: Record<string, unknown>, sent: Record<string, unknown>, field: string): void => {
  if (sent[field] === undefined) obj[field] = undefined
}

/**
 * A value the server chose because the user gave none (e.g. the token's default workspace): not
 * the user's. After an import (nothing was sent) it is kept, so the state shows where the object is.
 */
export const dropServerChosen = (obj: Record<string, unknown>, sent: Record<string, unknown>, field: string): void => {
  if (sent[field] === undefined && hasFields(sent)) obj[field] = undefined
}

/** An empty array the user did not set is the same as no array (we always send arrays, §6.2). */
export const dropEmptyUnlessSent = (
  obj: Record<string, unknown>,
  sent: Record<string, unknown>,
  ...fields: string[]
): void => {
  for (let i = 0; i < fields.length; i++) {
    const f = fields[i]
    if (sent[f] === undefined && Array.isArray(obj[f]) && (obj[f] as unknown[]).length === 0) obj[f] = undefined
  }
}

/** Drop `null` values at every level (the platform returns `null` for unset fields). */
export const dropNullsDeep = (u: unknown): unknown => {
  if (Array.isArray(u)) return u.filter((x) => x !== null).map(dropNullsDeep)
  if (typeof u === 'object' && u !== null && Object.getPrototypeOf(u) === Object.prototype) {
    const o: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(u)) if (v !== null && v !== undefined) o[k] = dropNullsDeep(v)
    return o
  }
  return u
}

/** A value a rule may look at: present and not a ref. */
export const known = (u: unknown): boolean => u !== undefined && !isRef(u)

// ── lookups ──────────────────────────────────────────────────────────────────
/** Decode with a codec, errors as one readable line. */
export const decodeWith = <A>(codec: t.Type<A, unknown, unknown>, what: string, u: unknown): E.Either<string, A> =>
  pipe(
    codec.decode(u),
    E.mapLeft((errs) =>
      findingsFromErrors(errs)
        .slice(0, 5)
        .map(
          (f) =>
            `${what}${f.path ? ' field `' + f.path + '`' : ''}: expected ${f.expected}, got ${describeReply(f.given)}`,
        )
        .join('; '),
    ),
  )

/** The result codec of a list lookup: `{ <key>: Item[], id? }`. */
export const listResult = <K extends string, C extends t.Mixed>(name: string, key: K, item: C, extra: t.Props = {}) =>
  t.exact(
    t.intersection([
      t.type({ [key]: t.array(item) } as { [P in K]: t.ArrayC<C> }),
      t.partial({ id: t.string, ...extra }),
    ]),
    name,
  ) as unknown as t.Type<{ [P in K]: Array<t.TypeOf<C>> } & { id?: string }, unknown, unknown>

/** The paged GET of a whole collection (`limit=1000`, following `links.next`). */
export const listRequest = (
  path: string,
  items: string,
  opts: { readonly query?: RestRequest['query']; readonly max?: number; readonly paged?: boolean } = {},
): RestRequest =>
  rest('GET', path, {
    ...(opts.query ? { query: opts.query } : {}),
    paginate:
      opts.paged === false
        ? { items, paged: false }
        : { items, pageSize: 1000, ...(opts.max !== undefined ? { max: opts.max } : {}) },
  })

/** The items of a reply: the client gives every item of every page (an array), or one page's body. */
export const itemsOf = (reply: unknown, items: string): E.Either<string, unknown[]> => {
  if (Array.isArray(reply)) return E.right(reply)
  if (typeof reply === 'object' && reply !== null && Array.isArray((reply as Record<string, unknown>)[items]))
    return E.right((reply as Record<string, unknown[]>)[items])
  return E.left(`expected a list of ${items}, got ${describeReply(reply)}`)
}

/** Wire items → spec-named items (nulls dropped, renames applied, per-item normalisation). */
export const itemsFromWire = (
  raw: ReadonlyArray<unknown>,
  renames: Readonly<Record<string, string>> = {},
  normalise: (o: Record<string, unknown>) => Record<string, unknown> = (o) => o,
): Record<string, unknown>[] =>
  raw.map((x) => {
    const o = normalise(keysFromWire(dropNullsDeep(x), renames) as Record<string, unknown>)
    for (const k of Object.keys(o)) if (o[k] === undefined) delete o[k]
    return o
  })
