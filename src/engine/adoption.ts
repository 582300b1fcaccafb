/**
 * Adoptions shown at plan: what an existing object becomes when the stack takes it over. A node
 * with `importId`, and a singleton whose create overwrites an object that is always there (team or
 * site firewall rules, site metrics settings) holding content that is not the platform's default,
 * are read at plan (with or without --refresh) and their step carries the update it will make, as
 * Terraform's import blocks do — field by field against what the platform holds, never a silent
 * overwrite. An import of nothing is refused at plan, before any request that changes anything.
 * A step whose inputs wait on values known only after apply is read then, as before.
 */
import * as E from 'fp-ts/Either'
import { issue, type Issue } from '../core/issue'
import { protectSecrets, type Protector } from '../state/protect'
import type { Env } from './env'
import type { Graph, ResourceVertex } from './graph'
import type { Obs, StepFailure } from './handler'
import { defaultsFor, diffInputs, type FieldChange } from './diff'
import type { EngineError, PlanOutcome } from './operations'
import type { Step } from './plan'
import { defaultsTreeOf } from './platform-defaults'
import { hasUnknown } from './unknown'

/** What to read for a step: the remote id and the inputs the read is told. */
interface Target {
  readonly id: string
  readonly inputs: Readonly<Record<string, unknown>>
  /** inputs the import id carries (recorded as the stack's) */
  readonly carried: Readonly<Record<string, unknown>>
}

const targetOf = (graph: Graph, v: ResourceVertex, s: Step): Target | undefined => {
  if (s.action === 'import' && v.node.options.importId !== undefined) {
    const t = v.spec.identity.parseImportId(v.node.options.importId)
    if (E.isLeft(t)) return undefined
    const carried = (t.right.inputs ?? {}) as Record<string, unknown>
    const inputs = { ...carried, ...s.inputs }
    // a read told values known only after apply (a parent made or imported in the same run) waits for apply
    return hasUnknown(inputs) ? undefined : { id: t.right.id, inputs, carried }
  }
  if (s.action !== 'create' || !v.spec.singleton || hasUnknown(s.inputs)) return undefined
  const id = v.spec.singleton.id(s.inputs, graph.providers.get(v.provider)?.config ?? {})
  return id === undefined ? undefined : { id, inputs: s.inputs, carried: {} }
}

/** The update a take-over makes: the fields the stack sets that differ from what the platform holds. */
const adoptionDiff = (
  v: ResourceVertex,
  s: Step,
  t: Target,
  got: Obs,
  protector: Protector,
): { diff: FieldChange[]; observed: Record<string, unknown> } => {
  const defaults = defaultsFor(v.spec, v.node.inputs) ?? {}
  // as an import records it: the fields the stack sets, the import id carries or the spec defaults
  const observed = Object.fromEntries(
    Object.entries({ ...defaults, ...t.carried, ...got.inputs }).filter(
      ([k]) => k in v.node.inputs || k in t.carried || k in defaults,
    ),
  )
  const before = protectSecrets(observed, v.spec.secrets, protector) as Record<string, unknown>
  const diff = diffInputs(before, s.inputs, {
    replaceOn: v.spec.replaceOn,
    ignore: v.node.options.ignoreChanges ?? [],
    equals: v.spec.equals ?? {},
    updatable: v.spec.wire.update !== undefined,
    protector,
    computed: v.spec.computed ?? [],
    filled: defaultsTreeOf(v.spec),
  }).filter((c) => c.after !== undefined)
  return { diff, observed: got.inputs }
}

const describe = (diff: ReadonlyArray<FieldChange>): string =>
  diff.length === 0
    ? 'it already holds what the stack sets, nothing to update'
    : `then update ${diff.map((d) => d.path).join(', ')} to match the stack` +
      (diff.some((d) => d.replaces) ? ' (a field that cannot change in place differs: apply will stop there)' : '')

/** One step, adopted: the diff against what is there, a note, and for an overwrite a warning. */
const adopted = (v: ResourceVertex, s: Step, t: Target, got: Obs, protector: Protector, warnings: Issue[]): Step => {
  const { diff } = adoptionDiff(v, s, t, got, protector)
  if (s.action === 'import')
    return {
      ...s,
      diff,
      adopts: t.id,
      notes: [
        `import ${JSON.stringify(v.node.options.importId)} (${v.spec.identity.importFormat}), read at plan: ${describe(diff)}`,
      ],
    }
  warnings.push(
    issue(v.label, {
      severity: 'warning',
      path: '',
      expected: `the platform's default ${v.spec.type}`,
      given: `settings someone already made (${t.id})`,
      message: `exists with settings that are not the platform's default: applying takes it over and ${describe(diff).replace(/^then update/, 'updates')}; the rest of what it holds is replaced by the stack's`,
    }),
  )
  return {
    ...s,
    diff,
    adopts: t.id,
    notes: [...s.notes, `adopts ${t.id}, which holds settings not the platform's default: ${describe(diff)}`],
  }
}

type Read = E.Either<StepFailure, Obs | undefined>

/** Read each step's object at once (bounded by the Env's concurrency, as a refresh is). */
const readAll = async (
  env: Env,
  graph: Graph,
  todo: ReadonlyArray<{ v: ResourceVertex; s: Step; t: Target }>,
): Promise<Read[]> => {
  const out = new Array<Read>(todo.length)
  let next = 0
  const worker = async () => {
    for (let i = next++; i < todo.length; i = next++) {
      const { v, t } = todo[i]
      const c = {
        spec: v.spec,
        address: v.address,
        name: v.node.name,
        provider: v.provider,
        config: graph.providers.get(v.provider)?.config ?? {},
        ...(env.signal ? { signal: env.signal } : {}),
      }
      out[i] = await env.handler.read(c, t.id, t.inputs, {})()
    }
  }
  await Promise.all(Array.from({ length: Math.min(env.concurrency, todo.length) }, worker))
  return out
}

/** The plan with its imports and overwriting creates read and shown as adoptions; or why it cannot be. */
export const showAdoptions = async (
  env: Env,
  graph: Graph,
  o: PlanOutcome,
  protector: Protector,
): Promise<E.Either<EngineError, PlanOutcome>> => {
  const todo: Array<{ v: ResourceVertex; s: Step; t: Target; at: number }> = []
  o.plan.steps.forEach((s, at) => {
    const v = graph.vertices.get(s.address)
    const t = v?._tag === 'Resource' ? targetOf(graph, v, s) : undefined
    if (v?._tag === 'Resource' && t) todo.push({ v, s, t, at })
  })
  if (todo.length === 0) return E.right(o)
  const reads = await readAll(env, graph, todo)
  const failures = reads.flatMap((r) => (E.isLeft(r) ? [r.left] : []))
  if (failures.length) return E.left({ _tag: 'LookupError', failures })
  const steps = [...o.plan.steps]
  const warnings: Issue[] = []
  const missing: Issue[] = []
  todo.forEach(({ v, s, t, at }, i) => {
    const got = (reads[i] as E.Right<Obs | undefined>).right
    if (got === undefined) {
      if (s.action === 'import')
        missing.push(
          issue(v.label, {
            path: 'options.importId',
            expected: `the import id of an existing ${v.spec.token} (${v.spec.identity.importFormat})`,
            given: v.node.options.importId,
            message: 'names no object on the platform: nothing to import',
          }),
        )
      return
    }
    if (s.action === 'create' && v.spec.singleton?.pristine(got.inputs)) return
    steps[at] = adopted(v, s, t, got, protector, warnings)
  })
  if (missing.length) return E.left({ _tag: 'PlanError', issues: missing })
  return E.right({ ...o, plan: { ...o.plan, steps, warnings: [...o.plan.warnings, ...warnings] } })
}
