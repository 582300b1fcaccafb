/**
 * Running one check: its findings, or `unknown` when it read a value known only after apply (even
 * if it caught the view's throw), or `threw` when it failed on its own (never read as a pass).
 */
import type { Finding } from './finding'
import type { Policy, PolicyStep } from './policy'
import type { PolicyView } from './policy-view'

// ── model ────────────────────────────────────────────────────────────────────
export type CheckOutcome =
  | { readonly _tag: 'findings'; readonly findings: ReadonlyArray<Finding> }
  | { readonly _tag: 'unknown'; readonly node: string; readonly path: string }
  | { readonly _tag: 'threw'; readonly message: string }

// ── run ──────────────────────────────────────────────────────────────────────
// a check that finds nothing (most of them) allocates no outcome of its own
const NOTHING: CheckOutcome = Object.freeze({ _tag: 'findings', findings: Object.freeze([]) })

const call = (view: PolicyView, policy: Policy, step: PolicyStep | undefined): unknown =>
  policy._tag === 'StackPolicy'
    ? policy.check({ stack: view.stack, steps: view.steps }, view.ctx)
    : policy.check(step as never, view.ctx)

/** Run a policy: a resource policy over one step (its findings' node defaulting to the step), a stack policy once. */
export const runCheck = (view: PolicyView, policy: Policy, step?: PolicyStep): CheckOutcome => {
  const log = view.log
  log.unknownAt = undefined
  log.unknownOf = undefined
  let found: unknown
  try {
    found = call(view, policy, step)
  } catch (e) {
    // a throw after an unknown read is the view's (or the check's own, once it met one): wait for apply
    if (log.unknownAt !== undefined) return { _tag: 'unknown', node: log.unknownOf!, path: log.unknownAt }
    return { _tag: 'threw', message: e instanceof Error ? e.message : String(e) }
  }
  if (log.unknownAt !== undefined) return { _tag: 'unknown', node: log.unknownOf!, path: log.unknownAt }
  if (!Array.isArray(found)) return { _tag: 'threw', message: `returned ${typeof found}, not a list of findings` }
  if (found.length === 0) return NOTHING
  const findings = found as ReadonlyArray<Omit<Finding, 'node'> & { readonly node?: string }>
  return {
    _tag: 'findings',
    findings: findings.map((f) => (f.node === undefined ? { ...f, node: step!.address } : (f as Finding))),
  }
}
