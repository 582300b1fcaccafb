/**
 * The `mixed` workload on trellis's side: the shapes of bench/peers/mixed-shape.ts made with the
 * generated builders (one builder call per node, refs through `.out`, mapped refs through `map`,
 * secrets through `secret`), the way a program writes them. `mixedWorkload` adds everything at
 * once; `mixedBuildLoop` adds one group (one tenant) at a time, as a program's loop does.
 */
import { registry, secret, stack, type Ref, type Stack } from 'trellis'
import { cost } from 'trellis/cost'
import { hosting } from 'trellis/hosting'
import { cloud } from 'trellis/cloud'
import type { HasNode } from '../src/core/stack'
import {
  mixedGroup,
  mixedNodes,
  isRefShape,
  isSecretShape,
  refShapesIn,
  type NodeShape,
  type ValueShape,
} from './peers/mixed-shape'
import { BENCH_TOKEN } from './workload'

type Built = HasNode & { readonly out: Readonly<Record<string, Ref<unknown>>> }
type BuilderFn = (name: string, inputs: Record<string, unknown>) => Built
const byProvider = { cost, hosting, cloud } as unknown as Record<string, Record<string, BuilderFn>>

/** the builder function of a token: `hosting:DnsRecord` → hosting.dnsRecord, `hosting:getSite` → hosting.getSite */
const builderNamed = (token: string): BuilderFn => {
  const [provider, type] = token.split(':')
  const fn = byProvider[provider]?.[type[0].toLowerCase() + type.slice(1)]
  if (!fn) throw new Error(`mixed workload: no builder for ${token}`)
  return fn
}

// found once per token: a program names its builders in its source, so splitting and re-casing the
// token per node (then a keyed read by the new string) was the harness's own cost
const builderByToken = new Map<string, BuilderFn>()
const builderOf = (token: string): BuilderFn => {
  let fn = builderByToken.get(token)
  if (fn === undefined) builderByToken.set(token, (fn = builderNamed(token)))
  return fn
}

export const mixedProviders = () => ({
  cost: cost.provider({ apiToken: secret(BENCH_TOKEN) }),
  hosting: hosting.provider({ token: secret(BENCH_TOKEN) }),
  cloud: cloud.provider({ secretId: 'AKIDbench', secretKey: secret(BENCH_TOKEN), region: 'ap-guangzhou' }),
})

/** Turns shapes into builders, keeping what was made so that later refs find it. */
const maker = () => {
  const made = new Map<string, Built>()
  const value = (v: ValueShape): unknown => {
    if (typeof v !== 'object') return v
    if (isRefShape(v)) {
      const target = made.get(v.$ref)
      if (!target) throw new Error(`mixed workload: ${v.$ref} is referenced before it is made`)
      const r = target.out[v.field]
      if (v.prefix === undefined && v.suffix === undefined) return r
      const prefix = v.prefix ?? ''
      const suffix = v.suffix ?? ''
      return r.map((x) => `${prefix}${String(x)}${suffix}`)
    }
    if (isSecretShape(v)) return secret(v.$secret)
    if (Array.isArray(v)) return v.map(value)
    const o: Record<string, unknown> = {}
    for (const [k, x] of Object.entries(v as Record<string, ValueShape>)) o[k] = value(x)
    return o
  }
  return (s: NodeShape): Built => {
    const inputs: Record<string, unknown> = {}
    for (const k in s.inputs) inputs[k] = value(s.inputs[k])
    const b = builderOf(s.token)(s.name, inputs)
    made.set(s.key, b)
    return b
  }
}

const exportLast = (s: Stack, last: Built | undefined): Stack => (last ? s.export('last', last.out.id) : s)

/** n nodes of the mixed shapes, added to the stack in one call */
export const mixedWorkload = (n: number, name = 'mixed'): Stack => stackOfShapes(mixedNodes(n), name)

/** the given shapes (e.g. mixed shapes adjusted for a scenario), added to a stack in one call */
export const stackOfShapes = (shapes: ReadonlyArray<NodeShape>, name: string): Stack => {
  const make = maker()
  const items = shapes.map(make)
  return exportLast(stack(name, { providers: mixedProviders() }).add(...items), items[items.length - 1])
}

/** n nodes of the mixed shapes, added one group (one tenant, ~50 nodes) at a time */
export const mixedBuildLoop = (n: number, name = 'mixed'): { stack: Stack; adds: number } => {
  const make = maker()
  let s = stack(name, { providers: mixedProviders() })
  let count = 0
  let adds = 0
  let last: Built | undefined
  for (let g = 0; count < n; g++) {
    const shapes = mixedGroup(g)
    const group = shapes.slice(0, Math.min(shapes.length, n - count)).map(make)
    s = s.add(...group)
    adds++
    count += group.length
    last = group[group.length - 1]
  }
  return { stack: exportLast(s, last), adds }
}

/** What the mixed shapes cover: node count, resource types and lookups used, refs per node. */
export const mixedFacts = (n: number) => {
  const nodes = mixedNodes(n)
  const types = new Set(nodes.filter((s) => s.kind === 'resource').map((s) => s.token))
  const lookups = new Set(nodes.filter((s) => s.kind === 'lookup').map((s) => s.token))
  const refs = nodes.reduce((a, s) => a + refShapesIn(s.inputs).length, 0)
  const missing = [...registry.resources.keys()].filter((t) => !types.has(t))
  return {
    groupSize: mixedGroup(0).length,
    resourceTypes: types.size,
    missingTypes: missing,
    lookups: [...lookups],
    refsPerNode: Math.round((refs / nodes.length) * 100) / 100,
  }
}
