/**
 * A resource's step: its refs resolved as far as known, the values that came through them
 * checked, the platform's defaults shown, then create or import (not in state), a requested
 * replace, or the diff against state (noop, or changedStep's update/replace).
 */
import { issue } from '../../core/issue'
import type { RuleContext } from '../../core/spec'
import type { Protector } from '../../state/protect'
import type { ResourceState } from '../../state/state'
import { CHECKED_IN_FULL, checkResolved } from '../check-resolved'
import { withComputedPrior } from '../computed'
import { defaultsFor, diffInputs, type DiffOptions } from '../diff'
import type { ResourceVertex } from '../graph'
import type { Step } from '../plan'
import { defaultsTreeOf } from '../platform-defaults'
import { resolveRefs } from '../resolve'
import { hasUnknown } from '../unknown'
import { changedStep } from './changed-step'
import { createStep, makeStep } from './make-step'
import { NONE, planRulesOf, ruleCtxOf, type PlanCtx } from './plan-context'

const diffOptions = (
  spec: ResourceVertex['spec'],
  ignore: ReadonlyArray<string>,
  protector: Protector,
): DiffOptions => ({
  replaceOn: spec.replaceOn,
  ignore,
  equals: spec.equals ?? {},
  updatable: spec.wire.update !== undefined,
  protector,
  computed: spec.computed ?? NONE,
  filled: defaultsTreeOf(spec),
})

const diffOptionsOf = (v: ResourceVertex, c: PlanCtx): DiffOptions => {
  const ignore = v.node.options.ignoreChanges
  if (ignore !== undefined && ignore.length > 0) return diffOptions(v.spec, ignore, c.i.protector)
  let o = c.diffOptions.get(v.spec)
  if (!o) c.diffOptions.set(v.spec, (o = diffOptions(v.spec, NONE, c.i.protector)))
  return o
}

/** Values known now that came through refs are checked now (not found out by the platform), kept for apply when in full. */
const checkThroughRefs = (v: ResourceVertex, at: number, resolved: Record<string, unknown>, c: PlanCtx): void => {
  const found = checkResolved(v.spec.inputs, v.spec.rules, v.node.inputs, resolved, ruleCtxOf(v, c), c.validate)
  for (let fi = 0; fi < found.length; fi++) c.errors.push(issue(v.label, found[fi]))
  if (found === CHECKED_IN_FULL) c.checked[at] = resolved
}

/**
 * The spec's `when: 'plan'` rules once every value is known: they see what exists (`prior`), and
 * for a create the provider as resolved (e.g. the workspaces its token sees).
 */
const checkPlanRules = (
  v: ResourceVertex,
  prior: ResourceState | undefined,
  desired: Record<string, unknown>,
  c: PlanCtx,
) => {
  const rules = planRulesOf(v.spec, c)
  if (rules.length === 0 || hasUnknown(desired)) return
  const shared = ruleCtxOf(v, c)
  const ctx: RuleContext =
    prior === undefined
      ? shared
      : {
          config: shared.config,
          now: shared.now,
          prior: { inputs: prior.inputs, outputs: prior.outputs, changedAt: prior.changedAt },
        }
  for (let ri = 0; ri < rules.length; ri++) {
    const found = rules[ri].check(desired, ctx)
    for (let fi = 0; fi < found.length; fi++)
      (found[fi].severity === 'warning' ? c.warnings : c.errors).push(issue(v.label, found[fi]))
  }
}

/** `--replace` named this resource. */
const requestedReplace = (v: ResourceVertex, prior: ResourceState, desired: Record<string, unknown>, c: PlanCtx) => {
  const { spec, node } = v
  if (node.options.protect || prior.protect)
    c.errors.push(
      issue(v.label, {
        path: '',
        expected: 'an unprotected resource to replace',
        given: 'protect: true',
        message: 'is protected; remove `protect` first to replace it.',
      }),
    )
  const deleteFirst = node.options.deleteBeforeReplace ?? spec.deleteBeforeReplace ?? false
  return makeStep(v, 'replace', NONE, desired, ['replace: requested (--replace)'], undefined, deleteFirst)
}

/** A resource not in state: imported (importId) or created. */
const newStep = (v: ResourceVertex, desired: Record<string, unknown>, defaultNotes: ReadonlyArray<string>): Step => {
  const importId = v.node.options.importId
  if (importId === undefined) return createStep(v, desired, defaultNotes)
  const format = v.spec.identity.importFormat
  const note = `import ${JSON.stringify(importId)} (${format}), then update to match the stack if it differs`
  return makeStep(v, 'import', NONE, desired, [note])
}

const defaultsNotes = (defaulted: Readonly<Record<string, unknown>> | undefined): ReadonlyArray<string> => {
  if (!defaulted) return NONE
  let each = ''
  for (const k in defaulted) each += `${each === '' ? '' : ', '}${k} = ${JSON.stringify(defaulted[k])}`
  return [`defaults the platform applies: ${each}`]
}

/** The step of resource `v`; `at`: its position in `graph.ordered`. */
export const planResource = (v: ResourceVertex, at: number, prior: ResourceState | undefined, c: PlanCtx): Step => {
  const { spec, node } = v
  const answered = c.tally.known
  const resolved = resolveRefs(node.inputs, c.known) as Record<string, unknown>
  // every ref gave UNKNOWN (refs to computed outputs of nodes being created): the values are the
  // node's own, which compile checked, and the rules wait for every value
  const allUnknown = resolved !== node.inputs && c.tally.known === answered
  if (resolved !== node.inputs && !allUnknown) checkThroughRefs(v, at, resolved, c)
  // what the platform will give the fields left out, shown and recorded (never sent); none while
  // a value is unknown (defaultsFor's own answer then)
  const defaulted = allUnknown ? undefined : defaultsFor(spec, resolved)
  const desired = defaulted ? { ...resolved, ...defaulted } : resolved
  const defaultNotes = defaultsNotes(defaulted)
  if (!prior && v.node.options.importId === undefined) checkPlanRules(v, undefined, desired, c)
  if (!prior) return newStep(v, desired, defaultNotes)
  checkPlanRules(v, prior, desired, c)
  if (c.i.replace?.has(v.address)) return requestedReplace(v, prior, desired, c)
  const options = diffOptionsOf(v, c)
  const before = withComputedPrior(spec, prior)
  const diff0 = diffInputs(before, desired, defaulted ? { ...options, defaults: defaulted } : options)
  const keep = spec.keepOnUpdate ?? NONE
  const ignore = node.options.ignoreChanges ?? NONE
  // the common case: nothing changed and no field is held at its applied value
  if (diff0.length === 0 && keep.length === 0 && ignore.length === 0) return makeStep(v, 'noop', NONE, desired, NONE)
  return changedStep(v, prior, desired, defaultNotes, diff0, keep, ignore, c)
}
