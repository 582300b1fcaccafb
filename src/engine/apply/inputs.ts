/**
 * The inputs a step sends: refs resolved as their dependencies finished, values that came through
 * refs checked (the field's codec and the spec's rules, before anything is sent), overrides applied,
 * absent fields dropped, and the pipeline's `beforeStep` gate asked.
 */
import { isLeft } from 'fp-ts/Either'
import { copyFields } from '../../core/copy'
import { issue } from '../../core/issue'
import { CHECKED_IN_FULL, checkResolved, resolvesAsChecked } from '../check-resolved'
import type { ResourceVertex } from '../graph'
import { stepFailure, type StepFailure } from '../handler'
import type { Step } from '../plan'
import { resolveRefs } from '../resolve'
import { hasUnknown } from '../unknown'
import type { RunState } from './run-state'

/** The operation a step's inputs are for, as a failure names it. */
const opOf = (s: Step): StepFailure['op'] =>
  s.action === 'update' ? 'update' : s.action === 'import' ? 'import' : 'create'

/** The inputs to send: refs resolved, overrides applied, absent fields dropped; `at`: the step's clock. */
export const inputsOf = (st: RunState, s: Step, rv: ResourceVertex, p: number, at: Date): Record<string, unknown> => {
  // refs that give again the values the plan checked in full, at the plan's instant: no second
  // check; and with nothing to override or drop, those very inputs are sent (no copy, no walk)
  const atPlan = st.checked?.inputs[p]
  const asChecked =
    atPlan !== undefined && resolvesAsChecked(rv.node.inputs, atPlan, st.valueOf) && at.getTime() === st.checked!.now
  // (the gate is still asked: a check of what the step waits for may only now have its values)
  if (asChecked && !s.overrides && !hasAbsent(atPlan)) return gated(st, s, rv, atPlan)
  // resolveRefs gives a fresh object when it resolved a ref; otherwise the node's own (frozen) one
  const resolved = resolveRefs(rv.node.inputs, st.valueOf) as Record<string, unknown>
  // every value refs gave is known (the common case once dependencies are done), and checked
  const known =
    resolved === rv.node.inputs
      ? false
      : asChecked
        ? !hasUnknown(resolved)
        : checkRefs(st, rv.label, opOf(s), rv.spec.inputs, rv.spec.rules, rv.node.inputs, resolved, s.provider, at)
  // the node's own inputs are copied only to be changed (overrides, absent fields dropped): most
  // nodes without refs are sent and recorded as they are (frozen, so nothing downstream changes them)
  const inputs =
    resolved !== rv.node.inputs ? resolved : s.overrides || hasAbsent(resolved) ? copyFields(resolved) : resolved
  if (s.overrides) Object.assign(inputs, s.overrides)
  for (const k in inputs) if (inputs[k] === undefined) delete inputs[k]
  if ((!known || s.overrides) && hasUnknown(inputs))
    throw stepFailure(
      rv.label,
      'create',
      'an input is still unknown after its dependencies finished (a ref to a field the platform did not return)',
    )
  return gated(st, s, rv, inputs)
}

/** The pipeline's gate (policies on values known only now): a refusal fails the step before it is sent. */
const gated = <I extends Readonly<Record<string, unknown>>>(
  st: RunState,
  s: Step,
  rv: ResourceVertex,
  inputs: I,
): I => {
  const beforeStep = st.env.hooks?.beforeStep
  if (beforeStep === undefined) return inputs
  const g = beforeStep(s, inputs, st.fieldsOf)
  if (isLeft(g)) throw stepFailure(rv.label, s.action === 'update' ? 'update' : 'create', g.left)
  return inputs
}

/**
 * Values that came through refs, checked before anything is sent: the field's codec and the
 * spec's rules, a failure naming the field, what was expected and given, and the ref. False
 * when a value is still unknown (nothing to check yet: what asked says so).
 */
export const checkRefs = (
  st: RunState,
  label: string,
  op: StepFailure['op'],
  codec: Parameters<typeof checkResolved>[0],
  rules: Parameters<typeof checkResolved>[1],
  raw: Readonly<Record<string, unknown>>,
  resolved: Readonly<Record<string, unknown>>,
  provider: string,
  at: Date = st.env.now(),
): boolean => {
  const ctx = { config: st.graph.providers.get(provider)?.config ?? {}, now: at }
  const found = checkResolved(codec, rules, raw, resolved, ctx, st.validate)
  if (found === CHECKED_IN_FULL) return true
  // checkResolved runs no rule over a value still unknown, and gives what the codec found under
  // refs: about an unknown value, that is not what went wrong
  if (found.length === 0 || hasUnknown(resolved)) return false
  const text = found.map((f) => {
    const i = issue(label, f)
    return `field \`${i.path}\`: ${i.message ? i.message + ' ' : ''}expected ${i.expected}, got ${i.given}`
  })
  throw stepFailure(label, op, text.join('; '))
}

/** Does a record hold a field set to undefined (left out when sent)? */
const hasAbsent = (o: Readonly<Record<string, unknown>>): boolean => {
  for (const k in o) if (o[k] === undefined) return true
  return false
}
