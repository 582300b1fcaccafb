/**
 * Suppressions: a policy silenced on one node, with a reason. One naming a node the program does
 * not hold is an error (it would silently stop matching: cdk-nag#1670); one naming a policy not in
 * force is a warning only, since a pack given only in CI must not break a local run.
 */
import { addressOf, labelOfAddress } from '../core/node'
import type { HasNode } from '../core/stack'
import type { Issue } from '../core/issue'

// ── model ────────────────────────────────────────────────────────────────────
/** A policy silenced on one node, with the reason (see `suppress`). */
export interface Suppression {
  readonly _tag: 'Suppression'
  readonly policy: string
  /** address of the node */
  readonly node: string
  readonly reason: string
}

// ── constructors ─────────────────────────────────────────────────────────────
const addressOfTarget = (n: HasNode | string): string =>
  typeof n === 'string' ? n : addressOf('_tag' in n ? n : n.node)

/**
 * Silence a policy on one node (a builder or an address), saying why; listed with the policies.
 * @example
 * export const policies = [cloudPack, suppress('cloud-release-described', release, 'a placeholder release')]
 */
export const suppress = (policy: string, node: HasNode | string, reason: string): Suppression =>
  Object.freeze({ _tag: 'Suppression' as const, policy, node: addressOfTarget(node), reason })

// ── checks ───────────────────────────────────────────────────────────────────
/**
 * Errors for suppressions naming no node of the program (or giving no reason), warnings for those
 * naming a policy not in force.
 */
export const checkSuppressions = (
  suppressions: ReadonlyArray<Suppression>,
  nodes: ReadonlySet<string>,
  policies: ReadonlySet<string>,
): { readonly errors: ReadonlyArray<Issue>; readonly warnings: ReadonlyArray<string> } => {
  const errors: Issue[] = []
  const warnings: string[] = []
  for (const s of suppressions) {
    const where = `suppression of policy "${s.policy}"`
    if (!nodes.has(s.node))
      errors.push({
        severity: 'error',
        node: where,
        path: 'node',
        expected: 'a node of the program',
        given: JSON.stringify(s.node),
        message: `names ${labelOfAddress(s.node)}, which the program does not hold.`,
      })
    if (typeof s.reason !== 'string' || s.reason.trim() === '')
      errors.push({
        severity: 'error',
        node: where,
        path: 'reason',
        expected: 'a reason (a non-empty string)',
        given: JSON.stringify(s.reason) ?? 'nothing',
      })
    if (!policies.has(s.policy))
      warnings.push(`${where} on ${labelOfAddress(s.node)}: no policy of that name is in force; it suppresses nothing`)
  }
  return { errors, warnings }
}

/** The suppression of this policy on this node, if any. */
export const suppressionOf = (
  suppressions: ReadonlyArray<Suppression>,
  policy: string,
  node: string,
): Suppression | undefined => suppressions.find((s) => s.policy === policy && s.node === node)
