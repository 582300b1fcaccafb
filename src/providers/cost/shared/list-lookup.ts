/**
 * The shape shared by the cost lookups that list one collection (`getWorkspaces`, `getTeams`, …):
 * no arguments (or a few query filters), one paged GET that follows `links.next` until the end —
 * the spec says they return every visible object, where the original provider read only page one —
 * and a result `{ <key>: Item[] }` in spec names.
 */
import * as t from 'io-ts'
import * as E from 'fp-ts/Either'
import { pipe } from 'fp-ts/function'
import { defineLookup, type LookupFinds, type LookupSpec } from '../../../core/spec'
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

/** The result of a collection lookup: each key of `L` (one) holds the items its codec decodes. */
export type Collection<L extends Readonly<Record<string, t.Mixed>>> = { [P in keyof L]: Array<t.TypeOf<L[P]>> }

export interface CollectionLookup<A, L extends Readonly<Record<string, t.Mixed>>, X extends t.Props = t.Props> {
  readonly token: string
  readonly doc: string
  /** `/v2/workspaces` */
  readonly path: string
  /** key of the item array on the wire: `workspaces` */
  readonly items: string
  /**
   * the result's list in spec names, one key (`workspaces`; `filters` for saved filters) to the item
   * codec, with the doc comment editors show on the lookup's `.out` ref (extra wire fields are dropped)
   */
  readonly list: L
  /** the args codec; default: no arguments */
  readonly args?: t.Type<A, unknown, unknown>
  /** args → query parameters */
  readonly query?: (args: A) => RestRequest['query']
  /** result fields beyond the list (echoed args) */
  readonly extra?: X
  readonly echo?: (args: A) => Record<string, unknown>
  readonly renames?: Readonly<Record<string, string>>
  readonly normalise?: (o: Record<string, unknown>) => Record<string, unknown>
  /** each item also carries `id`: its token (the spec's lookups of this kind address items by id) */
  readonly idFromToken?: boolean
  /** false: the endpoint has no paging (no `links`) */
  readonly paged?: boolean
  readonly max?: number
  readonly secrets?: ReadonlyArray<string>
  /** the objects it finds by token, for generated programs */
  readonly finds?: LookupFinds<A>
  readonly example: {
    readonly reply: unknown
    readonly result: Collection<NoInfer<L>> & Record<string, unknown>
    readonly valid?: A
    readonly invalid?: ReadonlyArray<readonly [unknown, string]>
  }
}

const capital = (s: string) => s[0].toUpperCase() + s.slice(1)

export const collectionLookup = <
  A = Record<string, never>,
  L extends Readonly<Record<string, t.Mixed>> = never,
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- no extra fields: nothing added to the result
  X extends t.Props = {},
>(
  c: CollectionLookup<A, L, X>,
): LookupSpec<A, Collection<L> & { [K in keyof X]?: t.TypeOf<X[K]> } & { id?: string }> => {
  const [key, item] = Object.entries(c.list)[0]
  const fn = c.token.split(':')[1]
  const args = (c.args ?? NoArgs(`${capital(fn)}Args`)) as t.Type<A, unknown, unknown>
  const result = listResult(`${capital(fn)}Result`, key, item, c.extra) as unknown as t.Type<
    Collection<L> & { [K in keyof X]?: t.TypeOf<X[K]> } & { id?: string },
    unknown,
    unknown
  >
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
          E.map((raw) => ({ ...(c.echo ? c.echo(a) : {}), [key]: itemsFromWire(raw, c.renames, normalise) })),
          E.chain((r) => decodeWith(result, `${c.path} reply`, r)),
        ),
    },
    examples: {
      valid: (c.example.valid ?? {}) as A,
      invalid: c.example.invalid ?? [[{ unexpected: 1 }, 'unexpected']],
      result: c.example.result,
      reply: c.example.reply,
    },
    ...(c.finds ? { finds: c.finds } : {}),
  })
}
