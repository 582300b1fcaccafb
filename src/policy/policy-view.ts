/**
 * The plan as checks see it: each node the stack will hold as a PolicyStep (inputs and outputs
 * through the tracking view), indexed by address and token, and the relations of PolicyContext.
 * The same view serves the plan (values as planned) and the apply gate (values as they arrive).
 */
import type { Plan, Step } from '../engine/plan'
import type { PolicyContext, PolicyStep } from './policy'
import { trackedView, unknownRecord, type ReadLog } from './tracked'

// ── model ────────────────────────────────────────────────────────────────────
/** What is known of a node: its inputs, and its outputs when they are known at all. */
export interface NodeValues {
  readonly inputs: Readonly<Record<string, unknown>>
  readonly outputs?: Readonly<Record<string, unknown>>
}

export interface PolicyView {
  readonly stack: string
  /** the log the views write into: reset before each check */
  readonly log: ReadLog
  readonly steps: ReadonlyArray<PolicyStep>
  readonly byToken: (token: string) => ReadonlyArray<PolicyStep>
  readonly ctx: PolicyContext
}

// ── helpers ──────────────────────────────────────────────────────────────────
/** Is this step a node the stack will hold (what policies look at)? */
export const isHeld = (s: Step): boolean => s.kind === 'Resource' && s.action !== 'delete' && s.action !== 'forget'

const NONE: ReadonlyArray<PolicyStep> = Object.freeze([])

const groupBy = <K>(xs: ReadonlyArray<PolicyStep>, key: (s: PolicyStep) => K): Map<K, PolicyStep[]> => {
  const m = new Map<K, PolicyStep[]>()
  for (const s of xs) {
    const k = key(s)
    const l = m.get(k)
    if (l === undefined) m.set(k, [s])
    else l.push(s)
  }
  return m
}

/** Reverse deps (who waits for whom), made on first use: most policies never ask. */
const relations = (steps: ReadonlyArray<PolicyStep>, at: ReadonlyMap<string, PolicyStep>): PolicyContext => {
  let direct: Map<string, PolicyStep[]> | undefined
  const refsTo = (address: string): ReadonlyArray<PolicyStep> => {
    if (direct === undefined) {
      direct = new Map()
      for (const s of steps)
        for (const d of s.deps) {
          const l = direct.get(d)
          if (l === undefined) direct.set(d, [s])
          else l.push(s)
        }
    }
    return direct.get(address) ?? NONE
  }
  const dependents = (address: string): ReadonlyArray<PolicyStep> => {
    const seen = new Set<string>([address])
    const out: PolicyStep[] = []
    const todo = [address]
    while (todo.length > 0)
      for (const s of refsTo(todo.pop()!))
        if (!seen.has(s.address)) {
          seen.add(s.address)
          out.push(s)
          todo.push(s.address)
        }
    return out
  }
  return Object.freeze({ refsTo, dependents, step: (a: string) => at.get(a) })
}

// ── constructors ─────────────────────────────────────────────────────────────
/** The view of a plan, each held node's values given by `valuesOf`. */
export const policyView = (plan: Plan, valuesOf: (s: Step) => NodeValues): PolicyView => {
  const log: ReadLog = {}
  const steps: PolicyStep[] = []
  for (const s of plan.steps) {
    if (!isHeld(s)) continue
    const v = valuesOf(s)
    steps.push({
      address: s.address,
      token: s.token,
      name: s.name,
      action: s.action,
      inputs: trackedView(v.inputs, log, s.address, 'inputs'),
      outputs:
        v.outputs === undefined
          ? unknownRecord(log, s.address, 'outputs')
          : trackedView(v.outputs, log, s.address, 'outputs'),
      deps: s.deps,
    })
  }
  const at = new Map(steps.map((s) => [s.address, s]))
  const tokens = groupBy(steps, (s) => s.token)
  return { stack: plan.stack, log, steps, byToken: (t) => tokens.get(t) ?? NONE, ctx: relations(steps, at) }
}
