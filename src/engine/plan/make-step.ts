/**
 * A resource's step, its fields written out in one order (spreading a shared base into every step
 * was most of a no-change plan). A create step's diff is the inputs again, one object per field,
 * and an apply never reads it: it is worked out when read (a rendering or a JSON copy of the plan).
 */
import { objectsOver, sharedGetter } from '../../core/copy'
import type { FieldChange } from '../diff'
import type { ResourceVertex } from '../graph'
import type { Action, Step } from '../plan'

type Writable = { -readonly [K in keyof Step]: Step[K] }

export const makeStep = (
  v: ResourceVertex,
  action: Action,
  diff: ReadonlyArray<FieldChange>,
  inputs: Readonly<Record<string, unknown>>,
  notes: ReadonlyArray<string>,
  overrides?: Readonly<Record<string, unknown>>,
  deleteBeforeReplace?: boolean,
): Step => {
  const out: Writable = {
    address: v.address,
    token: v.node.token,
    name: v.node.name,
    kind: 'Resource',
    provider: v.provider,
    deps: v.deps,
    action,
    diff,
    inputs,
    notes,
  }
  if (deleteBeforeReplace !== undefined) out.deleteBeforeReplace = deleteBeforeReplace
  if (overrides !== undefined) out.overrides = overrides
  return out
}

/** A create's diff: every field given, added. */
const createDiff = (desired: Readonly<Record<string, unknown>>): FieldChange[] => {
  const diff: FieldChange[] = []
  for (const k in desired) {
    const x = desired[k]
    if (x !== undefined) diff.push({ path: k, kind: 'add', before: undefined, after: x, replaces: false })
  }
  return diff
}

/** the diffs of create steps read so far, each made once */
const createDiffs = new WeakMap<object, ReadonlyArray<FieldChange>>()

const CREATE_DIFF = sharedGetter((s: Step): ReadonlyArray<FieldChange> => {
  let d = createDiffs.get(s)
  if (d === undefined) createDiffs.set(s, (d = createDiff(s.inputs)))
  return d
})

const newCreateStep = objectsOver<Writable>()

/** A create step: its diff made when first read, in its place among the fields (makeStep's order). */
export const createStep = (
  v: ResourceVertex,
  desired: Readonly<Record<string, unknown>>,
  notes: ReadonlyArray<string>,
): Step => {
  const out = newCreateStep()
  out.address = v.address
  out.token = v.node.token
  out.name = v.node.name
  out.kind = 'Resource'
  out.provider = v.provider
  out.deps = v.deps
  out.action = 'create'
  Object.defineProperty(out, 'diff', CREATE_DIFF)
  out.inputs = desired
  out.notes = notes
  return out
}
