/**
 * The apply-time gate: checks the plan left for apply (they read values known only then) run
 * again the moment those values are known, before the request that would use them. A check of a
 * node's inputs runs before the node's own request; a check of its outputs can only run once the
 * node is made, so it stops the node's dependents (the node itself exists by then). Stack checks
 * that met an unknown run after the run, as advisory. A check still unable to read its values
 * stays `needs-apply-check`: no finding is lost to an unknown, none invented.
 */
import type { Plan, Step } from '../engine/plan'
import { isBlocking, type Enforcement, type FindingStage, type PolicyFinding } from './finding'
import { findingsOf, type PolicyReport } from './evaluate'
import { gatherPolicies, type PolicyInForce } from './policy-entries'
import { policyView, type NodeValues } from './policy-view'
import { runCheck } from './run-check'

// ── model ────────────────────────────────────────────────────────────────────
/** What the run knows when a step is about to start. */
export interface StepValues {
  /** this step's inputs, refs resolved */
  readonly inputs: Readonly<Record<string, unknown>>
  /** another node's values as known now (done in this run, or recorded): undefined when not known */
  readonly valuesOf: (address: string) => NodeValues | undefined
}

/** Whether a step may go on, and the findings made deciding it. */
export interface GateDecision {
  readonly proceed: boolean
  /** the findings made now, and the mandatory violations of what this step waits for */
  readonly findings: ReadonlyArray<PolicyFinding>
}

/** The gate of one apply: asked before each step, and once after the run. */
export interface PolicyGate {
  /** before a step's request: re-run the checks left for apply that can now read their values */
  readonly beforeStep: (step: Step, values: StepValues) => GateDecision
  /** after the run: the resource checks still left, and the stack checks (as advisory) */
  readonly afterRun: (valuesOf: (address: string) => NodeValues | undefined) => ReadonlyArray<PolicyFinding>
  /** every finding so far: the plan's, those made at apply, the checks still left */
  readonly findings: () => ReadonlyArray<PolicyFinding>
}

// ── gate ─────────────────────────────────────────────────────────────────────
const keyOf = (policy: string, node: string): string => `${policy}\u0000${node}`

/**
 * The gate for one apply of a plan, from the entries and the plan's report.
 * @example
 * const gate = policyGate(policies, plan, report)
 * // in the run loop, before each step's request:
 * if (!gate.beforeStep(step, { inputs, valuesOf }).proceed) skip(step)
 */
export const policyGate = (entries: ReadonlyArray<unknown>, plan: Plan, report: PolicyReport): PolicyGate => {
  const g = gatherPolicies(entries)
  const byName = new Map(g.policies.map((p) => [p.policy.name, p]))
  const settled: PolicyFinding[] = report.findings.filter((f) => f.status !== 'needs-apply-check')
  // checks left for apply, by policy and node (a resource check's node is the node it checks)
  const pending = new Map<string, PolicyFinding>()
  for (const f of report.findings) if (f.status === 'needs-apply-check') pending.set(keyOf(f.policy, f.node), f)
  const pendingNodes = (): Set<string> => new Set([...pending.values()].map((f) => f.node))
  // a node whose own check failed at apply: its mandatory violations, which stop its dependents
  const blockedBy = new Map<string, PolicyFinding[]>()

  // a node not known yet reads as planned: its planned inputs, its outputs unknown
  const viewWith = (known: (a: string) => NodeValues | undefined) => policyView(plan, (s) => known(s.address) ?? s)

  const recheck = (
    known: (a: string) => NodeValues | undefined,
    node: string,
    stage: FindingStage,
  ): PolicyFinding[] => {
    const made: PolicyFinding[] = []
    const view = viewWith(known)
    for (const [k, f] of [...pending]) {
      if (f.node !== node) continue
      const p: PolicyInForce | undefined = byName.get(f.policy)
      // stack checks wait for the end of the run, and then only advise
      if (p === undefined || (p.policy._tag === 'StackPolicy' && stage !== 'after-run')) continue
      const stack = p.policy._tag === 'StackPolicy'
      const step = stack ? undefined : view.ctx.step(node)
      const enforcement: Enforcement | undefined = stack ? 'advisory' : undefined
      const r = findingsOf(runCheck(view, p.policy, step), p, { node, stage, enforcement }, g.suppressions)
      const fresh = r.issue
        ? [{ ...f, status: 'violation' as const, stage, message: `the check failed: ${r.issue.given}` }]
        : r.findings
      if (fresh.length === 1 && fresh[0].status === 'needs-apply-check') continue
      pending.delete(k)
      made.push(...fresh)
    }
    settled.push(...made)
    return made
  }

  const beforeStep = (step: Step, values: StepValues): GateDecision => {
    const nodes = pendingNodes()
    const made: PolicyFinding[] = []
    // what this step waits for, now done: their checks of outputs can run
    for (const d of step.deps)
      if (nodes.has(d)) {
        const failed = recheck(values.valuesOf, d, 'apply').filter(isBlocking)
        if (failed.length > 0) blockedBy.set(d, failed)
      }
    if (nodes.has(step.address)) {
      const known = (a: string) => (a === step.address ? { inputs: values.inputs } : values.valuesOf(a))
      made.push(...recheck(known, step.address, 'apply'))
    }
    const stopping = step.deps.flatMap((d) => blockedBy.get(d) ?? [])
    const own = made.filter(isBlocking)
    return { proceed: own.length === 0 && stopping.length === 0, findings: [...made, ...stopping] }
  }

  const afterRun = (valuesOf: (a: string) => NodeValues | undefined): ReadonlyArray<PolicyFinding> =>
    [...pendingNodes()].flatMap((node) => recheck(valuesOf, node, 'after-run'))

  return { beforeStep, afterRun, findings: () => [...settled, ...pending.values()] }
}
