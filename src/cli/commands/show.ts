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

const savedPlanText = (saved: ReturnType<typeof readSavedPlan>, out: Out): string => {
  const p: PlanResult = saved.result
  const { origin } = saved.source
  const against = origin ? `, against ${origin.emulated ? 'the emulators' : 'the real platforms'}` : ''
  return [
    `Saved plan of ${saved.source.program} (stack ${saved.source.stack}, made ${saved.source.createdAt}${against}):`,
    '',
    planText(p, registry, out),
  ].join('\n')
}

/** The plan document, as `plan --json` prints it, and what it was made from (no digests, no key). */
const showDoc = (saved: SavedPlan) => {
  const { program, stack, createdAt, lineage, serial } = saved.source
  return {
    ...(saved.document ?? planDoc(saved.result, registry)),
    saved: { program, stack, createdAt, lineage, serial },
  }
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
    if (page !== undefined) {
      writeFileSync(page, renderPlanHtml(saved.approved, registry))
      out.err(`Plan report written to ${page}`)
    }
    out.line(json ? JSON.stringify(showDoc(saved), null, 2) : savedPlanText(saved, out))
    return Promise.resolve(EXIT.ok)
  },
}
