/**
 * discover: what exists on the platforms that no stack in the store owns — every selected type
 * listed as its spec declares (whole, or under each scope value), platform-owned objects and
 * objects of any stack left out, and the types that could not be listed, with why. Reads only.
 */
import * as E from 'fp-ts/Either'
import type { ReaderTaskEither } from 'fp-ts/ReaderTaskEither'
import type { ResourceSpec } from '../core/spec'
import type { Env } from '../engine/env'
import type { EngineError } from '../engine/operations'
import { defect } from '../engine/defect'
import type { OpContext } from '../engine/handler'
import { maskSecrets } from '../state/protect'
import { checkSelection } from './check-selection'
import type { DiscoveredObject, Discovered, DiscoverSelection, NotListed } from './discovered'
import { listType } from './list-type'
import { ownedIds } from './owned-ids'
import { providerContexts } from './provider-contexts'

/** The types to list: the selected ones, and the parents their scopes need (listed, not offered). */
const typesOf = (env: Env, sel: DiscoverSelection): { list: ResourceSpec[]; offered: Set<string> } => {
  const all = [...env.registry.resources.values()]
  const offered = new Set(
    all
      .filter((s) => !sel.providers?.length || sel.providers.includes(s.provider))
      .filter((s) => !sel.types?.length || sel.types.includes(s.token))
      .map((s) => s.token),
  )
  const needed = new Set(offered)
  for (const t of offered) {
    const parent = env.registry.resources.get(t)?.discover?.scope?.parent
    if (parent && !sel.scopes?.[env.registry.resources.get(t)!.discover!.scope!.key]) needed.add(parent)
  }
  // parents first: a scoped type lists under what its parent's listing found
  const list = all.filter((s) => needed.has(s.token))
  list.sort((a, b) => (a.discover?.scope?.parent ? 1 : 0) - (b.discover?.scope?.parent ? 1 : 0))
  return { list, offered }
}

/**
 * What exists on the platforms that no stack in the store owns, and the types not listed, with why.
 * @example
 * const d = await discover({ types: ['hosting:DnsRecord'], scopes: { zoneId: ['z1'] } })(emulatedEnv())()
 */
export const discover =
  (sel: DiscoverSelection = {}): ReaderTaskEither<Env, EngineError, Discovered> =>
  (env) =>
  async () => {
    try {
      return await run(env, sel)
    } catch (e) {
      return E.left(defect(e, 'discover'))
    }
  }

const run = async (env: Env, sel: DiscoverSelection): Promise<E.Either<EngineError, Discovered>> => {
  const issues = checkSelection(env.registry, sel)
  if (issues.length > 0) return E.left({ _tag: 'CompileError', issues })
  const owned = await ownedIds(env.store, env.registry)
  if (E.isLeft(owned)) return owned
  const { list, offered } = typesOf(env, sel)
  const contexts = await providerContexts(env, [...new Set(list.map((s) => s.provider))])
  const found = new Map<string, ReadonlyArray<DiscoveredObject>>()
  const notListed: NotListed[] = []
  let ownedCount = 0
  let platformOwned = 0
  for (const spec of list) {
    const config = contexts.get(spec.provider)!
    if (E.isLeft(config)) {
      if (offered.has(spec.token)) notListed.push({ token: spec.token, reason: config.left })
      continue
    }
    const c: OpContext = { spec, address: `${spec.token}/*`, name: '*', provider: spec.provider, config: config.right }
    const scope = spec.discover?.scope
    const values = scope ? (sel.scopes?.[scope.key] ?? (found.get(scope.parent ?? '') ?? []).map((o) => o.id)) : []
    const got = await listType(env, c, values)
    if (offered.has(spec.token)) notListed.push(...got.problems.map((reason) => ({ token: spec.token, reason })))
    const objects: DiscoveredObject[] = []
    for (const o of got.objects) {
      const ours = !spec.discover?.platformOwned?.(o)
      if (!ours) platformOwned += offered.has(spec.token) ? 1 : 0
      const d: DiscoveredObject = {
        token: spec.token,
        provider: spec.provider,
        id: o.id,
        importId: spec.identity.printImportId(o.id, o.inputs),
        // a secret the platform returns is never shown (nor written into a program)
        inputs: maskSecrets(o.inputs, spec.secrets) as Record<string, unknown>,
        outputs: maskSecrets(o.outputs, spec.secrets) as Record<string, unknown>,
      }
      if (ours) objects.push(d)
    }
    found.set(spec.token, objects)
  }
  const objects: DiscoveredObject[] = []
  for (const spec of list) {
    if (!offered.has(spec.token)) continue
    const ctx = contexts.get(spec.provider)
    const config = ctx && E.isRight(ctx) ? ctx.right : {}
    for (const o of found.get(spec.token) ?? []) {
      if (owned.right({ ...o, config })) ownedCount++
      else objects.push(o)
    }
  }
  return E.right({ objects, notListed, owned: ownedCount, platformOwned })
}
