/**
 * expectErrors and expectWarnings: assertions over validation findings — the errors a stack
 * compiles to (or a `CompileError` from `runMock`), and the warnings of a plan.
 */
import { isLeft } from 'fp-ts/Either'
import { formatIssue, type Issue } from '../core/issue'
import { labelOf, type Node } from '../core/node'
import type { Registry } from '../core/registry'
import type { HasNode, Stack } from '../core/stack'
import { compile } from '../engine/compile'
import { MOCK_NOW } from '../engine/mock'
import { registry as builtIn } from '../providers'
import { fail } from './fail'
import { describePattern, mismatchesOf, type Pattern } from './match'
import type { PlanLike } from './expect-plan'

// ── model ────────────────────────────────────────────────────────────────────
/** Which issue is meant: its node (a label, a builder or a node), its field path, what it expected. */
export interface IssueQuery {
  /** `cost:CostReport "monthly"`, `provider cost`, or the builder itself */
  readonly node: string | HasNode
  /** dotted field path, `''` for the node itself */
  readonly path?: string
  /** the expectation's text, or a pattern for it (`Match.stringLike(/folder/)`) */
  readonly expected?: Pattern<string>
}

/** Assertions over a list of issues; each returns the same object, so they chain. */
export interface IssueExpectations {
  /** Some issue is of this node, at this path, expecting this. */
  readonly toInclude: (q: IssueQuery) => IssueExpectations
  /** There are exactly `count` issues. */
  readonly toHaveCount: (count: number) => IssueExpectations
  /** The issues themselves, for assertions of one's own. */
  readonly issues: ReadonlyArray<Issue>
}

// ── helpers ──────────────────────────────────────────────────────────────────
const labelOfTarget = (n: string | HasNode): string =>
  typeof n === 'string'
    ? n
    : labelOf('_tag' in n && (n._tag === 'Resource' || n._tag === 'Lookup') ? n : (n as { node: Node }).node)

const expectIssues = (kind: 'error' | 'warning', issues: ReadonlyArray<Issue>): IssueExpectations => {
  const plural = `${kind}s`
  const all = () => (issues.length ? issues.map((i) => `  ${formatIssue(i)}`).join('\n') : '  (none)')
  const self: IssueExpectations = {
    issues,
    toInclude: (q) => {
      const node = labelOfTarget(q.node)
      const fits = (i: Issue) =>
        i.node === node &&
        (q.path === undefined || i.path === q.path) &&
        (q.expected === undefined || mismatchesOf(q.expected, i.expected).length === 0)
      if (!issues.some(fits)) {
        const want = `${node}${q.path === undefined ? '' : ` field \`${q.path}\``}${q.expected === undefined ? '' : ` expecting ${describePattern(q.expected)}`}`
        fail(
          `expected ${kind === 'error' ? 'an error' : 'a warning'} of ${want}, but the ${plural} are:\n${all()}`,
          'toInclude',
          issues.map(formatIssue),
          want,
        )
      }
      return self
    },
    toHaveCount: (count) => {
      if (issues.length !== count)
        fail(
          `expected ${count} ${count === 1 ? kind : plural}, but there ${issues.length === 1 ? 'is' : 'are'} ${issues.length}:\n${all()}`,
          'toHaveCount',
          issues.length,
          count,
        )
      return self
    },
  }
  return self
}

// ── the assertions ───────────────────────────────────────────────────────────
/**
 * Assertions over a stack's validation errors (compiled at the mock's fixed time), or over those
 * a `CompileError` carries (plan-time errors need state: catch them from `runMock`).
 * @example
 * expectErrors(stack('s').add(cost.folder('f', {})))
 *   .toInclude({ node: 'cost:Folder "f"', path: 'title' })
 *   .toHaveCount(1)
 */
export const expectErrors = (
  target: Stack | { readonly _tag: 'CompileError'; readonly issues: ReadonlyArray<Issue> },
  opts: { readonly registry?: Registry } = {},
): IssueExpectations => {
  if (target._tag === 'CompileError')
    return expectIssues(
      'error',
      target.issues.filter((i) => i.severity === 'error'),
    )
  const g = compile(opts.registry ?? builtIn, { now: new Date(MOCK_NOW) })(target)
  return expectIssues('error', isLeft(g) ? g.left.issues.filter((i) => i.severity === 'error') : [])
}

/**
 * Assertions over a plan's warnings (a field the platform keeps, a deprecated value, …).
 * @example
 * expectWarnings(run).toHaveCount(0)
 */
export const expectWarnings = (p: PlanLike): IssueExpectations =>
  expectIssues('warning', ('steps' in p ? p : p.plan).warnings)
