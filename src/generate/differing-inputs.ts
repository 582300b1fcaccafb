/**
 * The inputs worth writing: those the platform holds that differ from what it gives a field left
 * out (the spec's `platformDefaults` and `defaults`). Stating a default is the same program; this
 * only keeps the generated code short.
 */
import type { ResourceSpec } from '../core/spec'

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b)

const dropAt = (o: Record<string, unknown>, path: ReadonlyArray<string>, dflt: unknown): void => {
  const [head, ...rest] = path
  const v = o[head]
  if (rest.length === 0) {
    if (v !== undefined && same(v, dflt)) delete o[head]
    return
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return
  const inner = { ...(v as Record<string, unknown>) }
  dropAt(inner, rest, dflt)
  if (Object.keys(inner).length === 0) delete o[head]
  else o[head] = inner
}

export const differingInputs = (
  spec: ResourceSpec,
  inputs: Readonly<Record<string, unknown>>,
): Record<string, unknown> => {
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(inputs)) if (v !== undefined) out[k] = v
  for (const [path, dflt] of Object.entries(spec.platformDefaults ?? {}))
    if (!path.includes('*')) dropAt(out, path.split('.'), dflt)
  const defaults = spec.defaults?.(out) ?? {}
  for (const [k, dflt] of Object.entries(defaults)) if (same(out[k], dflt)) delete out[k]
  return out
}

/** What a generated program states for an object: the inputs its spec lets a program set, less the defaults. */
export const statedInputs = (spec: ResourceSpec, inputs: Readonly<Record<string, unknown>>): Record<string, unknown> =>
  differingInputs(spec, spec.discover?.programInputs?.(inputs) ?? inputs)
