/**
 * recordOf: the state record of what a step made or changed — inputs (secrets protected, the
 * spec's defaults for fields left out), outputs, and when each field last changed.
 */
import { copyFields } from '../../core/copy'
import type { ResourceSpec } from '../../core/spec'
import type { ResourceState } from '../../state/state'
import { withComputedOutputs } from '../computed'
import { defaultsFor } from '../diff'
import type { ResourceVertex } from '../graph'
import type { Obs } from '../handler'
import { protect, type Changed, type RunState } from './run-state'

export const recordOf = (
  st: RunState,
  v: ResourceVertex,
  id: string,
  inputs: Readonly<Record<string, unknown>>,
  o: Obs,
  prior?: ResourceState,
  protectedInputs = protect(st, v.spec, inputs),
  at?: Date,
): ResourceState => {
  const t = st.clock.iso(at)
  // the spec's defaults for fields left out are recorded as what the platform has (added field
  // by field, as copyFields does: one shape per type, not a spread's own)
  const d = defaultsFor(v.spec, inputs)
  if (d) {
    const merged = copyFields(protect(st, v.spec, d))
    for (const k in protectedInputs) merged[k] = protectedInputs[k]
    protectedInputs = merged
  }
  const r: { -readonly [K in keyof ResourceState]: ResourceState[K] } = {
    address: v.address,
    token: v.node.token,
    name: v.node.name,
    provider: v.provider,
    id,
    inputs: protectedInputs,
    outputs: protect(st, v.spec, withComputedOutputs(v.spec, inputs, o)),
    dependencies: v.deps,
    changedAt: prior ? changedSince(prior, protectedInputs, t) : changedNow(st, v.spec, protectedInputs, t),
  }
  if (v.node.options.protect) r.protect = true
  return r
}

/** An update's changedAt: the prior one, with the fields whose value changed now. */
const changedSince = (prior: ResourceState, inputs: Readonly<Record<string, unknown>>, t: string): Changed => {
  const since: Record<string, string> = { ...prior.changedAt }
  for (const k in inputs) if (JSON.stringify(prior.inputs[k]) !== JSON.stringify(inputs[k])) since[k] = t
  return since
}

/**
 * A create's changedAt: every field changed now. Creates of a type recorded in the same clock
 * millisecond with the same fields share one (frozen) object: a mock run records thousands in
 * one millisecond, and each had an object of its own that lived as long as the state.
 */
const changedNow = (st: RunState, spec: ResourceSpec, inputs: Readonly<Record<string, unknown>>, t: string) => {
  const last = st.lastChanged.get(spec)
  if (last !== undefined && last.t === t && sameKeys(inputs, last.keys)) return last.at
  const keys: string[] = []
  const changedAt: Record<string, string> = {}
  for (const k in inputs) {
    keys.push(k)
    changedAt[k] = t
  }
  st.lastChanged.set(spec, { t, keys, at: Object.freeze(changedAt) })
  return changedAt
}

/** Does `o` have exactly these keys, in this order? */
const sameKeys = (o: Readonly<Record<string, unknown>>, keys: ReadonlyArray<string>): boolean => {
  let i = 0
  for (const k in o) if (i >= keys.length || keys[i++] !== k) return false
  return i === keys.length
}
