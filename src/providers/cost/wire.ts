/**
 * The cost platform's wire conventions, shared by every cost spec: JSON objects with snake_case
 * keys under `/v2/<collection>`, POST to create, GET/PUT/DELETE by token, lists keyed by the
 * collection name and paged with `links.next`.
 */
import type * as t from 'io-ts'
import * as E from 'fp-ts/Either'
import { keysFromWire, keysToWire } from '../../core/case'
import { observe } from '../../core/observe'
import type { Observed, ResourceWire, WireContext } from '../../core/spec'
import { rest, type WireRequest } from '../../core/wire'

export interface CostCrud<I, O> {
  /** `/v2/folders` */
  readonly path: string
  /** list key in the reply body: `folders` */
  readonly items: string
  readonly inputs: t.Type<I, unknown, unknown>
  readonly outputs: t.Type<O, unknown, unknown>
  /** spec name → wire name where the snake_case rule does not hold */
  readonly renames?: Readonly<Record<string, string>>
  /** spec inputs → create body (spec names); default: the inputs */
  readonly createBody?: (inputs: I) => Record<string, unknown>
  /** spec inputs → update body (spec names); default: the inputs minus createOnly */
  readonly updateBody?: (inputs: I, prior: I) => Record<string, unknown>
  /** inputs the update endpoint does not accept */
  readonly createOnly?: ReadonlyArray<keyof I & string>
  /** platform object (spec names) → normalised object (e.g. comma-joined arrays split) */
  readonly normalise?: (obj: Record<string, unknown>, sent: Partial<I>) => Record<string, unknown>
  /** false: no update endpoint */
  readonly update?: boolean
  /** 'forget': no delete endpoint */
  readonly delete?: 'forget'
}

const enc = (token: string) => encodeURIComponent(token)

export const costCrud = <I, O>(c: CostCrud<I, O>): ResourceWire<I, O> => {
  const body = (o: Record<string, unknown>) => keysToWire(o, c.renames)
  const decode = (reply: unknown, ctx: WireContext & { readonly inputs: Partial<I> }): E.Either<string, Observed<I, O>> => {
    if (typeof reply !== 'object' || reply === null || typeof (reply as { token?: unknown }).token !== 'string')
      return E.left(`expected an object with a token, got ${JSON.stringify(reply)?.slice(0, 200)}`)
    const raw = keysFromWire(reply, c.renames) as Record<string, unknown>
    const obj = c.normalise ? c.normalise(raw, ctx.inputs) : raw
    return observe(c.inputs, c.outputs, obj, (reply as { token: string }).token, c.path)
  }
  const withoutCreateOnly = (i: I): Record<string, unknown> => {
    const o = { ...(i as Record<string, unknown>) }
    for (const k of c.createOnly ?? []) delete o[k]
    return o
  }
  return {
    create: (inputs): WireRequest => rest('POST', c.path, { body: body(c.createBody ? c.createBody(inputs) : (inputs as Record<string, unknown>)) }),
    read: (id) => rest('GET', `${c.path}/${enc(id)}`),
    ...(c.update === false
      ? {}
      : { update: (id: string, inputs: I, ctx: { readonly prior: I }) => rest('PUT', `${c.path}/${enc(id)}`, { body: body(c.updateBody ? c.updateBody(inputs, ctx.prior) : withoutCreateOnly(inputs)) }) }),
    delete: c.delete === 'forget' ? 'forget' : (id) => rest('DELETE', `${c.path}/${enc(id)}`),
    decode,
    list: () => rest('GET', c.path, { paginate: { items: c.items, pageSize: 1000 } }),
  }
}
