/**
 * Saved plans across stacks (`plan --out` of a program of several stacks, `apply FILE`): one file
 * holding each stack's part as a one-stack saved plan has it (its state's lineage and serial, the
 * digests of its stack, providers and configuration), the environment, and the serial of each
 * store-only stack the plan read. `apply FILE` calls the program as it was called, refuses when any
 * part or any stack read moved on, and otherwise applies every stack exactly as saved.
 */
import type { Stack } from '../core/stack'
import { registry } from '../providers'
import type { PlanResult } from '../workspace/workspace'
import type { StacksResult } from '../workspace/stacks-run'
import type { CommandContext } from './command-spec'
import { str } from './flag-readers'
import { loadProgramStacks } from './load-program'
import { planOptions } from './plan-options'
import { applyCommandOf, planOrigin } from './plan-origin'
import type { Selected } from './program-stacks'
import { checkSavedPlan, movedOn, savedPlanAcrossDoc, savedPlanDoc, writeSavedPlan, type SavedPlan } from './saved-plan'

/** Write the plan of a run across stacks to `--out`; the hint to apply it, or undefined without --out. */
export const saveAcross = async (
  ctx: CommandContext,
  r: StacksResult<PlanResult>,
  stacks: ReadonlyArray<Stack>,
  sel: Selected,
): Promise<string | undefined> => {
  const file = str(ctx.args, 'out')
  if (file === undefined) return undefined
  const w = ctx.workspace()
  const origin = planOrigin(ctx.args)
  const input = { ...(sel.program.env !== undefined ? { env: sel.program.env } : {}), config: sel.program.config }
  const parts = []
  for (const s of r.stacks) {
    const st = stacks.find((x) => x.name === s.stack)
    if (!st || !s.result) continue
    const state = await w.state(st.name)
    parts.push(
      savedPlanDoc(s.result, st, ctx.args.positionals[0], planOptions(ctx.args), registry, state, origin, input),
    )
  }
  await writeSavedPlan(file, savedPlanAcrossDoc(parts, r.read))
  return `Saved the plan of ${parts.length} stacks to ${file}; apply exactly it with \`${applyCommandOf(file, origin)}\`.`
}

/** What `apply FILE` of a plan saved across stacks runs: every part checked, each stack's approved plan. */
export interface SavedAcrossRun {
  readonly stacks: ReadonlyArray<Stack>
  readonly sel: Selected
  readonly approved: Readonly<Record<string, SavedPlan['approved']>>
}

/** The program called as at plan, every part checked (refused, saying why, when one moved on). */
export const savedAcrossRun = async (ctx: CommandContext, saved: SavedPlan): Promise<SavedAcrossRun> => {
  const parts = saved.stacks ?? [saved]
  const src = saved.source
  const program = await loadProgramStacks(src.program, {
    ...(src.env !== undefined ? { env: src.env } : {}),
    ...(ctx.env.TRELLIS_PASSPHRASE ? { passphrase: ctx.env.TRELLIS_PASSPHRASE } : {}),
  })
  const w = ctx.workspace()
  const why: string[] = []
  for (const [name, serial] of Object.entries(saved.read ?? {})) {
    const now = (await w.state(name))?.serial ?? 0
    if (now !== serial)
      why.push(`stack ${name}, whose outputs the plan read, moved on: serial ${serial} then, ${now} now`)
  }
  if (why.length) throw movedOn(why)
  const approved: Record<string, SavedPlan['approved']> = {}
  for (const part of parts) {
    const st = program.stacks.find((x) => x.name === part.source.stack)
    if (!st) throw movedOn([`${src.program} no longer returns stack ${part.source.stack}`])
    checkSavedPlan(part, st, await w.state(st.name), registry, program.config)
    approved[st.name] = part.approved
  }
  return { stacks: program.stacks, sel: { program, select: Object.keys(approved) }, approved }
}
