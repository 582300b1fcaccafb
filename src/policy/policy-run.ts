/**
 * policyRun: the policies of one operation as the pipeline's hooks. After `plan` they are
 * evaluated (an apply refuses on a mandatory violation before anything is sent); at `beforeStep`
 * the checks left for apply run the moment their values are known; after the run what is still
 * left is settled. A run across stacks has one report and one gate per stack, found by the step.
 */
import * as E from 'fp-ts/Either'
import type { ReaderTaskEither } from 'fp-ts/ReaderTaskEither'
import type { Env } from '../engine/env'
import type { EngineError, PlanOutcome, Refused } from '../engine/operations'
import type { KnownValues, PipelineHooks } from '../engine/pipeline/hooks'
import type { Step } from '../engine/plan'
import { policyGate, type PolicyGate } from './apply-gate'
import { evaluatePolicies, type PolicyReport } from './evaluate'
import { formatFinding, isBlocking, type PolicyFinding } from './finding'

// ── model ────────────────────────────────────────────────────────────────────
/** The policies of one operation: the hooks to put in the `Env`, and what they found per stack. */
export interface PolicyRun {
  readonly hooks: Required<Pick<PipelineHooks, 'afterPlan' | 'beforeStep'>>
  /** the report made over each stack's plan */
  readonly report: (stack: string) => PolicyReport | undefined
  /** settle the checks still left, given what the stack holds after the run */
  readonly afterRun: (stack: string, valuesOf: (address: string) => KnownValues | undefined) => void
  /** every finding of a stack so far: the plan's, those made at apply, those still left */
  readonly findings: (stack: string) => ReadonlyArray<PolicyFinding>
}

/** How the policies of one operation act on the plan. */
export interface PolicyRunOptions {
  /** refuse after `plan` when a mandatory policy is violated (an apply: nothing is sent) */
  readonly refuse: boolean
}

// ── helpers ──────────────────────────────────────────────────────────────────
/** Mandatory violations as the engine's refusal: one issue per finding, naming policy and node. */
export const policyRefusal = (blocking: ReadonlyArray<PolicyFinding>): Refused => ({
  _tag: 'Refused',
  kind: 'policy',
  message: [
    `${blocking.length} mandatory polic${blocking.length === 1 ? 'y is' : 'ies are'} violated:`,
    ...blocking.map((f) => `  ${formatFinding(f)}`),
  ].join('\n'),
  issues: blocking.map((f) => ({
    node: f.node,
    path: f.path ?? '',
    expected: `policy "${f.policy}" to pass`,
    given: 'a violation',
    message: formatFinding(f),
  })),
})

// ── constructor ──────────────────────────────────────────────────────────────
/**
 * The hooks and results of policies over one operation (one or several stacks).
 * @example
 * const pr = policyRun([cloudPack], { refuse: true })
 * await applyOp(stack)({ ...env, hooks: { ...env.hooks, ...pr.hooks } })()
 */
export const policyRun = (entries: ReadonlyArray<unknown>, opts: PolicyRunOptions): PolicyRun => {
  const reports = new Map<string, PolicyReport>()
  const gates = new Map<string, PolicyGate>()
  // a step's stack: a plan's steps are the objects the run is given, so identity finds it
  const stackOfStep = new WeakMap<Step, string>()

  const afterPlan =
    (o: PlanOutcome): ReaderTaskEither<Env, EngineError, PlanOutcome> =>
    () =>
    () => {
      const r = evaluatePolicies(entries, { state: o.state })(o.plan)
      if (E.isLeft(r)) return Promise.resolve(E.left({ _tag: 'CompileError', issues: r.left.issues }))
      reports.set(o.plan.stack, r.right)
      gates.set(o.plan.stack, policyGate(entries, o.plan, r.right))
      for (const s of o.plan.steps) stackOfStep.set(s, o.plan.stack)
      const blocking = r.right.findings.filter(isBlocking)
      return Promise.resolve(opts.refuse && blocking.length > 0 ? E.left(policyRefusal(blocking)) : E.right(o))
    }

  const beforeStep: PolicyRun['hooks']['beforeStep'] = (step, inputs, known) => {
    const stack = stackOfStep.get(step)
    const gate = stack === undefined ? undefined : gates.get(stack)
    if (gate === undefined) return E.right(undefined)
    const d = gate.beforeStep(step, { inputs, valuesOf: known })
    if (d.proceed) return E.right(undefined)
    return E.left(policyRefusal(d.findings.filter(isBlocking)).message)
  }

  return {
    hooks: { afterPlan, beforeStep },
    report: (stack) => reports.get(stack),
    afterRun: (stack, valuesOf) => void gates.get(stack)?.afterRun(valuesOf),
    findings: (stack) => gates.get(stack)?.findings() ?? [],
  }
}
