/**
 * Plan rendering: readable text (optionally coloured) and versioned JSON. Secrets print as
 * `[secret]`, unknown values as `(known after apply)`, whatever the source.
 */
import { labelOf, labelOfAddress } from '../core/node'
import { isSecret, isSecretMarker } from '../core/secret'
import { formatIssue } from '../core/issue'
import type { Registry } from '../core/registry'
import { summary, type Plan, type Step } from '../engine/plan'
import type { FieldChange } from '../engine/diff'
import { lineDiff, type LineOp } from './line-diff'
import { secretsOf, stepToJson, type StepSchema } from './step-json'
import { valueEncoder } from './value-encoder'

const SECRET = '[secret]'
const UNKNOWN_TEXT = '(known after apply)'

/** A display-safe copy: secrets → [secret], unknowns → (known after apply), refs → ref(...). */
export const displayValue = valueEncoder({
  isSecret: (u) => isSecret(u) || isSecretMarker(u),
  secret: SECRET,
  unknown: UNKNOWN_TEXT,
})

/** A display value as the text plan writes it: JSON, the markers unquoted, `(none)` for nothing. */
export const showValue = (u: unknown): string => show(u)

const show = (u: unknown): string => {
  if (u === undefined) return '(none)'
  if (u === SECRET || u === UNKNOWN_TEXT) return u
  // inside an array or object the markers print as they do alone, unquoted
  return JSON.stringify(u).replace(/"(\[secret\]|\(known after apply\))"/g, '$1')
}

const SYMBOL: Record<Step['action'], string> = {
  create: '+',
  update: '~',
  replace: '-/+',
  delete: '-',
  forget: '-',
  import: '<=',
  read: '<=',
  noop: ' ',
}
const COLOUR: Record<Step['action'], string> = {
  create: '32',
  update: '33',
  replace: '35',
  delete: '31',
  forget: '31',
  import: '36',
  read: '36',
  noop: '0',
}

export interface RenderOptions {
  readonly colour?: boolean
  /** show unchanged nodes too */
  readonly all?: boolean
}

/** A plan as text for humans (secrets as `[secret]`, unknown values as `(known after apply)`). */
export const renderPlan = (plan: Plan, registry?: Registry, o: RenderOptions = {}): string => {
  const paint = (a: Step['action'], s: string) => (o.colour ? `\u001b[${COLOUR[a]}m${s}\u001b[0m` : s)
  const lines: string[] = [`Plan for stack ${plan.stack} (state serial ${plan.baseSerial}):`, '']
  for (const s of plan.steps) {
    if (!o.all && s.movedFrom === undefined && (s.action === 'noop' || (s.action === 'read' && !s.readAtApply)))
      continue
    const secrets = secretsOf(registry, s.token)
    // a replacement's order shows in its symbol, as in Terraform: -/+ deletes first, +/- creates first
    const symbol = s.action === 'replace' && !s.deleteBeforeReplace ? '+/-' : SYMBOL[s.action]
    lines.push(paint(s.action, `${symbol} ${labelOf(s)} will be ${verb(s)}`))
    for (const d of s.diff) {
      const tag = d.replaces && s.action === 'replace' ? '  # forces replacement' : ''
      for (const r of displayChanges(d, secrets)) lines.push(...changeLines(r, tag))
      if (d.unchanged) lines.push(`    # (${d.unchanged} unchanged in ${d.path})`)
    }
    for (const n of s.notes) lines.push(`    # ${n}`)
  }
  // exports are shown like a step's fields (no secrets in them are ever printed)
  const outs = outputChangeLines(plan)
  if (outs.length > 0) lines.push('Changes to outputs:', ...outs)
  for (const w of plan.warnings) lines.push(formatIssue(w))
  const c = summary(plan)
  if (lines.length === 2) lines.push('No changes. The platform matches the stack.')
  lines.push(
    '',
    `Plan: ${c.create} to create, ${c.update} to update, ${c.replace} to replace, ${c.delete} to delete, ${c.forget} to forget, ${c.import} to import, ${c.noop} unchanged${c.moved ? `, ${c.moved} moved` : ''}.`,
  )
  return lines.join('\n')
}

/** The plan's changes to exported outputs, one text line each (no secret is ever shown). */
export const outputChangeLines = (plan: Plan): string[] =>
  (plan.outputs ?? []).flatMap((d) => displayChanges(d, []).flatMap((r) => changeLines(r, '')))

/** One change as a person reads it: display-safe values at a path like `settings.amortize` or `tags[2]`. */
export interface DisplayChange {
  readonly path: string
  readonly kind: FieldChange['kind']
  readonly before: unknown
  readonly after: unknown
  /** a long or multi-line text that changed, line by line */
  readonly lines?: ReadonlyArray<LineOp>
}

// a text longer than this, or of several lines, is shown as a line diff
const LONG_TEXT = 60
// kept lines shown around a changed one; longer runs fold
const CONTEXT = 2

const pathText = (field: string, rest: ReadonlyArray<string | number>): string =>
  rest.reduce<string>(
    (p, k) =>
      typeof k === 'number' ? `${p}[${k}]` : /^[A-Za-z_$][\w$-]*$/.test(k) ? `${p}.${k}` : `${p}[${JSON.stringify(k)}]`,
    field,
  )

/** A field change as the rows a plan shows: one per changed key or index inside it, secrets masked. */
export const displayChanges = (d: FieldChange, secrets: ReadonlyArray<string>): DisplayChange[] =>
  (d.inner ?? [{ path: [], kind: d.kind, before: d.before, after: d.after }]).map((c) => {
    const at = [d.path, ...c.path.map(String)]
    const before = displayValue(c.before, secrets, at)
    const after = displayValue(c.after, secrets, at)
    const row = { path: pathText(d.path, c.path), kind: c.kind, before, after }
    const long =
      typeof before === 'string' &&
      typeof after === 'string' &&
      before !== SECRET &&
      after !== SECRET &&
      (before.length > LONG_TEXT || after.length > LONG_TEXT || before.includes('\n') || after.includes('\n'))
    return long ? { ...row, lines: lineDiff(before, after) } : row
  })

const changeLines = (r: DisplayChange, tag: string): string[] => {
  if (r.kind === 'add') return [`    + ${r.path} = ${show(r.after)}${tag}`]
  if (r.kind === 'remove') return [`    - ${r.path} = ${show(r.before)}${tag}`]
  if (!r.lines) return [`    ~ ${r.path}: ${show(r.before)} → ${show(r.after)}${tag}`]
  return [`    ~ ${r.path}:${tag}`, ...foldKept(r.lines).map((l) => `        ${l}`)]
}

/** Line ops as text, runs of kept lines away from any change folded to a count. */
const foldKept = (ops: ReadonlyArray<LineOp>): string[] => {
  const near = (i: number) => {
    for (let j = Math.max(0, i - CONTEXT); j <= Math.min(ops.length - 1, i + CONTEXT); j++)
      if (ops[j].op !== ' ') return true
    return false
  }
  const out: string[] = []
  let folded = 0
  ops.forEach((l, i) => {
    if (l.op === ' ' && !near(i)) return void folded++
    if (folded > 0) out.push(`  … ${folded} unchanged line${folded === 1 ? '' : 's'}`)
    folded = 0
    out.push(`${l.op} ${l.text}`)
  })
  if (folded > 0) out.push(`  … ${folded} unchanged line${folded === 1 ? '' : 's'}`)
  return out
}

const verb = (s: Step): string =>
  s.movedFrom !== undefined && s.action === 'noop'
    ? `moved from ${labelOfAddress(s.movedFrom)} (no change on the platform)`
    : s.readAtApply
      ? 'read during apply'
      : s.action === 'replace'
        ? s.deleteBeforeReplace
          ? 'replaced (the old one deleted first)'
          : 'replaced (the new one created first)'
        : VERB[s.action]

const VERB: Record<Step['action'], string> = {
  create: 'created',
  update: 'updated in place',
  replace: 'replaced',
  delete: 'deleted',
  forget: 'forgotten (the platform keeps it)',
  import: 'imported',
  read: 'read',
  noop: 'unchanged',
}

/**
 * Version 2 (from 1): a diff entry may carry `changes` (one display row per key or index changed
 * inside an object or array field, with `lines` for a long text) and `unchanged` (keys left as they
 * were beside them); a long text change at the top carries `lines`.
 */
export const PLAN_JSON_VERSION = 2

/** format 2's steps: display text for values, a change's rows as a person reads them, flags after the action */
const DISPLAY_STEPS: StepSchema = {
  value: displayValue,
  change: (d, secrets) => {
    const rows = displayChanges(d, secrets)
    return {
      ...(d.inner
        ? { changes: rows.map((r) => ({ ...r, before: r.before ?? null, after: r.after ?? null })) }
        : rows[0].lines
          ? { lines: rows[0].lines }
          : {}),
      ...(d.unchanged ? { unchanged: d.unchanged } : {}),
    }
  },
  flags: (s) => ({
    ...(s.action === 'replace' ? { deleteBeforeReplace: s.deleteBeforeReplace ?? false } : {}),
    ...(s.readAtApply ? { readAtApply: true } : {}),
    ...(s.movedFrom !== undefined ? { movedFrom: s.movedFrom } : {}),
    ...(s.adopts !== undefined ? { adopts: s.adopts } : {}),
  }),
  trailing: () => ({}),
}

/**
 * Display-safe JSON of a plan, as the HTML report draws it (the plan document for machines is
 * src/render/plan-document.ts, which `planToJson` returns).
 */
export const planDisplayJson = (plan: Plan, registry?: Registry): unknown => ({
  formatVersion: PLAN_JSON_VERSION,
  stack: plan.stack,
  lineage: plan.lineage,
  baseSerial: plan.baseSerial,
  summary: summary(plan),
  steps: plan.steps.map(stepToJson(DISPLAY_STEPS, registry)),
  outputs: (plan.outputs ?? []).map((d) => ({
    path: d.path,
    kind: d.kind,
    before: displayValue(d.before) ?? null,
    after: displayValue(d.after) ?? null,
  })),
  warnings: plan.warnings,
})
