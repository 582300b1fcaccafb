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
const outcome = (view: PolicyView, f: () => ReadonlyArray<Finding>): CheckOutcome => {
  const log = view.log
  log.unknownAt = undefined
  log.unknownOf = undefined
  try {
    const findings = f()
    if (log.unknownAt !== undefined) return { _tag: 'unknown', node: log.unknownOf!, path: log.unknownAt }
    if (!Array.isArray(findings))
      return { _tag: 'threw', message: `returned ${typeof findings}, not a list of findings` }
    return { _tag: 'findings', findings }
  } catch (e) {
    if (log.unknownAt !== undefined) return { _tag: 'unknown', node: log.unknownOf!, path: log.unknownAt }
    // an UnknownRead of another evaluation's view (a value kept from an earlier check) is a fault too
    return { _tag: 'threw', message: e instanceof Error ? e.message : String(e) }
  }
}

/** Run a policy: a resource policy over one step (its findings' node defaulting to the step), a stack policy once. */
export const runCheck = (view: PolicyView, policy: Policy, step?: PolicyStep): CheckOutcome => {
  if (policy._tag === 'StackPolicy')
    return outcome(view, () => policy.check({ stack: view.stack, steps: view.steps }, view.ctx))
  const s = step!
  const o = outcome(view, () => policy.check(s, view.ctx) as ReadonlyArray<Finding>)
  if (o._tag !== 'findings' || o.findings.every((f) => f.node !== undefined)) return o
  return { _tag: 'findings', findings: o.findings.map((f) => (f.node === undefined ? { ...f, node: s.address } : f)) }
}
