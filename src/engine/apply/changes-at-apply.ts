/**
 * What still differs at apply between what is recorded and what a step's inputs are now, all known:
 * the diff options of update and import (no replace rule applies any more; the node's ignored
 * fields, the type's equalities and the platform's defaults as at plan).
 */
import { diffInputs, type FieldChange } from '../diff'
import type { ResourceVertex } from '../graph'
import { defaultsTreeOf } from '../platform-defaults'
import type { RunState } from './run-state'

export const changesAtApply = (
  st: RunState,
  v: ResourceVertex,
  before: Readonly<Record<string, unknown>>,
  after: Readonly<Record<string, unknown>>,
  /** the type's computed fields are compared as at plan (an update's prior has them filled in) */
  withComputed: boolean,
): ReadonlyArray<FieldChange> =>
  diffInputs(before, after, {
    replaceOn: [],
    ignore: v.node.options.ignoreChanges ?? [],
    equals: v.spec.equals ?? {},
    updatable: true,
    protector: st.protector,
    ...(withComputed ? { computed: v.spec.computed ?? [] } : {}),
    filled: defaultsTreeOf(v.spec),
  })
