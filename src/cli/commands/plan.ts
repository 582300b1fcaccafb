/** `trellis plan`: what apply would change (or, --refresh-only, what changed outside trellis). */
import { writeFileSync } from 'node:fs'
import { stack, type Stack } from '../../core/stack'
import { renderPlanHtml } from '../../render/html-report'
import { registry } from '../../providers'
import type { CommandContext, CommandSpec } from '../command-spec'
import { planDoc, refreshDoc } from '../documents'
import { EXIT } from '../exit'
import { bool, list, oneOf, str, UsageError } from '../flag-readers'
import { RUN } from '../flags'
import { lockHolder } from '../lock-holder'
import { planOptions } from '../plan-options'
import { driftText, planText } from '../plan-text'
import { savedPlanDoc, writeSavedPlan } from '../saved-plan'
import { applyCommandOf, planOrigin } from '../plan-origin'
import { planMarkdown } from '../../render/markdown-summary'
import { oneStack } from '../load-program'
import { acrossStacks, planAcrossCli } from '../run-across'
import { policiesInForce } from '../policies-in-force'
import { isBlocking } from '../../policy/finding'
import { isTrellisError } from '../../workspace/trellis-error'
import type { PlanResult } from '../../workspace/workspace'

const refreshOnly = async (ctx: CommandContext, st: Stack): Promise<number> => {
  const { args, out } = ctx
  if (list(args, 'target').length || list(args, 'replace').length || str(args, 'out'))
    throw new UsageError('--refresh-only reads the platform only: it takes no --target, --replace or --out', 'plan')
  const r = await ctx.workspace().refresh(st, { dryRun: true })
  if (ctx.json) out.line(JSON.stringify(refreshDoc(r, registry), null, 2))
  else
    out.line(
      r.drift.length
        ? [
            'Changed outside trellis:',
            ...driftText(r.drift, out),
            '',
            `Refresh-only plan: ${r.drift.length} change${r.drift.length === 1 ? '' : 's'} to record (trellis apply --refresh-only).`,
          ].join('\n')
        : 'Nothing changed outside trellis.',
    )
  return bool(args, 'detailed-exitcode') && r.drift.length ? EXIT.changes : EXIT.ok
}

/**
 * --destroy: the plan of the stack with no nodes and no exports, under the same providers — what
 * `trellis destroy` deletes (it plans the same empty stack), shown without a prompt or a lock.
 */
const destroyed = (ctx: CommandContext, st: Stack): Stack => {
  // --refresh would read through the empty stack's providers, which lack the program's env fallbacks
  if (str(ctx.args, 'out') || bool(ctx.args, 'refresh-only') || bool(ctx.args, 'refresh'))
    throw new UsageError(
      'plan --destroy compares with state: no --out, --refresh or --refresh-only (run `trellis refresh` first)',
      'plan',
    )
  return stack(st.name, { providers: st.providers })
}

/** --format markdown or --review: the pull-request summary instead of the text plan */
const reviewWanted = (args: CommandContext['args']): boolean => {
  const format = oneOf(args, 'format', ['text', 'markdown'] as const)
  const review = bool(args, 'review') || format === 'markdown'
  if (review && bool(args, 'json')) throw new UsageError('--json and the markdown summary: give one', 'plan')
  if (review && bool(args, 'refresh-only')) throw new UsageError('--refresh-only has no markdown summary', 'plan')
  return review
}

const run = async (ctx: CommandContext): Promise<number> => {
  const { args, out } = ctx
  const sel = await ctx.programStacks()
  const across = await acrossStacks(ctx, sel)
  if (across) return planAcrossCli(ctx, across, sel, await policiesInForce(ctx, sel.program.file))
  const st = sel.renamed ?? oneStack(sel.program, sel.select[0])
  const w = ctx.workspace()
  if (bool(args, 'refresh-only')) return refreshOnly(ctx, st)
  const markdown = reviewWanted(args)
  const policies = bool(args, 'destroy') ? [] : await policiesInForce(ctx, sel.program.file)
  const r = await planOrRefused(() =>
    w.plan(bool(args, 'destroy') ? destroyed(ctx, st) : st, { ...planOptions(args), policies }),
  )
  const refused = r.findings.some(isBlocking)
  const page = str(args, 'html')
  if (page !== undefined) {
    writeFileSync(page, renderPlanHtml(r.plan, registry, r.findings))
    out.err(`Plan report written to ${page}`)
  }
  if (markdown) out.line(planMarkdown(r.plan, registry).trimEnd())
  // a plan a mandatory policy refuses cannot be applied: it is not saved
  const outFile = refused ? undefined : str(args, 'out')
  if (refused && str(args, 'out')) out.err(`Not saved to ${str(args, 'out')}: a mandatory policy is violated.`)
  const origin = planOrigin(args)
  if (outFile)
    await writeSavedPlan(
      outFile,
      savedPlanDoc(r, st, args.positionals[0], planOptions(args), registry, await w.state(st.name), origin, {
        ...(sel.program.env !== undefined ? { env: sel.program.env } : {}),
        config: sel.program.config,
      }),
    )
  const hint = outFile && `Saved the plan to ${outFile}; apply exactly it with \`${applyCommandOf(outFile, origin)}\`.`
  if (ctx.json) out.line(JSON.stringify(planDoc(r, registry), null, 2))
  else if (markdown) {
    if (hint) out.err(hint)
  } else {
    const holder = r.pending.length > 0 ? await lockHolder(w.store, r.stack) : undefined
    out.line(planText(r, registry, out, { all: bool(args, 'all'), ...(holder ? { holder } : {}) }))
    if (hint) out.line(`\n${hint}`)
  }
  if (refused) return EXIT.policy
  return bool(args, 'detailed-exitcode') && r.hasChanges ? EXIT.changes : EXIT.ok
}

/** The plan, also when a mandatory policy refuses it (the error carries it): it is shown all the same. */
const planOrRefused = async (f: () => Promise<PlanResult>): Promise<PlanResult> => {
  try {
    return await f()
  } catch (e) {
    if (isTrellisError(e) && e.kind === 'policy' && 'plan' in e) return (e as { plan: PlanResult }).plan
    throw e
  }
}

export const plan: CommandSpec = {
  name: 'plan',
  args: '<program.ts>',
  summary: 'show what apply would change',
  flags: [
    ...RUN,
    'refresh',
    'refresh-only',
    'target',
    'replace',
    'out',
    'html',
    'detailed-exitcode',
    'all',
    'format',
    'review',
    'destroy',
    'policy',
  ],
  example: 'trellis plan infra.ts --emulate --out plan.json',
  min: 1,
  max: 1,
  run,
}
