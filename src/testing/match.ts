/**
 * Matchers: how an expected value is compared with what a plan holds. A plain value matches
 * partially at every depth (objects may hold more fields than the pattern names; arrays match
 * element by element); `Match.*` say otherwise where it matters. A failed match is a list of
 * mismatches, each naming the path, what was expected and what was found, so a failure can show
 * the closest candidate rather than "expected true".
 */
import { isRef } from '../core/ref'
import { isSecret, isSecretMarker, reveal, type Secret } from '../core/secret'
import { addressOf, type Node } from '../core/node'
import type { HasNode } from '../core/stack'
import { isUnknown } from '../engine/unknown'
import { displayValue } from '../render/render'

// ── model ────────────────────────────────────────────────────────────────────
const MATCHER: unique symbol = Symbol.for('trellis.testing.matcher')

/** One way an actual value differs from a pattern. */
export interface Mismatch {
  /** dotted path from the compared value's root, e.g. `settings.amortize`; '' for the root */
  readonly path: string
  /** what the pattern wanted, in words */
  readonly expected: string
  /** what was there, display-safe (secrets as [secret]) */
  readonly actual: unknown
}

/** What a matcher sees besides the value: where it is, and the stack's own value there (refs intact). */
export interface MatchContext {
  readonly path: ReadonlyArray<string>
  /** the value the stack wrote at this path before refs were resolved, when known */
  readonly original?: unknown
}

/** A value that decides for itself whether an actual value matches (see `Match`). */
export interface Matcher {
  readonly [MATCHER]: true
  /** how the matcher reads in a failure message, e.g. `a string like /^Monthly/` */
  readonly description: string
  readonly test: (actual: unknown, ctx: MatchContext) => ReadonlyArray<Mismatch>
}

/** A matcher that keeps what it matched (`Match.capture`): the last value, and all in order. */
export interface Capture<T> extends Matcher {
  /** the value matched last (undefined before any match) */
  readonly value: T | undefined
  /** every value matched, in the order compared */
  readonly values: ReadonlyArray<T>
}

/**
 * A pattern for a value of type T: the value itself (secrets may be given in plain), a partial
 * object or an array of patterns, or a `Matcher` anywhere.
 */
export type Pattern<T> =
  | Matcher
  | (T extends Secret<infer S>
      ? T | S
      : T extends ReadonlyArray<infer U>
        ? ReadonlyArray<Pattern<U>>
        : T extends object
          ? { readonly [K in keyof T]?: Pattern<Exclude<T[K], undefined>> }
          : T)

// ── helpers ──────────────────────────────────────────────────────────────────
export const isMatcher = (u: unknown): u is Matcher =>
  typeof u === 'object' && u !== null && (u as { [MATCHER]?: unknown })[MATCHER] === true

const dotted = (path: ReadonlyArray<string>): string => path.join('.')
const miss = (ctx: MatchContext, expected: string, actual: unknown): Mismatch[] => [
  { path: dotted(ctx.path), expected, actual: displayValue(actual) },
]
const child = (ctx: MatchContext, key: string): MatchContext => {
  const o = ctx.original
  const original =
    typeof o === 'object' && o !== null && !isRef(o) && !isSecret(o) ? (o as Record<string, unknown>)[key] : undefined
  return original === undefined ? { path: [...ctx.path, key] } : { path: [...ctx.path, key], original }
}
const isPlainObject = (u: unknown): u is Readonly<Record<string, unknown>> =>
  typeof u === 'object' && u !== null && !Array.isArray(u) && !isSecret(u) && !isRef(u) && !isMatcher(u)

const matcher = (description: string, test: Matcher['test']): Matcher =>
  Object.freeze({ [MATCHER]: true as const, description, test })

/** A pattern in words: matchers by their description, values as display-safe JSON. */
export const describePattern = (p: unknown): string => {
  if (isMatcher(p)) return p.description
  if (isSecret(p)) return '[secret]'
  if (Array.isArray(p)) return `[${p.map(describePattern).join(', ')}]`
  if (isPlainObject(p))
    return `{ ${Object.entries(p)
      .map(([k, v]) => `${k}: ${describePattern(v)}`)
      .join(', ')} }`
  return JSON.stringify(displayValue(p)) ?? 'undefined'
}

// ── matching ─────────────────────────────────────────────────────────────────
type Mode = 'like' | 'exact'

const compare = (pattern: unknown, actual: unknown, ctx: MatchContext, mode: Mode): Mismatch[] => {
  if (isMatcher(pattern)) return [...pattern.test(actual, ctx)]
  if (isSecret(pattern)) {
    if (isSecret(actual))
      return compare(reveal(pattern), reveal(actual), ctx, 'exact').length
        ? miss(ctx, 'another secret value', actual)
        : []
    return miss(ctx, 'a secret', actual)
  }
  if (isSecret(actual)) {
    // a plain pattern for a secret field compares with the secret's value, never printing it
    return compare(pattern, reveal(actual), ctx, mode).length
      ? miss(ctx, `[secret] equal to the value given`, actual)
      : []
  }
  if (Array.isArray(pattern)) {
    if (!Array.isArray(actual)) return miss(ctx, `an array of ${pattern.length}`, actual)
    if (actual.length !== pattern.length)
      return miss(ctx, `an array of ${pattern.length} (${describePattern(pattern)})`, actual)
    return pattern.flatMap((p, i) => compare(p, actual[i], child(ctx, String(i)), mode))
  }
  if (isPlainObject(pattern)) {
    if (!isPlainObject(actual)) return miss(ctx, 'an object', actual)
    const out: Mismatch[] = []
    for (const [k, p] of Object.entries(pattern)) {
      if (p === undefined) continue
      out.push(...compare(p, actual[k], child(ctx, k), mode))
    }
    if (mode === 'exact')
      for (const k of Object.keys(actual))
        if (actual[k] !== undefined && (pattern[k] === undefined || !Object.prototype.hasOwnProperty.call(pattern, k)))
          out.push(...miss(child(ctx, k), 'no such field', actual[k]))
    return out
  }
  if (isUnknown(actual) || isRef(actual)) return miss(ctx, describePattern(pattern), actual)
  if (Object.is(pattern, actual) || pattern === actual) return []
  return miss(ctx, describePattern(pattern), actual)
}

/**
 * Compare a value with a pattern: plain objects match partially at every depth, arrays element by
 * element; matchers decide for themselves. Returns every mismatch (none: it matches).
 */
export const mismatchesOf = (pattern: unknown, actual: unknown, original?: unknown): ReadonlyArray<Mismatch> =>
  compare(pattern, actual, original === undefined ? { path: [] } : { path: [], original }, 'like')

// ── matchers ─────────────────────────────────────────────────────────────────
const addressOfTarget = (n: HasNode | string): string =>
  typeof n === 'string'
    ? n
    : addressOf('_tag' in n && (n._tag === 'Resource' || n._tag === 'Lookup') ? n : (n as { node: Node }).node)

/** Patterns that say more than "at least these fields". */
export const Match = Object.freeze({
  /** Exactly this value: objects have no other fields, at every depth (matchers inside still apply). */
  exact: (value: unknown): Matcher =>
    matcher(`exactly ${describePattern(value)}`, (a, ctx) => compare(value, a, ctx, 'exact')),
  /** An object with exactly these fields, each matched exactly. */
  objectEquals: (value: Readonly<Record<string, unknown>>): Matcher =>
    matcher(`an object equal to ${describePattern(value)}`, (a, ctx) =>
      isPlainObject(a) ? compare(value, a, ctx, 'exact') : miss(ctx, 'an object', a),
    ),
  /** An object with at least these fields (the default for plain objects; for use inside `exact`). */
  objectLike: (value: Readonly<Record<string, unknown>>): Matcher =>
    matcher(`an object like ${describePattern(value)}`, (a, ctx) =>
      isPlainObject(a) ? compare(value, a, ctx, 'like') : miss(ctx, 'an object', a),
    ),
  /** An array holding items matching these patterns, in this order, among others. */
  arrayWith: (items: ReadonlyArray<unknown>): Matcher =>
    matcher(`an array with ${describePattern(items)}`, (a, ctx) => {
      if (!Array.isArray(a)) return miss(ctx, 'an array', a)
      let from = 0
      for (const item of items) {
        let i = from
        while (i < a.length && compare(item, a[i], child(ctx, String(i)), 'like').length > 0) i++
        if (i === a.length) return miss(ctx, `an array with ${describePattern(item)} (after position ${from})`, a)
        from = i + 1
      }
      return []
    }),
  /** An array of exactly these items, in this order, each matched exactly. */
  arrayEquals: (items: ReadonlyArray<unknown>): Matcher =>
    matcher(`an array equal to ${describePattern(items)}`, (a, ctx) =>
      Array.isArray(a) ? compare(items, a, ctx, 'exact') : miss(ctx, 'an array', a),
    ),
  /** Any value that is present (not absent, not null). */
  anyValue: (): Matcher =>
    matcher('any value', (a, ctx) => (a === undefined || a === null ? miss(ctx, 'any value', a) : [])),
  /** No value: the field is not set. */
  absent: (): Matcher => matcher('absent', (a, ctx) => (a === undefined ? [] : miss(ctx, 'absent', a))),
  /** A string matching a regular expression (a string is read as one). */
  stringLike: (re: RegExp | string): Matcher => {
    const r = typeof re === 'string' ? new RegExp(re) : re
    return matcher(`a string like ${String(r)}`, (a, ctx) =>
      typeof a === 'string' && r.test(a) ? [] : miss(ctx, `a string like ${String(r)}`, a),
    )
  },
  /** Anything the pattern does not match. */
  not: (pattern: unknown): Matcher =>
    matcher(`not ${describePattern(pattern)}`, (a, ctx) =>
      compare(pattern, a, ctx, 'like').length === 0 ? miss(ctx, `not ${describePattern(pattern)}`, a) : [],
    ),
  /**
   * A secret; with a value, a secret holding that value (compared without printing it). A field the
   * schema marks secret that holds a list (every item a secret) matches too, its value the list.
   */
  secret: (value?: unknown): Matcher =>
    matcher(value === undefined ? 'a secret' : 'a secret with the value given', (a, ctx) => {
      const all = Array.isArray(a) && a.length > 0 && a.every((x) => isSecret(x) || isSecretMarker(x))
      if (!isSecret(a) && !isSecretMarker(a) && !all) return miss(ctx, 'a secret', a)
      if (value === undefined) return []
      const known = all ? (a as unknown[]).every(isSecret) : isSecret(a)
      if (!known) return miss(ctx, 'a secret whose value is known', a)
      const plain = all ? (a as Secret<unknown>[]).map((x) => reveal(x)) : reveal(a as Secret<unknown>)
      return compare(value, plain, ctx, 'exact').length ? miss(ctx, 'a secret with the value given', a) : []
    }),
  /**
   * Matches what `pattern` matches (anything by default) and keeps each value it matched, as CDK's
   * `Capture`: `const id = Match.capture(); expectPlan(run).toCreate(T, { folderToken: id }); id.value`.
   */
  capture: <T = unknown>(pattern?: unknown): Capture<T> => {
    const values: T[] = []
    const want = pattern === undefined ? 'any value' : describePattern(pattern)
    return Object.freeze({
      [MATCHER]: true as const,
      description: `${want} (captured)`,
      test: (a: unknown, ctx: MatchContext) => {
        const misses =
          pattern === undefined ? (a === undefined ? miss(ctx, want, a) : []) : compare(pattern, a, ctx, 'like')
        if (misses.length === 0) values.push(a as T)
        return misses
      },
      get value() {
        return values[values.length - 1]
      },
      get values() {
        return [...values]
      },
    })
  },
  /** A value known only after apply (an output of a node being created or replaced). */
  unknown: (): Matcher =>
    matcher('(known after apply)', (a, ctx) => (isUnknown(a) || isRef(a) ? [] : miss(ctx, '(known after apply)', a))),
  /**
   * A value the stack took from another node's output: `Match.refTo(folder, 'token')`. Checked on
   * the stack's own value (a run from `runMock` keeps it), else on an unresolved ref in the plan.
   */
  refTo: (node: HasNode | string, field: string): Matcher => {
    const address = addressOfTarget(node)
    const want = `a ref to ${address}.${field}`
    return matcher(want, (a, ctx) => {
      const r = isRef(ctx.original) ? ctx.original : isRef(a) ? a : undefined
      if (r && r.node === address && r.path[0] === field) return []
      return r
        ? miss(ctx, want, `ref(${r.node}${r.path.length ? '.' + r.path.join('.') : ''})`)
        : miss(ctx, want, ctx.original ?? a)
    })
  },
})
