/**
 * refCodecFindings: the refs in a field's value whose output cannot fit the input they are given
 * to (a `Ref<number>` into a string field), found at compile, before any request. `tsc` refuses
 * these in a typed program, but `trellis plan` does not type-check and a `.js` program has no types.
 * A ref with functions applied (`map`) gives a shape known only when they run: its value is
 * checked against the field's codec once resolved, before the node's request (checkResolved).
 */
import * as t from 'io-ts'
import type { Registry } from '../core/registry'
import type { Finding } from '../core/issue'
import { isRef, type Ref } from '../core/ref'
import { isSecret } from '../core/secret'
import { labelOfAddress } from '../core/node'
import { codecAt, fits, shapeOf } from './codec-shape'

const ID: t.Mixed = t.string

export const refCodecFindings = (
  field: string,
  value: unknown,
  codec: t.Mixed,
  outputOf: (r: Ref<unknown>) => t.Mixed | undefined,
): Finding[] => {
  const out: Finding[] = []
  walk(field, value, codec, outputOf, out)
  return out
}

const walk = (
  path: string,
  v: unknown,
  codec: t.Mixed,
  outputOf: (r: Ref<unknown>) => t.Mixed | undefined,
  out: Finding[],
): void => {
  if (typeof v !== 'object' || v === null || isSecret(v)) return
  if (isRef(v)) {
    if (v.mapped > 0) return
    const given = outputOf(v)
    if (given && !fits(shapeOf(given), shapeOf(codec)))
      out.push({
        path,
        expected: codec.name,
        given: v,
        message: `the value comes from ${labelOfAddress(v.node)}.out.${v.path.join('.')}, which gives ${given.name}: it does not fit ${codec.name}.`,
      })
    return
  }
  if (Array.isArray(v)) for (let i = 0; i < v.length; i++) walkInto(path, i, v[i], codec, outputOf, out)
  else for (const k of Object.keys(v)) walkInto(path, k, (v as Record<string, unknown>)[k], codec, outputOf, out)
}

const walkInto = (
  path: string,
  k: string | number,
  x: unknown,
  codec: t.Mixed,
  outputOf: (r: Ref<unknown>) => t.Mixed | undefined,
  out: Finding[],
): void => {
  // scalars hold no ref: no codec to look into
  if (typeof x !== 'object' || x === null) return
  const inner = codecAt(codec, [k])
  if (inner) walk(`${path}.${k}`, x, inner, outputOf, out)
}

/** The codec of what a ref gives: the output (or input read back) at its path on a node of type `token`. */
export const refOutputCodec = (registry: Registry, token: string, path: ReadonlyArray<string>): t.Mixed | undefined => {
  if (path.length === 0) return undefined
  const r = registry.resources.get(token)
  const l = r ? undefined : registry.lookups.get(token)
  const found = r
    ? (codecAt(r.outputs, path) ?? codecAt(r.inputs, path))
    : l
      ? (codecAt(l.result, path) ?? codecAt(l.args, path))
      : undefined
  // the remote id every node has
  return found ?? (path.length === 1 && path[0] === 'id' ? ID : undefined)
}
