/**
 * The plan as the CLI prints it: what changed outside trellis (when the platform was read) before
 * the changes, write-ahead entries the next apply settles, what a targeted plan left out, and —
 * when nothing changes — whether the platform was read at all, and its warnings and notes all the same.
 */
import { labelOfAddress } from '../core/node'
import { formatIssue } from '../core/issue'
import type { Registry } from '../core/registry'
import type { Drift } from '../engine/operations'
import { displayValue, renderPlan } from '../render/render'
import type { LockInfo } from '../state/state-store'
import type { PlanResult } from '../workspace/workspace'
import { findingsText } from './findings-text'
import { paint, type Out } from './output'

export const driftText = (drift: ReadonlyArray<Drift>, out: Pick<Out, 'colour'>): string[] =>
  drift.map((d) =>
    d.gone
      ? paint(out, '31', `  - ${labelOfAddress(d.address)} is gone from the platform`)
      : paint(
          out,
          '33',
          `  ~ ${labelOfAddress(d.address)}: ${d.changes
            .map(
              (c) => `${c.path}: ${JSON.stringify(displayValue(c.before))} → ${JSON.stringify(displayValue(c.after))}`,
            )
            .join(', ')}`,
        ),
  )

/** The notes of unchanged steps and the plan's warnings: what a plan with no change still has to say. */
const quietNotes = (r: PlanResult): string[] => {
  const notes = r.plan.steps.flatMap((s) => s.notes.map((n) => `  # ${labelOfAddress(s.address)}: ${n}`))
  return [...(notes.length > 0 ? ['', ...notes] : []), ...r.plan.warnings.map(formatIssue)]
}

/** Who holds a lock, as a person reads it: `bob@ci (pid 4242 on build-7) since 2026-…`. */
const holderText = (h: LockInfo): string => `${h.owner} (pid ${h.pid} on ${h.host}) since ${h.since}`

export const planText = (
  r: PlanResult,
  registry: Registry,
  out: Pick<Out, 'colour'>,
  opts: { readonly all?: boolean; readonly holder?: LockInfo } = {},
): string => {
  const lines: string[] = []
  if (r.refreshed) {
    if (r.changedOutside.length > 0)
      lines.push(
        'Changed outside trellis (read from the platform; recorded by the apply):',
        ...driftText(r.changedOutside, out),
        '',
      )
    else lines.push('Nothing changed outside trellis.', '')
  }
  if (r.pending.length > 0)
    lines.push(
      opts.holder
        ? `A run is in progress: ${holderText(opts.holder)} holds the lock. Its steps in flight (a plan sends nothing):`
        : 'Pending from an interrupted run (the next apply settles these first; a plan sends nothing):',
      ...r.pending.map(
        (p) => `  ! ${p.op} of ${labelOfAddress(p.address)}${p.id ? ` (${p.id})` : ''} since ${p.startedAt}`,
      ),
      '',
    )
  if (r.hasChanges || opts.all) lines.push(renderPlan(r.plan, registry, { colour: out.colour, all: !!opts.all }))
  else
    lines.push(
      `Plan for stack ${r.stack} (state serial ${r.plan.baseSerial}):`,
      '',
      r.refreshed
        ? 'No changes. The platform matches the stack.'
        : 'No changes to the stack; the platform was not read (use --refresh to compare with it).',
      // what a plan of no change still says (a fixed field's change kept back) is printed all the same
      ...quietNotes(r),
    )
  if (r.leftOut.length > 0)
    lines.push(
      '',
      `Targeted plan: ${r.leftOut.length} other change${r.leftOut.length === 1 ? ' was' : 's were'} left out: ${r.leftOut.map(labelOfAddress).join(', ')}`,
    )
  lines.push(...findingsText(r, out))
  return lines.join('\n')
}
