/**
 * What `apply` and `destroy` share: show the plan, ask, run it with progress, and say what changed
 * (apply also takes a saved plan, applied exactly as it was made).
 */
import type { Plan } from '../../engine/plan'
import { registry } from '../../providers'
import type { CommandContext } from '../command-spec'
import { applyDoc, planDoc } from '../documents'
import { EXIT } from '../exit'
import { bool, list, UsageError } from '../flag-readers'
import { oneStack } from '../load-program'
import { acrossStacks, changeAcrossCli } from '../run-across'
import { planOptions } from '../plan-options'
import { planText } from '../plan-text'
import { refreshRun } from '../refresh-run'
import { checkSavedPlan, isSavedPlanFile, loadSavedProgram, readSavedPlan } from '../saved-plan'
import { checkPlanOrigin } from '../plan-origin'
import { savedAcrossRun } from '../saved-across'
import { textValue } from '../text-value'
import { findingLine } from '../findings-text'
import { policiesInForce } from '../policies-in-force'
import { checkSavedPolicies } from '../saved-policies'
import { pendingSteps, pendingText } from '../pending-steps'

/** `, N moved` when state entries moved to their nodes' addresses (aliases), else nothing. */
const movedText = (p: Plan): string => {
  const n = p.steps.filter((s) => s.movedFrom !== undefined).length
  return n ? `, ${n} moved` : ''
}

const savedPlanOf = (ctx: CommandContext, command: 'apply' | 'destroy') => {
  const { args } = ctx
  const file = args.positionals[0]
  const saved = command === 'apply' && isSavedPlanFile(file) ? readSavedPlan(file) : undefined
  if (saved && (list(args, 'target').length || list(args, 'replace').length || bool(args, 'refresh')))
    throw new UsageError('a saved plan is applied as it was made: no --target, --replace or --refresh', 'apply')
  if (saved) checkPlanOrigin(ctx, saved.source.origin)
  return saved
}

export const change = async (ctx: CommandContext, command: 'apply' | 'destroy'): Promise<number> => {
  const { args, out, json } = ctx
  const saved = savedPlanOf(ctx, command)
  if (saved?.stacks) {
    const a = await savedAcrossRun(ctx, saved)
    const policies = await policiesInForce(ctx, saved.source.program)
    return changeAcrossCli(ctx, 'apply', a.stacks, a.sel, { policies, approvedPlans: a.approved })
  }
  const sel = saved ? undefined : await ctx.programStacks()
  const across = sel && (await acrossStacks(ctx, sel))
  const policies =
    command === 'apply' ? await policiesInForce(ctx, saved ? saved.source.program : args.positionals[0]) : []
  if (sel && across) return changeAcrossCli(ctx, command, across, sel, { policies })
  const fromSaved = saved && (await loadSavedProgram(saved, ctx.env.TRELLIS_PASSPHRASE))
  const st = fromSaved ? fromSaved.stack : (sel!.renamed ?? oneStack(sel!.program, sel!.select[0]))
  const w = ctx.workspace()
  if (command === 'apply' && bool(args, 'refresh-only')) return refreshRun(ctx, st)
  const opts = saved ? saved.source.options : planOptions(args)
  if (saved) checkSavedPlan(saved, st, await w.state(st.name), registry, fromSaved?.config)
  if (saved) checkSavedPolicies(saved, policies)
  let shown = false
  const r = await w[command](st, {
    ...opts,
    ...(saved ? { approved: saved.approved } : {}),
    ...(bool(args, 'continue-on-error') ? { continueOnError: true } : {}),
    policies,
    confirm: async (p) => {
      shown = true
      ctx.progress.total(p.plan.steps.filter((s) => s.action !== 'noop' && s.action !== 'read').length)
      out.line(json ? JSON.stringify(planDoc(p, registry)) : planText(p, registry, out))
      return saved ? true : ctx.confirm(command === 'apply' ? 'applied' : 'destroyed')
    },
  })
  ctx.progress.stop()
  if (r.cancelled) {
    if (json) out.line(JSON.stringify(applyDoc(command, r)))
    return ctx.signal.aborted ? EXIT.interrupted : EXIT.failed
  }
  if (!shown && !json) out.line(planText(r.plan, registry, out))
  const pending = pendingSteps(r.journal)
  if (json) out.line(JSON.stringify(applyDoc(command, r)))
  else if (r.plan.hasChanges) {
    out.line(
      `\n${command === 'apply' ? 'Apply' : 'Destroy'} ${pending.length ? 'not finished' : 'complete'}: ${r.changes} change${r.changes === 1 ? '' : 's'}${movedText(r.plan.plan)} in ${(r.ms / 1000).toFixed(1)}s (state serial ${r.serial}).`,
    )
    for (const [k, v] of Object.entries(r.outputs)) out.line(`  output ${k} = ${textValue(v)}`)
  }
  // what the checks left for apply found (the plan's own findings were shown with it)
  if (!json) for (const f of r.findings) if (f.stage !== 'plan') out.line(findingLine(f, out))
  const left = pendingText(pending)
  if (left && json) out.err(left)
  else if (left) out.line(left)
  // a write left pending did not finish: a script must not take the apply for done
  return pending.length ? EXIT.failed : EXIT.ok
}
