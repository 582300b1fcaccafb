/**
 * The shape shared by the cost lookups that list one collection (`getWorkspaces`, `getTeams`, …):
 * no arguments (or a few query filters), one paged GET that follows `links.next` until the end —
 * the spec says they return every visible object, where the original provider read only page one —
 * and a result `{ <key>: Item[] }` in spec names.
 */
import * as t from 'io-ts'
import * as E from 'fp-ts/Either'
import { pipe } from 'fp-ts/function'
import { defineLookup, type LookupSpec } from '../../../core/spec'
import type { RestRequest } from '../../../core/wire'
import { decodeWith, itemsFromWire, itemsOf, listRequest, listResult } from './wire'

/** Arguments of a lookup that takes none: an empty object; any field is reported by name. */
export const NoArgs = (name: string): t.Type<Record<string, never>, Record<string, never>, unknown> => {
  const none = new t.Type<undefined>(
    'no field (this lookup takes no arguments)',
    (u): u is undefined => u === undefined,
    (u, c) => (u === undefined ? t.success(undefined) : t.failure(u, c)),
    t.identity,
  )
  return new t.Type<Record<string, never>, Record<string, never>, unknown>(
    name,
    (u): u is Record<string, never> =>
      typeof u === 'object' && u !== null && Object.values(u).every((v) => v === undefined),
    (u, c) => {
      if (u === undefined) return t.success({})
      if (typeof u !== 'object' || u === null || Array.isArray(u)) return t.failure(u, c)
      const extra = Object.entries(u).find(([, v]) => v !== undefined)
      return extra ? t.failure(extra[1], [...c, { key: extra[0], type: none, actual: extra[1] }]) : t.success({})
    },
    t.identity,
  )
}

export interface CollectionLookup<A, K extends string, C extends t.Mixed> {
  readonly token: string
  readonly doc: string
  /** `/v2/workspaces` */
  readonly path: string
  /** key of the item array on the wire: `workspaces` */
  readonly items: string
  /** key of the item array in the result: `workspaces` (`filters` for saved filters) */
  readonly key: K
  /** item codec in spec names (extra wire fields are dropped) */
  readonly item: C
  /** the args codec; default: no arguments */
  readonly args?: t.Type<A, unknown, unknown>
  /** args → query parameters */
  readonly query?: (args: A) => RestRequest['query']
  /** result fields beyond the list (echoed args) */
  readonly extra?: t.Props
  readonly echo?: (args: A) => Record<string, unknown>
  readonly renames?: Readonly<Record<string, string>>
  readonly normalise?: (o: Record<string, unknown>) => Record<string, unknown>
  /** each item also carries `id`: its token (the spec's lookups of this kind address items by id) */
  readonly idFromToken?: boolean
  /** false: the endpoint has no paging (no `links`) */
  readonly paged?: boolean
  readonly max?: number
  readonly secrets?: ReadonlyArray<string>
  readonly example: {
    readonly reply: unknown
    readonly result: { [P in K]: Array<t.TypeOf<C>> } & Record<string, unknown>
    readonly valid?: A
    readonly invalid?: ReadonlyArray<readonly [unknown, string]>
  }
}

const capital = (s: string) => s[0].toUpperCase() + s.slice(1)

export const collectionLookup = <A = Record<string, never>, K extends string = string, C extends t.Mixed = t.Mixed>(
  c: CollectionLookup<A, K, C>,
): LookupSpec<A, { [P in K]: Array<t.TypeOf<C>> } & { id?: string }> => {
  const fn = c.token.split(':')[1]
  const args = (c.args ?? NoArgs(`${capital(fn)}Args`)) as t.Type<A, unknown, unknown>
  const result = listResult(`${capital(fn)}Result`, c.key, c.item, c.extra)
  const normalise = (o: Record<string, unknown>) => {
    const x = c.normalise ? c.normalise(o) : o
    return c.idFromToken ? { ...x, id: x.token } : x
  }
  return defineLookup({
    token: c.token,
    doc: c.doc,
    args,
    result,
    secrets: c.secrets ?? [],
    rules: [],
    wire: {
      request: (a) => listRequest(c.path, c.items, { query: c.query?.(a), max: c.max, paged: c.paged }),
      decode: (reply, a) =>
        pipe(
          itemsOf(reply, c.items),
          E.map((raw) => ({ ...(c.echo ? c.echo(a) : {}), [c.key]: itemsFromWire(raw, c.renames, normalise) })),
          E.chain((r) => decodeWith(result, `${c.path} reply`, r)),
        ),
    },
    examples: {
      valid: (c.example.valid ?? {}) as A,
      invalid: c.example.invalid ?? [[{ unexpected: 1 }, 'unexpected']],
      result: c.example.result,
      reply: c.example.reply,
    },
  })
}
