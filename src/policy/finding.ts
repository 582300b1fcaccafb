/**
 * Findings: what a policy reports about a node, and what an evaluation makes of it — a violation,
 * or a check left for apply because it read a value known only then (never a guess either way).
 */

// ── model ────────────────────────────────────────────────────────────────────
/** Does a failing policy stop the run (`mandatory`) or only warn (`advisory`)? */
export type Enforcement = 'mandatory' | 'advisory'

/** What a check returns: the node (an address), the field path when one is to blame, and why. */
export interface Finding {
  /** address of the node, e.g. `cloud:ApiGatewayService/api` */
  readonly node: string
  /** dotted field path, e.g. `netTypes.0` */
  readonly path?: string
  readonly message: string
}

/**
 * What an evaluation reports: a `violation`, or `needs-apply-check` when the check read a value
 * known only after apply (it is re-run at apply, the moment the value is known).
 */
export type FindingStatus = 'violation' | 'needs-apply-check'

/** When a finding was made: over the plan, at the apply gate before a step, or after the run. */
export type FindingStage = 'plan' | 'apply' | 'after-run'

/** A finding as an evaluation reports it: which policy (and pack), how enforced, its status. */
export interface PolicyFinding extends Finding {
  readonly policy: string
  /** the pack the policy came in, when it came in one */
  readonly pack?: string
  readonly enforcement: Enforcement
  readonly status: FindingStatus
  readonly stage: FindingStage
}

/** A finding a suppression silenced, with the suppression's reason. */
export interface SuppressedFinding extends PolicyFinding {
  readonly reason: string
}

// ── destructors ──────────────────────────────────────────────────────────────
/** Does this finding stop the run: a mandatory violation? */
export const isBlocking = (f: PolicyFinding): boolean => f.status === 'violation' && f.enforcement === 'mandatory'

/** A finding in one line: `[mandatory] cloud-outer-needs-guard: cloud:ApiGatewayService/api (netTypes): message`. */
export const formatFinding = (f: PolicyFinding): string =>
  `[${f.status === 'violation' ? f.enforcement : 'checked at apply'}] ${f.policy}: ${f.node}` +
  `${f.path ? ` (${f.path})` : ''}: ${f.message}`
