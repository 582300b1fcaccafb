/**
 * The outputs a targeted destroy keeps: it deletes part of a stack, so the outputs recorded before
 * stay as they were while every resource they read is still in state, and go with the last one.
 * (A whole destroy keeps none: its graph declares no outputs and lists none to keep.)
 */
import { refsIn } from '../core/ref'
import type { Stack } from '../core/stack'
import type { ResourceState } from '../state/state'

/** Each output of the stack with the addresses of the nodes it reads. */
export const outputNodes = (s: Stack): Readonly<Record<string, ReadonlyArray<string>>> =>
  Object.fromEntries(Object.entries(s.outputs).map(([k, v]) => [k, [...new Set(refsIn(v).map((r) => r.node))]]))

/**
 * The recorded outputs (`before`, as stored) whose resources all remain: a node that was not in
 * state before (a lookup) does not count, one that was and is gone drops the output.
 */
export const keptOutputs = (
  keep: Readonly<Record<string, ReadonlyArray<string>>> | undefined,
  before: Readonly<Record<string, unknown>>,
  had: Readonly<Record<string, ResourceState>>,
  has: Readonly<Record<string, ResourceState>>,
): Record<string, unknown> => {
  if (!keep) return {}
  const out: Record<string, unknown> = {}
  for (const [k, nodes] of Object.entries(keep))
    if (k in before && nodes.every((n) => !(n in had) || n in has)) out[k] = before[k]
  return out
}
