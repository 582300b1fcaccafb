/**
 * Optional + computed inputs (a spec's `computed`): left out, the platform keeps its value. It is
 * recorded as an output (so refs and `state show` see it) and sent back unchanged on update, so a
 * platform whose update replaces the whole object does not clear it.
 */
import type { ResourceSpec } from '../core/spec'
import type { ResourceState } from '../state/state'
import type { Obs } from './handler'
import { copyFields } from '../core/copy'
import { deepEqual } from './diff'
import { defaultsTreeOf, fillDefaults } from './platform-defaults'

/**
 * The outputs to record: the platform's values of computed inputs left out, and of fields holding
 * values the platform filled in (its declared defaults, at any depth), beside its outputs.
 */
export const withComputedOutputs = (
  spec: Pick<ResourceSpec, 'computed' | 'platformDefaults'>,
  inputs: Readonly<Record<string, unknown>>,
  o: Pick<Obs, 'inputs' | 'outputs'>,
): Readonly<Record<string, unknown>> => {
  const outputs = withComputedOnly(spec, inputs, o)
  return spec.platformDefaults === undefined ? outputs : withFilledIn(spec, inputs, o, outputs)
}

/** `outputs` with each field the platform filled in, as it holds it, where that differs from the inputs. */
const withFilledIn = (
  spec: Pick<ResourceSpec, 'platformDefaults'>,
  inputs: Readonly<Record<string, unknown>>,
  o: Pick<Obs, 'inputs'>,
  outputs: Readonly<Record<string, unknown>>,
): Readonly<Record<string, unknown>> => {
  const tree = defaultsTreeOf(spec)!
  let out: Record<string, unknown> | undefined
  for (let i = 0; i < tree.names.length; i++) {
    const k = tree.names[i]
    const held = fillDefaults(tree.keys.get(k)!, o.inputs[k] !== undefined ? o.inputs[k] : inputs[k])
    if (held !== undefined && !deepEqual(held, inputs[k])) (out ??= copyFields(outputs))[k] = held
  }
  return out ?? outputs
}

const withComputedOnly = (
  spec: Pick<ResourceSpec, 'computed'>,
  inputs: Readonly<Record<string, unknown>>,
  o: Pick<Obs, 'inputs' | 'outputs'>,
): Readonly<Record<string, unknown>> => {
  const computed = spec.computed
  if (!computed || computed.length === 0) return o.outputs
  // an indexed loop and a field-by-field copy (see core/copy.ts): every
  // create and update records its outputs here
  let out: Record<string, unknown> | undefined
  for (let i = 0; i < computed.length; i++) {
    const k = computed[i]
    if (inputs[k] === undefined && o.inputs[k] !== undefined) (out ??= copyFields(o.outputs))[k] = o.inputs[k]
  }
  return out ?? o.outputs
}

/** The inputs an update sends: computed inputs left out, as last seen on the platform. */
export const withComputedInputs = (
  spec: Pick<ResourceSpec, 'computed'>,
  inputs: Readonly<Record<string, unknown>>,
  prior: Pick<ResourceState, 'inputs' | 'outputs'>,
): Readonly<Record<string, unknown>> => {
  const computed = spec.computed
  if (!computed || computed.length === 0) return inputs
  let out: Record<string, unknown> | undefined
  for (let i = 0; i < computed.length; i++) {
    const k = computed[i]
    if (inputs[k] !== undefined) continue
    const seen = prior.outputs[k] ?? prior.inputs[k]
    if (seen !== undefined) (out ??= copyFields(inputs))[k] = seen
  }
  return out ?? inputs
}

/**
 * The prior inputs a plan compares with: a computed input left out counts as the value the platform
 * was seen holding, so setting it to that value later is no change (for an identity field such as a
 * default team, not a replacement).
 */
export const withComputedPrior = (
  spec: Pick<ResourceSpec, 'computed'>,
  prior: Pick<ResourceState, 'inputs' | 'outputs'>,
): Readonly<Record<string, unknown>> => {
  const computed = spec.computed
  if (!computed || computed.length === 0) return prior.inputs
  let out: Record<string, unknown> | undefined
  // index loops: these run for every node of such a type in plan and apply, mostly cold, where
  // for-of allocates an iterator and a result per element
  for (let i = 0; i < computed.length; i++) {
    const k = computed[i]
    if (prior.inputs[k] === undefined && prior.outputs[k] !== undefined)
      (out ??= copyFields(prior.inputs))[k] = prior.outputs[k]
  }
  return out ?? prior.inputs
}
