/**
 * Plan rendering: readable text (optionally coloured) and versioned JSON. Secrets print as
 * `[secret]`, unknown values as `(known after apply)`, whatever the source.
 */
import { isRef } from '../core/ref'
import { isSecret, isSecretMarker } from '../core/secret'
import { formatIssue } from '../core/issue'
import { isSecretPath } from '../state/protect'
import type { Registry } from '../core/registry'
import { summary, type Plan, type Step } from './plan'
import { isUnknown } from './unknown'

const SECRET = '[secret]'
const UNKNOWN_TEXT = '(known after apply)'

/** A display-safe copy: secrets → [secret], unknowns → (known after apply), refs → ref(...). */
export const displayValue = (u: unknown, secretPaths: ReadonlyArray<string> = [], path: string[] = []): unknown => {
  if (isSecret(u) || isSecretMarker(u)) return SECRET
  if (path.length > 0 && u !== undefined && u !== null && isSecretPath(secretPaths, path)) return SECRET
  if (isUnknown(u)) return UNKNOWN_TEXT
  if (isRef(u)) return UNKNOWN_TEXT
  if (Array.isArray(u)) return u.map((x, i) => displayValue(x, secretPaths, [...path, String(i)]))
  if (typeof u === 'object' && u !== null) {
    const o: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(u)) o[k] = displayValue(v, secretPaths, [...path, k])
    return o
  }
  return u
}

const show = (u: unknown): string => {
  if (u === undefined) return '(none)'
  if (u === SECRET || u === UNKNOWN_TEXT) return u
  return JSON.stringify(u)
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

const secretsOf = (registry: Registry | undefined, token: string): ReadonlyArray<string> =>
  registry?.resources.get(token)?.secrets ?? registry?.lookups.get(token)?.secrets ?? []

export const renderPlan = (plan: Plan, registry?: Registry, o: RenderOptions = {}): string => {
  const paint = (a: Step['action'], s: string) => (o.colour ? `\u001b[${COLOUR[a]}m${s}\u001b[0m` : s)
  const lines: string[] = [`Plan for stack ${plan.stack} (state serial ${plan.baseSerial}):`, '']
  for (const s of plan.steps) {
    if (!o.all && (s.action === 'noop' || s.action === 'read')) continue
    const secrets = secretsOf(registry, s.token)
    lines.push(paint(s.action, `${SYMBOL[s.action]} ${s.token} "${s.name}" will be ${verb(s.action)}`))
    for (const d of s.diff) {
      const before = show(displayValue(d.before, secrets, [d.path]))
      const after = show(displayValue(d.after, secrets, [d.path]))
      const tag = d.replaces && s.action === 'replace' ? '  # forces replacement' : ''
      if (d.kind === 'add') lines.push(`    + ${d.path} = ${after}${tag}`)
      else if (d.kind === 'remove') lines.push(`    - ${d.path} = ${before}${tag}`)
      else lines.push(`    ~ ${d.path}: ${before} → ${after}${tag}`)
    }
    for (const n of s.notes) lines.push(`    # ${n}`)
  }
  for (const w of plan.warnings) lines.push(formatIssue(w))
  const c = summary(plan)
  if (lines.length === 2) lines.push('No changes. The platform matches the stack.')
  lines.push(
    '',
    `Plan: ${c.create} to create, ${c.update} to update, ${c.replace} to replace, ${c.delete} to delete, ${c.forget} to forget, ${c.import} to import, ${c.noop} unchanged.`,
  )
  return lines.join('\n')
}

const verb = (a: Step['action']): string =>
  ({
    create: 'created',
    update: 'updated in place',
    replace: 'replaced',
    delete: 'deleted',
    forget: 'forgotten (the platform keeps it)',
    import: 'imported',
    read: 'read',
    noop: 'unchanged',
  })[a]

export const PLAN_JSON_VERSION = 1

/** Versioned, display-safe JSON of a plan. */
export const planToJson = (plan: Plan, registry?: Registry): unknown => ({
  formatVersion: PLAN_JSON_VERSION,
  stack: plan.stack,
  lineage: plan.lineage,
  baseSerial: plan.baseSerial,
  summary: summary(plan),
  steps: plan.steps.map((s) => {
    const secrets = secretsOf(registry, s.token)
    return {
      address: s.address,
      token: s.token,
      name: s.name,
      kind: s.kind,
      action: s.action,
      provider: s.provider,
      diff: s.diff.map((d) => ({
        path: d.path,
        kind: d.kind,
        before: displayValue(d.before, secrets, [d.path]) ?? null,
        after: displayValue(d.after, secrets, [d.path]) ?? null,
        replaces: d.replaces,
      })),
      inputs: displayValue(s.inputs, secrets),
      dependsOn: s.deps,
      notes: s.notes,
    }
  }),
  warnings: plan.warnings,
})
