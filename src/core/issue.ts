/**
 * Issue: one validation finding. Every error a user sees about their input names the node, the
 * field path, what was expected and what was given.
 */
import { scalarText } from './scalar-text'
import * as t from 'io-ts'
import { isSecret, isSecretMarker } from './secret'
import { isRef } from './ref'
import { codecIs } from './codec-is'

// ── model ────────────────────────────────────────────────────────────────────
/** One validation finding: its node, field path, what was expected and what was given. */
export interface Issue {
  readonly severity: 'error' | 'warning'
  /** `cost:CostReport "monthly"`, or `provider cost` */
  readonly node: string
  /** dotted field path, e.g. `settings.amortize`, `values.0.context`; '' for the node itself */
  readonly path: string
  readonly expected: string
  /** what was given, already rendered (secrets as [secret]) */
  readonly given: string
  readonly message?: string
}

/** What a rule reports; the engine fills in the node. */
export type Finding = Omit<Issue, 'node' | 'given' | 'severity'> & {
  readonly severity?: 'error' | 'warning'
  readonly given: unknown
}

// ── constructors ─────────────────────────────────────────────────────────────
export const renderValue = (u: unknown): string => {
  if (isSecret(u) || isSecretMarker(u)) return '[secret]'
  if (isRef(u)) return `ref(${u.node}${u.path.length ? '.' + u.path.join('.') : ''})`
  if (u === undefined) return 'nothing'
  try {
    const s = JSON.stringify(u, (_k, v: unknown) => (isSecret(v) ? '[secret]' : v))
    return s === undefined ? scalarText(u) : s.length > 120 ? s.slice(0, 117) + '...' : s
  } catch {
    // a cycle or a BigInt inside: the constructor's name is the best short description
    return `a ${Object.prototype.toString.call(u).slice(8, -1)}`
  }
}

export const issue = (node: string, f: Finding): Issue => ({
  severity: f.severity ?? 'error',
  node,
  path: f.path,
  expected: f.expected,
  given: renderValue(f.given),
  ...(f.message ? { message: f.message } : {}),
})

const isCombinator = (c: t.Decoder<unknown, unknown>): boolean =>
  codecIs(c, 'IntersectionType', 'UnionType') ||
  (codecIs(c, 'ExactType', 'ReadonlyType', 'RefinementType') && isCombinator(c.type))

/** io-ts errors → findings with clean dotted paths (intersection/union indices dropped). */
export const findingsFromErrors = (errors: t.Errors): Finding[] => {
  const seen = new Set<string>()
  const out: Finding[] = []
  for (const e of errors) {
    const keys: string[] = []
    for (let i = 1; i < e.context.length; i++) {
      if (isCombinator(e.context[i - 1].type)) continue
      keys.push(e.context[i].key)
    }
    const path = keys.join('.')
    const last = e.context[e.context.length - 1]
    const expected = e.message ?? last.type.name
    const k = `${path}|${expected}`
    if (seen.has(k)) continue
    seen.add(k)
    out.push({ path, expected, given: e.value })
  }
  return out
}

// ── destructors ──────────────────────────────────────────────────────────────
/** One issue as a line: `cost:Folder "f" field `title`: expected string, got nothing`. */
export const formatIssue = (i: Issue): string => {
  const where = i.path ? `${i.node} field \`${i.path}\`` : i.node
  const head = i.severity === 'warning' ? 'warning: ' : ''
  const msg = i.message ? `${i.message} ` : ''
  return `${head}${where}: ${msg}expected ${i.expected}, got ${i.given}`
}
