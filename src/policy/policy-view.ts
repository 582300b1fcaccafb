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
// A step's values are looked up, and wrapped in the tracking view, when a check first reads them:
// most checks read a few nodes of one token, and a view made for every node of a 10,000-node plan
// (a proxy and its handler each) took longer than all the packs' checks together
class StepView implements PolicyStep {
  readonly #step: Step
  readonly #valuesOf: (s: Step) => NodeValues
  readonly #log: ReadLog
  #values: NodeValues | undefined
  #inputs: Readonly<Record<string, unknown>> | undefined
  #outputs: Readonly<Record<string, unknown>> | undefined
  readonly address: string
  readonly token: string
  readonly name: string
  readonly action: Step['action']
  readonly deps: ReadonlyArray<string>
  constructor(step: Step, valuesOf: (s: Step) => NodeValues, log: ReadLog) {
    this.#step = step
    this.#valuesOf = valuesOf
    this.#log = log
    this.address = step.address
    this.token = step.token
    this.name = step.name
    this.action = step.action
    this.deps = step.deps
  }
  get inputs(): Readonly<Record<string, unknown>> {
    this.#values ??= this.#valuesOf(this.#step)
    return (this.#inputs ??= trackedView(this.#values.inputs, this.#log, this.address, 'inputs'))
  }
  get outputs(): Readonly<Record<string, unknown>> {
    this.#values ??= this.#valuesOf(this.#step)
    const o = this.#values.outputs
    return (this.#outputs ??=
      o === undefined
        ? unknownRecord(this.#log, this.address, 'outputs')
        : trackedView(o, this.#log, this.address, 'outputs'))
  }
}

/** The view of a plan, each held node's values given by `valuesOf` (asked when a check first reads them). */
export const policyView = (plan: Plan, valuesOf: (s: Step) => NodeValues): PolicyView => {
  const log: ReadLog = {}
  const steps: PolicyStep[] = []
  for (const s of plan.steps) if (isHeld(s)) steps.push(new StepView(s, valuesOf, log))
  const at = new Map(steps.map((s) => [s.address, s]))
  const tokens = groupBy(steps, (s) => s.token)
  return { stack: plan.stack, log, steps, byToken: (t) => tokens.get(t) ?? NONE, ctx: relations(steps, at) }
}
