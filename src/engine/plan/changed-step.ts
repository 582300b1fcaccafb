/**
 * A resource in state whose inputs differ, or that holds fields at their applied value: update,
 * replace or noop. Fields fixed after creation (keepOnUpdate) and ignored ones keep their applied
 * value (the step's `overrides`); a change that replaces a protected resource is an issue.
 */
import { issue } from '../../core/issue'
import type { ResourceState } from '../../state/state'
import type { FieldChange } from '../diff'
import type { ResourceVertex } from '../graph'
import type { Step } from '../plan'
import { makeStep } from './make-step'
import type { PlanCtx } from './plan-context'

/** What the step sends and keeps: the desired inputs with the held fields at their applied value. */
interface Held {
  effective: Readonly<Record<string, unknown>>
  readonly overrides: Record<string, unknown>
  readonly notes: string[]
}

const hold = (h: Held, prior: ResourceState, field: string): void => {
  h.effective = { ...h.effective, [field]: prior.inputs[field] }
  h.overrides[field] = prior.inputs[field]
}

/** The diff without the fields fixed after creation, each held (with a warning and a note). */
const withoutFixed = (
  v: ResourceVertex,
  prior: ResourceState,
  diff0: ReadonlyArray<FieldChange>,
  keep: ReadonlyArray<string>,
  h: Held,
  c: PlanCtx,
): ReadonlyArray<FieldChange> => {
  if (keep.length === 0) return diff0
  return diff0.filter((d) => {
    if (!keep.includes(d.path)) return true
    c.warnings.push(
      issue(v.label, {
        severity: 'warning',
        path: d.path,
        expected: `the value set at creation (${d.path} cannot be changed on the platform)`,
        given: d.after,
        message: 'is fixed after creation; the existing value is kept.',
      }),
    )
    h.notes.push(`${d.path} cannot change after creation: keeping the existing value`)
    hold(h, prior, d.path)
    return false
  })
}

/** The replace step of a diff with fields that cannot change in place. */
const replaceStep = (
  v: ResourceVertex,
  prior: ResourceState,
  diff: ReadonlyArray<FieldChange>,
  replaces: ReadonlyArray<FieldChange>,
  h: Held,
  c: PlanCtx,
): Step => {
  const { spec, node } = v
  const paths = replaces.map((d) => d.path).join(', ')
  if (node.options.protect || prior.protect)
    c.errors.push(
      issue(v.label, {
        path: replaces[0].path,
        expected: 'a change that does not replace a protected resource',
        given: replaces[0].after,
        message: `is protected and changing ${paths} would replace it; remove \`protect\` first.`,
      }),
    )
  const why =
    spec.wire.update === undefined
      ? `the platform cannot update ${spec.type} in place`
      : `${paths} cannot change in place`
  const deleteFirst = node.options.deleteBeforeReplace ?? spec.deleteBeforeReplace ?? false
  const gone = spec.wire.delete === 'forget' ? 'forgotten (the platform has no delete)' : 'deleted'
  const order = deleteFirst
    ? `delete first: the old ${spec.type} is ${gone} before the new one is created`
    : `create first: the new ${spec.type} is created, then the old one is ${gone}`
  const notes = [...h.notes, `replace: ${why}; ${order}`]
  return makeStep(v, 'replace', diff, h.effective, notes, h.overrides, deleteFirst)
}

/** The step of a resource in state whose diff is `diff0` or that holds fields (see the module doc). */
export const changedStep = (
  v: ResourceVertex,
  prior: ResourceState,
  desired: Readonly<Record<string, unknown>>,
  defaultNotes: ReadonlyArray<string>,
  diff0: ReadonlyArray<FieldChange>,
  keep: ReadonlyArray<string>,
  ignore: ReadonlyArray<string>,
  c: PlanCtx,
): Step => {
  const h: Held = { effective: desired, overrides: {}, notes: [...defaultNotes] }
  const diff = withoutFixed(v, prior, diff0, keep, h, c)
  // ignored fields keep their applied value
  for (const f of ignore) if (prior.inputs[f] !== undefined) hold(h, prior, f)
  if (diff.length === 0) return makeStep(v, 'noop', diff, h.effective, h.notes, h.overrides)
  const replaces = diff.filter((d) => d.replaces)
  if (replaces.length > 0) return replaceStep(v, prior, diff, replaces, h, c)
  return makeStep(v, 'update', diff, h.effective, h.notes, h.overrides)
}
