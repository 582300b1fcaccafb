/**
 * expectPlan: assertions over a plan (or a mock run) that read as sentences —
 * `expectPlan(run).toCreate('cost:Folder', 'finance', { title: 'Finance' }).toHaveCount('cost:Folder', 1)`.
 * Inputs match partially at every depth (see `Match`); a failure names the closest step and how
 * it differs.
 */
import { addressOf } from '../core/node'
import type { Action, Plan, Step } from '../engine/plan'
import { fail, mismatchLines } from './fail'
import { describePattern, mismatchesOf, type Mismatch, type Pattern } from './match'
import { stackOfPlan } from './stack-of-plan'
import type { InputsOfToken, Token } from '../providers/token-types'

// ── model ────────────────────────────────────────────────────────────────────
/** What a run gives (`runMock`, `runOnEmulators`): its plan and the stack's resolved outputs. */
export interface RunLike {
  readonly plan: Plan
  readonly outputs: Readonly<Record<string, unknown>>
}

/** A plan, or a run whose plan is meant. */
export type PlanLike = Plan | RunLike

/** Inputs a step of this token must match: partial at every depth, typed by the token's inputs. */
export type InputsPattern<T extends string> = Pattern<InputsOfToken<T>>

/** An assertion on one kind of step: by token, optionally by name, optionally on its inputs. */
export interface StepAssertion<R> {
  /** a step of this token, with this name when given, whose inputs match when given */
  <T extends Token>(token: T, name?: string, inputs?: InputsPattern<T>): R
  /** a step of this token (any name) whose inputs match */
  <T extends Token>(token: T, inputs: InputsPattern<T>): R
}

/** Assertions over one plan; each returns the same object, so they chain. */
export interface PlanExpectations {
  /** The plan creates such a resource. */
  readonly toCreate: StepAssertion<PlanExpectations>
  /** The plan updates such a resource in place (inputs: what it will send). */
  readonly toUpdate: StepAssertion<PlanExpectations>
  /** The plan replaces such a resource (delete and create). */
  readonly toReplace: StepAssertion<PlanExpectations>
  /** The plan deletes such a resource. */
  readonly toDelete: StepAssertion<PlanExpectations>
  /** The plan adopts such an existing object (`options({ importId })`). */
  readonly toImport: StepAssertion<PlanExpectations>
  /** The plan changes nothing (only reads and unchanged nodes). */
  readonly toHaveNoChanges: () => PlanExpectations
  /**
   * The plan has exactly `count` steps of this token; with `action`, of that action, else of any
   * action but delete and forget (the nodes the stack will hold).
   */
  readonly toHaveCount: (token: Token, count: number, action?: Action) => PlanExpectations
  /** The stack exports this output, matching the pattern (needs a run: outputs are known after apply). */
  readonly toHaveOutput: (name: string, pattern?: unknown) => PlanExpectations
  /** The opposites of the step assertions. */
  readonly not: {
    readonly toCreate: StepAssertion<PlanExpectations>
    readonly toUpdate: StepAssertion<PlanExpectations>
    readonly toReplace: StepAssertion<PlanExpectations>
    readonly toDelete: StepAssertion<PlanExpectations>
    readonly toImport: StepAssertion<PlanExpectations>
  }
}

// ── helpers ──────────────────────────────────────────────────────────────────
const planOf = (p: PlanLike): Plan => ('steps' in p ? p : p.plan)

const describeStep = (s: Step) => `${s.action} ${s.token} "${s.name}"`
const listOf = (steps: ReadonlyArray<Step>) => steps.map(describeStep).join(', ') || '(none)'
const changesIn = (plan: Plan) => plan.steps.filter((s) => s.action !== 'noop' && s.action !== 'read')

/** The stack's own value for a step (refs unresolved), when the plan came from `runMock`. */
const originalOf = (plan: Plan, s: Step): unknown => {
  const node = stackOfPlan(plan)?.nodes.find((n) => addressOf(n) === s.address)
  return node === undefined ? undefined : node._tag === 'Resource' ? node.inputs : node.args
}

/** The mismatches of a step's inputs with a pattern (none when there is no pattern). */
export const stepMismatches = (plan: Plan, s: Step, inputs: unknown): ReadonlyArray<Mismatch> =>
  inputs === undefined ? [] : mismatchesOf(inputs, s.inputs, originalOf(plan, s))

const args = (nameOrInputs: unknown, inputs: unknown): { name?: string; inputs?: unknown } =>
  typeof nameOrInputs === 'string' || nameOrInputs === undefined
    ? { ...(nameOrInputs === undefined ? {} : { name: nameOrInputs }), ...(inputs === undefined ? {} : { inputs }) }
    : { inputs: nameOrInputs }

const closestOf = (plan: Plan, steps: ReadonlyArray<Step>, inputs: unknown) =>
  steps.map((s) => ({ s, m: stepMismatches(plan, s, inputs) })).sort((a, b) => a.m.length - b.m.length)[0]

const expectStep = (plan: Plan, action: Action, token: string, name?: string, inputs?: unknown): void => {
  const op = `to${action[0].toUpperCase()}${action.slice(1)}`
  const candidates = plan.steps.filter((s) => s.token === token && (name === undefined || s.name === name))
  const acting = candidates.filter((s) => s.action === action)
  if (acting.some((s) => stepMismatches(plan, s, inputs).length === 0)) return
  const withInputs = inputs === undefined ? '' : ` with ${describePattern(inputs)}`
  if (name !== undefined) {
    const same = candidates[0]
    if (same && acting.length === 0)
      fail(
        `expected to ${action} ${token} "${name}", but the plan will ${same.action} it${same.notes.length ? ` (${same.notes.join('; ')})` : ''}`,
        op,
        same.action,
        action,
      )
    if (same) {
      const m = stepMismatches(plan, same, inputs)
      fail(
        `the plan will ${action} ${token} "${name}", but its inputs differ:\n${mismatchLines(m, '(inputs)')}`,
        op,
        same.inputs,
        describePattern(inputs),
      )
    }
    const closest = closestOf(
      plan,
      plan.steps.filter((s) => s.token === token && s.action === action),
      inputs,
    )
    fail(
      `expected to ${action} ${token} "${name}"${withInputs}, but the plan has no such step.` +
        (closest
          ? `\nclosest: ${describeStep(closest.s)}${closest.m.length ? `, differing in\n${mismatchLines(closest.m, '(inputs)')}` : ''}`
          : '') +
        `\nplan: ${listOf(changesIn(plan)) === '(none)' ? '(no changes)' : listOf(changesIn(plan))}`,
      op,
      undefined,
      `${action} ${token} "${name}"`,
    )
  }
  if (acting.length === 0)
    fail(
      `expected to ${action} a ${token}${withInputs}, but the plan ${action}s none.\nplan: ${listOf(changesIn(plan)) === '(none)' ? '(no changes)' : listOf(changesIn(plan))}`,
      op,
      undefined,
      `${action} ${token}`,
    )
  const closest = closestOf(plan, acting, inputs)
  fail(
    `expected to ${action} a ${token}${withInputs}, but no ${token} to ${action} matches (${acting.length} checked).` +
      `\nclosest: ${describeStep(closest.s)}, differing in\n${mismatchLines(closest.m, '(inputs)')}`,
    op,
    closest.s.inputs,
    describePattern(inputs),
  )
}

const expectNoStep = (plan: Plan, action: Action, token: string, name?: string, inputs?: unknown): void => {
  const hit = plan.steps.find(
    (s) =>
      s.token === token &&
      s.action === action &&
      (name === undefined || s.name === name) &&
      stepMismatches(plan, s, inputs).length === 0,
  )
  if (!hit) return
  const what = name === undefined ? `a ${token}` : `${token} "${name}"`
  const withInputs = inputs === undefined ? '' : ` with ${describePattern(inputs)}`
  fail(
    `expected the plan not to ${action} ${what}${withInputs}, but it does${name === undefined ? ` (${describeStep(hit)})` : ''}`,
    `not.to${action[0].toUpperCase()}${action.slice(1)}`,
    describeStep(hit),
    undefined,
  )
}

// ── the assertions ───────────────────────────────────────────────────────────
/**
 * Assertions over a plan, or over the plan of a mock run.
 * @example
 * const run = await runMock(myStack)
 * expectPlan(run)
 *   .toCreate('cost:CostReport', 'monthly', { settings: { amortize: true } })
 *   .toHaveCount('cost:Folder', 1)
 *   .toHaveOutput('report', Match.anyValue())
 */
export const expectPlan = (p: PlanLike): PlanExpectations => {
  const plan = planOf(p)
  const step =
    (action: Action, negate: boolean): StepAssertion<PlanExpectations> =>
    (token: string, nameOrInputs?: unknown, inputs?: unknown) => {
      const a = args(nameOrInputs, inputs)
      ;(negate ? expectNoStep : expectStep)(plan, action, token, a.name, a.inputs)
      return self
    }
  const self: PlanExpectations = {
    toCreate: step('create', false),
    toUpdate: step('update', false),
    toReplace: step('replace', false),
    toDelete: step('delete', false),
    toImport: step('import', false),
    toHaveNoChanges: () => {
      const ch = changesIn(plan)
      if (ch.length)
        fail(
          `expected no changes, but the plan will ${ch.map((s) => `${s.action} ${s.token} "${s.name}"${s.diff.length ? ` (${s.diff.map((d) => d.path).join(', ')})` : ''}`).join(', ')}`,
          'toHaveNoChanges',
          ch.map(describeStep),
          [],
        )
      return self
    },
    toHaveCount: (token, count, action) => {
      const found = plan.steps.filter(
        (s) =>
          s.token === token &&
          (action === undefined ? s.action !== 'delete' && s.action !== 'forget' : s.action === action),
      )
      if (found.length !== count)
        fail(
          `expected ${count} ${token} step${count === 1 ? '' : 's'}${action ? ` to ${action}` : ''}, but the plan has ${found.length}: ${listOf(found)}`,
          'toHaveCount',
          found.length,
          count,
        )
      return self
    },
    toHaveOutput: (name, pattern) => {
      if ('steps' in p)
        fail(`toHaveOutput needs a run (from runMock), not a plan: outputs are known only after apply`, 'toHaveOutput')
      const outputs = (p as RunLike).outputs
      if (!Object.prototype.hasOwnProperty.call(outputs, name))
        fail(
          `expected the stack to export "${name}", but it exports ${
            Object.keys(outputs)
              .map((k) => `"${k}"`)
              .join(', ') || 'nothing'
          }`,
          'toHaveOutput',
          Object.keys(outputs),
          name,
        )
      if (pattern !== undefined) {
        const m = mismatchesOf(pattern, outputs[name], stackOfPlan(plan)?.outputs[name])
        if (m.length)
          fail(
            `output "${name}" differs:\n${mismatchLines(m, name)}`,
            'toHaveOutput',
            outputs[name],
            describePattern(pattern),
          )
      }
      return self
    },
    not: {
      toCreate: step('create', true),
      toUpdate: step('update', true),
      toReplace: step('replace', true),
      toDelete: step('delete', true),
      toImport: step('import', true),
    },
  }
  return self
}
