/**
 * expectFindings: assertions over the findings of policies on a run (`runMock(stack, { policies })`)
 * or any list of findings — `expectFindings(run).toInclude({ policy: 'cost-report-in-folder', node: report })`.
 */
import { addressOf } from '../core/node'
import type { HasNode } from '../core/stack'
import type { Enforcement, FindingStatus, PolicyFinding } from '../policy/finding'
import { formatFinding } from '../policy/finding'
import { fail } from './fail'
import { describePattern, mismatchesOf, type Pattern } from './match'

// ── model ────────────────────────────────────────────────────────────────────
/** Which findings are meant; every field given must match. */
export interface FindingQuery {
  readonly policy?: string
  /** the node: an address or a builder */
  readonly node?: string | HasNode
  readonly path?: string
  readonly status?: FindingStatus
  readonly enforcement?: Enforcement
  /** the message, or a pattern for it (`Match.stringLike(/OUTER/)`) */
  readonly message?: Pattern<string>
}

/** Assertions over findings; each returns the same object, so they chain. */
export interface FindingExpectations {
  /** Some finding matches the query. */
  readonly toInclude: (q: FindingQuery) => FindingExpectations
  /** Exactly `count` findings (matching the query, when given). */
  readonly toHaveCount: (count: number, q?: FindingQuery) => FindingExpectations
  readonly not: {
    /** No finding matches the query. */
    readonly toInclude: (q: FindingQuery) => FindingExpectations
  }
  /** The findings themselves, for assertions of one's own. */
  readonly findings: ReadonlyArray<PolicyFinding>
}

// ── helpers ──────────────────────────────────────────────────────────────────
const addressOfTarget = (n: string | HasNode): string =>
  typeof n === 'string' ? n : addressOf('_tag' in n ? n : n.node)

const matchesQuery = (f: PolicyFinding, q: FindingQuery): boolean =>
  (q.policy === undefined || f.policy === q.policy) &&
  (q.node === undefined || f.node === addressOfTarget(q.node)) &&
  (q.path === undefined || f.path === q.path) &&
  (q.status === undefined || f.status === q.status) &&
  (q.enforcement === undefined || f.enforcement === q.enforcement) &&
  (q.message === undefined || mismatchesOf(q.message, f.message).length === 0)

const describeQuery = (q: FindingQuery): string =>
  Object.entries(q)
    .map(([k, v]) => `${k} ${k === 'node' ? addressOfTarget(v as string | HasNode) : describePattern(v)}`)
    .join(', ') || 'any finding'

const listOf = (fs: ReadonlyArray<PolicyFinding>): string =>
  fs.length === 0 ? '  (no findings)' : fs.map((f) => `  ${formatFinding(f)}`).join('\n')

// ── the assertions ───────────────────────────────────────────────────────────
/**
 * Assertions over the findings of a run made with policies, or over a list of findings.
 * @example
 * const run = await runMock(myStack, { policies: [costPack] })
 * expectFindings(run).toInclude({ policy: 'cost-report-in-folder', node: report, status: 'violation' }).toHaveCount(1)
 */
export const expectFindings = (
  r: { readonly findings: ReadonlyArray<PolicyFinding> } | ReadonlyArray<PolicyFinding>,
): FindingExpectations => {
  const findings: ReadonlyArray<PolicyFinding> = Array.isArray(r)
    ? (r as ReadonlyArray<PolicyFinding>)
    : (r as { readonly findings: ReadonlyArray<PolicyFinding> }).findings
  const self: FindingExpectations = {
    findings,
    toInclude: (q) => {
      if (!findings.some((f) => matchesQuery(f, q)))
        fail(
          `expected a finding with ${describeQuery(q)}, but there is none. Findings:\n${listOf(findings)}`,
          'toInclude',
        )
      return self
    },
    toHaveCount: (count, q = {}) => {
      const found = findings.filter((f) => matchesQuery(f, q))
      if (found.length !== count)
        fail(
          `expected ${count} finding${count === 1 ? '' : 's'} with ${describeQuery(q)}, but there are ${found.length}:\n${listOf(found)}`,
          'toHaveCount',
          found.length,
          count,
        )
      return self
    },
    not: {
      toInclude: (q) => {
        const hit = findings.find((f) => matchesQuery(f, q))
        if (hit)
          fail(`expected no finding with ${describeQuery(q)}, but there is: ${formatFinding(hit)}`, 'not.toInclude')
        return self
      },
    },
  }
  return self
}
