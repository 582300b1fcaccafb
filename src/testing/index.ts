/**
 * trellis/testing: assertions over plans and mock runs, for users' own unit tests. Failure
 * messages show the closest mismatch, not just "expected true".
 */
import { isLeft } from 'fp-ts/Either'
import type { Stack } from '../core/stack'
import { isRef } from '../core/ref'
import { isSecret, reveal } from '../core/secret'
import { deepEqual } from '../engine/diff'
import { formatEngineError } from '../engine/operations'
import type { Action, Plan, Step } from '../engine/plan'
import { mockWith, type MockOptions, type MockRun } from '../engine/mock'
import { registry } from '../providers'
import { displayValue } from '../engine/render'

export class PlanAssertionError extends Error {
  override name = 'PlanAssertionError'
}

/** Run a stack on the mock interpreter; throws with every error (node, field, expected, given). */
export const runMock = async (stack: Stack, opts: MockOptions = {}): Promise<MockRun> => {
  const r = await mockWith(registry)(stack, opts)()
  if (isLeft(r)) throw new PlanAssertionError(formatEngineError(r.left))
  return r.right
}

const plain = (u: unknown): unknown => (isSecret(u) ? reveal(u) : u)

/** fields of `expected` that `actual` does not match (deeply; refs match anything) */
const mismatches = (expected: Readonly<Record<string, unknown>>, actual: Readonly<Record<string, unknown>>): string[] =>
  Object.entries(expected)
    .filter(([k, v]) => !(isRef(actual[k]) || deepEqual(plain(v), plain(actual[k]))))
    .map(
      (k) =>
        `${k[0]}: expected ${JSON.stringify(displayValue(k[1]))}, got ${JSON.stringify(displayValue(actual[k[0]])) ?? 'nothing'}`,
    )

const describe = (s: Step) => `${s.action} ${s.token} "${s.name}"`

const expectStep = (
  plan: Plan,
  action: Action,
  token: string,
  name: string,
  inputs: Readonly<Record<string, unknown>> | undefined,
  negate: boolean,
): void => {
  const candidates = plan.steps.filter((s) => s.token === token && s.name === name)
  const hit = candidates.find((s) => s.action === action && (!inputs || mismatches(inputs, s.inputs).length === 0))
  if (negate) {
    if (hit) throw new PlanAssertionError(`expected the plan not to ${action} ${token} "${name}", but it does`)
    return
  }
  if (hit) return
  const same = candidates[0]
  if (same && same.action !== action)
    throw new PlanAssertionError(
      `expected to ${action} ${token} "${name}", but the plan will ${same.action} it${same.notes.length ? ` (${same.notes.join('; ')})` : ''}`,
    )
  if (same && inputs)
    throw new PlanAssertionError(
      `${token} "${name}" will be ${action}d, but its inputs differ:\n  ${mismatches(inputs, same.inputs).join('\n  ')}`,
    )
  // closest: same token, fewest mismatching fields
  const others = plan.steps.filter((s) => s.token === token && s.action === action)
  const closest = others
    .map((s) => ({ s, m: inputs ? mismatches(inputs, s.inputs) : [] }))
    .sort((a, b) => a.m.length - b.m.length)[0]
  throw new PlanAssertionError(
    `expected to ${action} ${token} "${name}", but the plan has no such step.` +
      (closest
        ? `\nclosest: ${describe(closest.s)}${closest.m.length ? `, differing in\n  ${closest.m.join('\n  ')}` : ''}`
        : '') +
      `\nplan: ${
        plan.steps
          .filter((s) => s.action !== 'noop')
          .map(describe)
          .join(', ') || '(no changes)'
      }`,
  )
}

export interface PlanExpectations {
  readonly toCreate: (token: string, name: string, inputs?: Readonly<Record<string, unknown>>) => PlanExpectations
  readonly toUpdate: (token: string, name: string, inputs?: Readonly<Record<string, unknown>>) => PlanExpectations
  readonly toReplace: (token: string, name: string) => PlanExpectations
  readonly toDelete: (token: string, name: string) => PlanExpectations
  readonly toHaveNoChanges: () => PlanExpectations
  readonly not: {
    readonly toCreate: (token: string, name: string) => PlanExpectations
    readonly toUpdate: (token: string, name: string) => PlanExpectations
    readonly toReplace: (token: string, name: string) => PlanExpectations
    readonly toDelete: (token: string, name: string) => PlanExpectations
  }
}

/** `expectPlan(run.plan).toCreate('cost:Folder', 'finance', { title: 'Finance' })` */
export const expectPlan = (p: Plan | MockRun): PlanExpectations => {
  const plan = 'steps' in p ? p : p.plan
  const self: PlanExpectations = {
    toCreate: (t, n, i) => (expectStep(plan, 'create', t, n, i, false), self),
    toUpdate: (t, n, i) => (expectStep(plan, 'update', t, n, i, false), self),
    toReplace: (t, n) => (expectStep(plan, 'replace', t, n, undefined, false), self),
    toDelete: (t, n) => (expectStep(plan, 'delete', t, n, undefined, false), self),
    toHaveNoChanges: () => {
      const ch = plan.steps.filter((s) => s.action !== 'noop' && s.action !== 'read')
      if (ch.length)
        throw new PlanAssertionError(
          `expected no changes, but the plan will ${ch.map((s) => `${s.action} ${s.token} "${s.name}"${s.diff.length ? ` (${s.diff.map((d) => d.path).join(', ')})` : ''}`).join(', ')}`,
        )
      return self
    },
    not: {
      toCreate: (t, n) => (expectStep(plan, 'create', t, n, undefined, true), self),
      toUpdate: (t, n) => (expectStep(plan, 'update', t, n, undefined, true), self),
      toReplace: (t, n) => (expectStep(plan, 'replace', t, n, undefined, true), self),
      toDelete: (t, n) => (expectStep(plan, 'delete', t, n, undefined, true), self),
    },
  }
  return self
}

export type { MockRun, MockOptions }
