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
import { resolveRefs, type Known } from './resolve'
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
 * What checkResolved gives when every value was known and nothing was found: the codec and every
 * rule passed (an empty list otherwise, or the findings).
 */
export const CHECKED_IN_FULL: ReadonlyArray<Finding> = Object.freeze([])

/** Nothing found, but not every value was known (so not CHECKED_IN_FULL): shared, never changed. */
const NOTHING_FOUND: ReadonlyArray<Finding> = Object.freeze([])

/**
 * Inputs a plan checked in full (checkResolved gave CHECKED_IN_FULL), at each vertex's position
 * in the graph's `ordered` (positionsOf; plan and apply share the graph), and the plan's
 * clock then: apply resolves the same refs again, and values equal to these at the same instant
 * need no second check (the codec and the rules are functions of the values and the context).
 */
export interface CheckedAtPlan {
  /** the plan's clock, in ms */
  readonly now: number
  readonly inputs: ReadonlyArray<Readonly<Record<string, unknown>> | undefined>
}

/**
 * Is a value the same as another for the codec and the rules: scalars equal, arrays and plain
 * objects equal key by key in the same order, anything else the very same object.
 */
const sameValue = (a: unknown, b: unknown): boolean => {
  if (a === b) return true
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) return false
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false
    for (let i = 0; i < a.length; i++) if (!sameValue(a[i], b[i])) return false
    return true
  }
  if (Object.getPrototypeOf(a) !== Object.prototype || Object.getPrototypeOf(b) !== Object.prototype) return false
  const ka = Object.keys(a)
  const kb = Object.keys(b)
  if (ka.length !== kb.length) return false
  for (let i = 0; i < ka.length; i++)
    if (ka[i] !== kb[i] || !sameValue((a as Record<string, unknown>)[ka[i]], (b as Record<string, unknown>)[kb[i]]))
      return false
  return true
}

/**
 * Do refs resolve `raw` (a plain record) to the same values as those checked? Without making the
 * resolved copy: each field holding objects is resolved and compared, the others must be raw's
 * own. True means `checked` can stand for what resolveRefs would give.
 */
export const resolvesAsChecked = (
  raw: Readonly<Record<string, unknown>>,
  checked: Readonly<Record<string, unknown>>,
  known: Known,
): boolean => {
  if (Object.getPrototypeOf(raw) !== Object.prototype) return false
  for (const k in raw) {
    const v = raw[k]
    if (typeof v !== 'object' || v === null) {
      if (checked[k] !== v) return false
      continue
    }
    const x = resolveRefs(v, known)
    if (x === v ? checked[k] !== v : !sameValue(x, checked[k])) return false
  }
  return true
}

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
): ReadonlyArray<Finding> => {
  // index loops: this runs for every node with refs at plan and again at apply, much of it
  // before the optimiser has seen it, where for-of allocates an iterator and a result per element
  // (the list is made when something is found: most nodes find nothing)
  let out: Finding[] | undefined
  const invalid = validate(codec, resolved)
  for (let i = 0; i < invalid.length; i++) {
    const r = refOnPath(raw, invalid[i].path)
    if (r) (out ??= []).push(fromRef(invalid[i], r))
  }
  if (out !== undefined) return out
  if (hasUnknown(resolved)) return NOTHING_FOUND
  // every value known: the rules run over all of them
  for (let ri = 0; ri < rules.length; ri++) {
    const rule = rules[ri]
    if (rule.when === 'plan') continue
    // the values were just decoded by the codec these rules belong to
    const found = rule.check(resolved as I, ctx)
    for (let i = 0; i < found.length; i++) {
      const f = found[i]
      if (f.severity === 'warning') continue
      const r = refOnPath(raw, f.path)
      ;(out ??= []).push(r ? fromRef(f, r) : f)
    }
  }
  return out ?? CHECKED_IN_FULL
}
