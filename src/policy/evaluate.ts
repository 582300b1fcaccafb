/**
 * Evaluating policies over a plan: pure and synchronous, ready to be the pipeline's `policies`
 * stage (`(plan) => report`). Each resource policy runs over the nodes of its token the stack will
 * hold, each stack policy once; a check that read a value known only after apply gives a
 * `needs-apply-check` finding for its node (re-run at apply by the gate, see apply-gate.ts).
 */
import * as E from 'fp-ts/Either'
import type { Issue } from '../core/issue'
import { labelOfAddress } from '../core/node'
import type { Plan, Step } from '../engine/plan'
import type { Enforcement, FindingStage, PolicyFinding, SuppressedFinding } from './finding'
import { gatherPolicies, type GatheredPolicies, type PackRecord, type PolicyInForce } from './policy-entries'
import { isHeld, policyView, type NodeValues, type PolicyView } from './policy-view'
import { runCheck, type CheckOutcome } from './run-check'
import { checkSuppressions, suppressionOf, type Suppression } from './suppress'

// ── model ────────────────────────────────────────────────────────────────────
/** What an evaluation gives: findings, the ones suppressed, warnings, and the packs in force. */
export interface PolicyReport {
  /** violations and checks left for apply, in plan order of the policies */
  readonly findings: ReadonlyArray<PolicyFinding>
  readonly suppressed: ReadonlyArray<SuppressedFinding>
  /** suppressions naming a policy not in force, each named */
  readonly warnings: ReadonlyArray<string>
  readonly packs: ReadonlyArray<PackRecord>
}

/** Policies that cannot be evaluated: malformed entries, suppressions of no node, checks that threw. */
export interface PolicyError {
  readonly _tag: 'PolicyError'
  readonly issues: ReadonlyArray<Issue>
}

/** What is known of the stack's current objects (e.g. `State`): their outputs, for unchanged nodes. */
export interface EvaluateOptions {
  readonly state?: {
    readonly resources: Readonly<Record<string, { readonly outputs: Readonly<Record<string, unknown>> }>>
  }
}

// ── helpers ──────────────────────────────────────────────────────────────────
/** The findings of one check's outcome, split by the suppressions; a check that threw is an issue. */
export const findingsOf = (
  o: CheckOutcome,
  p: PolicyInForce,
  at: { readonly node?: string; readonly stage: FindingStage; readonly enforcement?: Enforcement },
  suppressions: ReadonlyArray<Suppression>,
): { findings: PolicyFinding[]; suppressed: SuppressedFinding[]; issue?: Issue } => {
  const base = {
    policy: p.policy.name,
    ...(p.pack === undefined ? {} : { pack: p.pack }),
    enforcement: at.enforcement ?? p.policy.enforcement,
    stage: at.stage,
  }
  const findings: PolicyFinding[] = []
  const suppressed: SuppressedFinding[] = []
  if (o._tag === 'threw') {
    const node = at.node === undefined ? `policy "${p.policy.name}"` : labelOfAddress(at.node)
    const issue: Issue = {
      severity: 'error',
      node,
      path: '',
      expected: `policy "${p.policy.name}" to check without failing`,
      given: o.message,
    }
    return { findings, suppressed, issue }
  }
  const raw =
    o._tag === 'unknown'
      ? [
          {
            node: at.node ?? o.node,
            path: o.path,
            message: `reads ${o.node === (at.node ?? o.node) ? '' : `${labelOfAddress(o.node)}'s `}${o.path}, known only after apply: checked at apply`,
            status: 'needs-apply-check' as const,
          },
        ]
      : o.findings.map((f) => ({ ...f, status: 'violation' as const }))
  for (const f of raw) {
    const s = suppressionOf(suppressions, p.policy.name, f.node)
    const finding: PolicyFinding = { ...base, ...f }
    if (s === undefined) findings.push(finding)
    else suppressed.push({ ...finding, reason: s.reason })
  }
  return { findings, suppressed }
}

/** A node's values at plan time: its planned inputs, and its outputs when it keeps the recorded ones. */
const plannedValues =
  (opts: EvaluateOptions) =>
  (s: Step): NodeValues => {
    const r = opts.state?.resources[s.address]
    const keeps = r !== undefined && (s.action === 'noop' || s.action === 'update')
    // a step is values with no outputs (unknown) as it is: no object made per node read
    return keeps ? { inputs: s.inputs, outputs: r.outputs } : s
  }

/** Run every policy in force over a view (what the plan and the end of a run both do). */
export const checkAll = (
  g: GatheredPolicies,
  view: PolicyView,
  stage: FindingStage,
  only?: (p: PolicyInForce, node?: string) => boolean,
): { findings: PolicyFinding[]; suppressed: SuppressedFinding[]; issues: Issue[] } => {
  const findings: PolicyFinding[] = []
  const suppressed: SuppressedFinding[] = []
  const issues: Issue[] = []
  const keep = (r: ReturnType<typeof findingsOf>) => {
    findings.push(...r.findings)
    suppressed.push(...r.suppressed)
    if (r.issue) issues.push(r.issue)
  }
  const keepAny = (r: CheckOutcome, p: PolicyInForce, node?: string) => {
    if (!(r._tag === 'findings' && r.findings.length === 0))
      keep(findingsOf(r, p, node === undefined ? { stage } : { node, stage }, g.suppressions))
  }
  for (const p of g.policies) {
    const policy = p.policy
    if (policy._tag === 'StackPolicy') {
      if (only === undefined || only(p)) keepAny(runCheck(view, policy), p)
      continue
    }
    for (const s of view.byToken(policy.token))
      if (only === undefined || only(p, s.address)) keepAny(runCheck(view, policy, s), p, s.address)
  }
  return { findings, suppressed, issues }
}

// ── evaluate ─────────────────────────────────────────────────────────────────
/**
 * Evaluate policies over a plan (pure, synchronous): a Left when an entry is malformed, a
 * suppression names no node of the program, or a check threw; else the report.
 * @example
 * const report = evaluatePolicies([cloudPack, suppress('cloud-release-described', release, 'why')])(plan)
 */
export const evaluatePolicies =
  (entries: ReadonlyArray<unknown>, opts: EvaluateOptions = {}) =>
  (plan: Plan): E.Either<PolicyError, PolicyReport> => {
    const g = gatherPolicies(entries)
    // the program's nodes, for suppressions to name (none given: no set of every address made)
    const nodes = new Set<string>()
    if (g.suppressions.length > 0)
      for (const s of plan.steps) if (isHeld(s) || s.kind === 'Lookup') nodes.add(s.address)
    const sup = checkSuppressions(g.suppressions, nodes, new Set(g.policies.map((p) => p.policy.name)))
    const errors = [...g.errors, ...sup.errors]
    if (errors.length > 0) return E.left({ _tag: 'PolicyError', issues: errors })
    const r = checkAll(g, policyView(plan, plannedValues(opts)), 'plan')
    if (r.issues.length > 0) return E.left({ _tag: 'PolicyError', issues: r.issues })
    return E.right({ findings: r.findings, suppressed: r.suppressed, warnings: sup.warnings, packs: g.packs })
  }
