/**
 * List the existing objects of one resource type: the whole type (`wire.list`), or once per scope
 * value (`discover.scope`: the records of each zone), each item decoded as a read decodes it — or,
 * where a listing gives only ids, each object read alone as `trellis import` reads it.
 */
import * as E from 'fp-ts/Either'
import type { DiscoveryScope, ResourceSpec } from '../core/spec'
import type { WireRequest } from '../core/wire'
import type { Env } from '../engine/env'
import type { Obs, OpContext } from '../engine/handler'
import { eachAtOnce } from './each-at-once'

/** What listing one type gave: the objects, and why some (or all) could not be listed. */
export interface Listed {
  readonly objects: ReadonlyArray<Obs>
  readonly problems: ReadonlyArray<string>
}

const none = (reason: string): Listed => ({ objects: [], problems: [reason] })

/** The objects of `c.spec`; `scopeValues` are the values of its scope key (given, or the parent's ids). */
export const listType = async (env: Env, c: OpContext, scopeValues: ReadonlyArray<string>): Promise<Listed> => {
  const { spec } = c
  const d = spec.discover
  if (d?.cannot) return none(d.cannot)
  if (d?.scope) {
    const scope = d.scope
    if (scopeValues.length === 0)
      return none(
        `listed only under a ${scope.key}: give --scope ${scope.key}=VALUE` +
          (scope.parent ? ` (no ${scope.parent} was found to list under)` : ''),
      )
    const each = await eachAtOnce(scopeValues, env.concurrency, (v) => listScope(env, c, scope, v))
    return { objects: each.flatMap((l) => l.objects), problems: each.flatMap((l) => l.problems) }
  }
  if (spec.wire.list) return decodeAll(c, await itemsOf(env, c, spec.wire.list({ config: c.config })), {})
  return none('its spec declares no listing')
}

const itemsOf = async (env: Env, c: OpContext, req: WireRequest): Promise<E.Either<string, ReadonlyArray<unknown>>> => {
  if (!env.handler.listItems) {
    // a handler that lists only as decoded objects (the mock's)
    const bulk = env.handler.list?.(c)
    if (!bulk) return E.left('this handler cannot list')
    const got = await bulk()
    return E.isLeft(got) ? E.left(got.left.message) : E.right(got.right.map((o) => ({ __observed: o })))
  }
  const got = await env.handler.listItems(c, req)()
  return E.isLeft(got) ? E.left(got.left.message) : E.right(got.right)
}

/** The items of a few requests together; the first that fails fails them all (a part would mislead). */
const itemsOfAll = async (
  env: Env,
  c: OpContext,
  reqs: ReadonlyArray<WireRequest>,
): Promise<E.Either<string, ReadonlyArray<unknown>>> => {
  const out: unknown[] = []
  for (const req of reqs) {
    const got = await itemsOf(env, c, req)
    if (E.isLeft(got)) return got
    out.push(...got.right)
  }
  return E.right(out)
}

const decodeAll = (
  c: OpContext,
  items: E.Either<string, ReadonlyArray<unknown>>,
  inputs: Readonly<Record<string, unknown>>,
): Listed => {
  if (E.isLeft(items)) return none(`the listing failed: ${items.left}`)
  const objects: Obs[] = []
  const problems: string[] = []
  for (const item of items.right) {
    const given = (item as { __observed?: Obs } | null)?.__observed
    if (given) {
      objects.push(given)
      continue
    }
    const o = c.spec.wire.decode(item, { config: c.config, inputs: inputs as never })
    if (E.isLeft(o)) problems.push(`an item could not be read: ${o.left}`)
    else objects.push({ ...o.right, inputs: { ...inputs, ...o.right.inputs } })
  }
  return { objects, problems }
}

const listScope = async (env: Env, c: OpContext, scope: DiscoveryScope<unknown>, value: string): Promise<Listed> => {
  const key: string = scope.key
  let reqs: ReadonlyArray<WireRequest>
  try {
    const r = scope.request(value, { config: c.config })
    reqs = Array.isArray(r) ? r : [r as WireRequest]
  } catch (e) {
    return none(`cannot list under ${key} ${value}: ${e instanceof Error ? e.message : String(e)}`)
  }
  const items = await itemsOfAll(env, c, reqs)
  const importIdOf = scope.importIdOf
  if (!importIdOf) return decodeAll(c, items, { [key]: value })
  if (E.isLeft(items)) return none(`the listing under ${key} ${value} failed: ${items.left}`)
  const ids = items.right.flatMap((it) => importIdOf(it, value) ?? [])
  const read = await eachAtOnce(ids, env.concurrency, (id) => readByImportId(env, c, id))
  return { objects: read.flatMap((r) => (E.isRight(r) ? [r.right] : [])), problems: read.flatMap(leftOf) }
}

const leftOf = (r: E.Either<string, unknown>): string[] => (E.isLeft(r) ? [r.left] : [])

/** One object read as `trellis import` reads it: the import id parsed, the read sent. */
const readByImportId = async (env: Env, c: OpContext, importId: string): Promise<E.Either<string, Obs>> => {
  const spec: ResourceSpec = c.spec
  const parsed = spec.identity.parseImportId(importId)
  if (E.isLeft(parsed)) return E.left(`${importId}: ${parsed.left}`)
  const inputs = (parsed.right.inputs ?? {}) as Record<string, unknown>
  const got = await env.handler.read(c, parsed.right.id, inputs, {})()
  if (E.isLeft(got)) return E.left(`${importId}: ${got.left.message}`)
  if (!got.right) return E.left(`${importId}: gone while it was listed`)
  return E.right({ ...got.right, inputs: { ...inputs, ...got.right.inputs } })
}
