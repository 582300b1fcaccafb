/** `trellis show`: a saved plan, as text, JSON or a page. */
import { writeFileSync } from 'node:fs'
import { renderPlanHtml } from '../../render/html-report'
import { registry } from '../../providers'
import type { PlanResult } from '../../workspace/workspace'
import type { CommandSpec } from '../command-spec'
import { planDoc } from '../documents'
import { EXIT } from '../exit'
import { str } from '../flag-readers'
import { COMMON } from '../flags'
import type { Out } from '../output'
import { planText } from '../plan-text'
import { readSavedPlan, type SavedPlan } from '../saved-plan'

const origin = (saved: SavedPlan): string => {
  const o = saved.source.origin
  return o ? `, against ${o.emulated ? 'the emulators' : 'the real platforms'}` : ''
}

/** One stack's saved plan as text; a plan saved across stacks, every stack's part in run order. */
const savedPlanText = (saved: SavedPlan, out: Out): string => {
  const { program, stack, createdAt } = saved.source
  const parts = saved.stacks ?? [saved]
  if (parts.length === 1)
    return [
      `Saved plan of ${program} (stack ${stack}, made ${createdAt}${origin(saved)}):`,
      '',
      planText(parts[0].result, registry, out),
    ].join('\n')
  return [
    `Saved plan of ${program} across ${parts.length} stacks (${parts.map((p) => p.source.stack).join(', ')}; ` +
      `made ${createdAt}${origin(saved)}):`,
    ...parts.flatMap((p) => ['', `Stack ${p.source.stack}:`, planText(p.result, registry, out)]),
  ].join('\n')
}

/** The plan document, as `plan --json` prints it, and what it was made from (no digests, no key). */
const partDoc = (saved: SavedPlan) => {
  const { program, stack, createdAt, lineage, serial } = saved.source
  const result: PlanResult = saved.result
  return {
    ...(saved.document ?? planDoc(result, registry)),
    saved: { program, stack, createdAt, lineage, serial },
  }
}

/** The first stack's document at the top (as for one stack); across stacks, every part under `stacks`. */
const showDoc = (saved: SavedPlan) =>
  saved.stacks && saved.stacks.length > 1
    ? { ...partDoc(saved.stacks[0]), stacks: saved.stacks.map(partDoc) }
    : partDoc(saved)

/** The pages to write: one, or across stacks one per stack (`plan.html` → `plan.network.html`, …). */
const pages = (saved: SavedPlan, page: string): ReadonlyArray<readonly [string, SavedPlan['approved']]> => {
  const parts = saved.stacks ?? [saved]
  if (parts.length === 1) return [[page, parts[0].approved]]
  const base = page.replace(/\.html?$/i, '')
  return parts.map((p) => [`${base}.${p.source.stack}.html`, p.approved] as const)
}

export const show: CommandSpec = {
  name: 'show',
  args: '<saved-plan.json>',
  summary: 'render a saved plan',
  flags: [...COMMON, 'html'],
  example: 'trellis show plan.json --json',
  min: 1,
  max: 1,
  run: async ({ args, out, json }) => {
    const saved = readSavedPlan(args.positionals[0])
    const page = str(args, 'html')
    if (page !== undefined)
      for (const [file, plan] of pages(saved, page)) {
        writeFileSync(file, renderPlanHtml(plan, registry))
        out.err(`Plan report written to ${file}`)
      }
    out.line(json ? JSON.stringify(showDoc(saved), null, 2) : savedPlanText(saved, out))
    return Promise.resolve(EXIT.ok)
  },
}
