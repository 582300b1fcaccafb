/**
 * checkResolved: values that arrive through refs are checked like values written in the stack.
 * Compile cannot see them; once resolved (at plan time where known, at apply otherwise) they are
 * validated by the field's codec and the spec's rules before any request, and a finding names the
 * ref the value came from.
 */
import type * as t from 'io-ts'
import { labelOfAddress } from '../core/node'
import { isRef, type Ref } from '../core/ref'
import type { Finding } from '../core/issue'
import type { Rule, RuleContext } from '../core/spec'
import { hasUnknown } from './unknown'
import type { Validate } from './validate'

/** The first ref met walking `raw` along a dotted path (the ref a value at that path came from). */
export const refOnPath = (raw: unknown, path: string): Ref<unknown> | undefined => {
  let v = raw
  for (const k of path === '' ? [] : path.split('.')) {
    if (isRef(v)) return v
    if (v === null || typeof v !== 'object') return undefined
    v = (v as Record<string, unknown>)[k]
  }
  return isRef(v) ? v : undefined
}

/** `cost:getWorkspaces "ws".out.workspaces (mapped)` */
export const describeRef = (r: Ref<unknown>): string =>
  `${labelOfAddress(r.node)}.out${r.path.map((p) => `.${p}`).join('')}${r.mapped > 0 ? ' (through map)' : ''}`

const fromRef = (f: Finding, r: Ref<unknown>): Finding => ({
  ...f,
  message: `${f.message ? f.message.replace(/\.$/, '') + '; ' : ''}the value comes from ${describeRef(r)}.`,
})

/**
 * Findings about the resolved values of a node whose inputs hold refs. Codec findings are those
 * under a ref (the rest compile reported); rules run once every value is known, errors only (any
 * warning compile gave already).
 */
export const checkResolved = <I>(
  codec: t.Mixed,
  rules: ReadonlyArray<Rule<I>>,
  raw: Readonly<Record<string, unknown>>,
  resolved: Readonly<Record<string, unknown>>,
  ctx: RuleContext,
  validate: Validate,
): Finding[] => {
  // index loops: this runs for every node with refs at plan and again at apply, much of it
  // before the optimiser has seen it, where for-of allocates an iterator and a result per element
  const out: Finding[] = []
  const invalid = validate(codec, resolved)
  for (let i = 0; i < invalid.length; i++) {
    const r = refOnPath(raw, invalid[i].path)
    if (r) out.push(fromRef(invalid[i], r))
  }
  if (out.length > 0 || hasUnknown(resolved)) return out
  for (let ri = 0; ri < rules.length; ri++) {
    const rule = rules[ri]
    if (rule.when === 'plan') continue
    // the values were just decoded by the codec these rules belong to
    const found = rule.check(resolved as I, ctx)
    for (let i = 0; i < found.length; i++) {
      const f = found[i]
      if (f.severity === 'warning') continue
      const r = refOnPath(raw, f.path)
      out.push(r ? fromRef(f, r) : f)
    }
  }
  return out
}
