/**
 * plan, apply and destroy of a program that returns several stacks (or one that reads another):
 * one run across them through workspace(), each stack's plan shown under its name, producers first
 * (destroy: consumers first), then a summary line per stack. A failure still prints the summary
 * (a consumer of a failed stack is shown as not started) before its error.
 */
import type { Stack } from '../core/stack'
import { stackOrder } from '../engine/stacks/stack-order'
import { registry } from '../providers'
import type { StackResult, StacksResult, StacksError } from '../workspace/stacks-run'
import type { ApplyOutcome, PlanResult } from '../workspace/workspace'
import { isTrellisError } from '../workspace/trellis-error'
import type { CommandContext } from './command-spec'
import { planDoc, applyDoc } from './documents'
import { pendingSteps, pendingText } from './pending-steps'
import { EXIT } from './exit'
import { bool, list, UsageError } from './flag-readers'
import { planText } from './plan-text'
import type { Selected } from './program-stacks'
import { saveAcross } from './saved-across'
import type { Plan } from '../engine/plan'

/**
 * The stacks to run across, or undefined for the one-stack path: one stack that reads no other and
 * recorded reading none (a run across stacks also records what it reads), or one stack given a flag
 * that only the one-stack path takes.
 */
export const acrossStacks = async (ctx: CommandContext, sel: Selected): Promise<ReadonlyArray<Stack> | undefined> => {
  if (sel.renamed) return undefined
  const o = stackOrder(sel.program.stacks, sel.select)
  // the engine reports these issues itself, with the rest
  if ('issues' in o) return sel.program.stacks
  if (o.order.ordered.length > 1 || o.order.external.size > 0) return sel.program.stacks
  if (oneStackFlag(ctx) !== undefined) return undefined
  const st = await ctx.workspace().state(o.order.ordered[0].name)
  return st?.consumes && Object.keys(st.consumes).length ? sel.program.stacks : undefined
}

/** Flags that work on one stack's plan only. */
const ONE_STACK = ['html', 'target', 'replace', 'refresh-only', 'destroy', 'review', 'format']

const oneStackFlag = (ctx: CommandContext): string | undefined =>
  ONE_STACK.find((f) => (f === 'target' || f === 'replace' ? list(ctx.args, f).length : ctx.args.flags[f]))

export const refuseOneStackFlags = (ctx: CommandContext, n: number): void => {
  const given = oneStackFlag(ctx)
  if (given)
    throw new UsageError(
      `--${given} works on one stack's plan, and this run has ${n} stacks: select one with --stack NAME`,
      ctx.args.command,
    )
}

const summaryLine = <A>(s: StackResult<A>, what: (a: A) => string): string =>
  s.status === 'done' && s.result !== undefined
    ? `  ${s.stack}: ${what(s.result)}`
    : s.status === 'skipped'
      ? `  ${s.stack}: not started${s.waitedOn ? ` (${s.waitedOn} failed)` : ''}`
      : `  ${s.stack}: failed — ${s.error?.message.split('\n')[0] ?? 'error'}`

const planned = (p: PlanResult): string => {
  const n = p.plan.steps.filter((x) => x.action !== 'noop' && x.action !== 'read').length
  return n ? `${n} change${n === 1 ? '' : 's'}` : 'no changes'
}
const changed = (a: ApplyOutcome): string =>
  a.cancelled ? 'cancelled' : `${a.changes} change${a.changes === 1 ? '' : 's'} (state serial ${a.serial})`

/** Run the workspace call; a stack's failure still gives every stack's part, then rethrows. */
const settled = async <A>(f: () => Promise<StacksResult<A>>): Promise<{ r: StacksResult<A>; error?: Error }> => {
  try {
    return { r: await f() }
  } catch (e) {
    if (isTrellisError(e) && 'stacks' in e) return { r: (e as StacksError<A>).stacks, error: e }
    throw e
  }
}

export const planAcrossCli = async (
  ctx: CommandContext,
  stacks: ReadonlyArray<Stack>,
  sel: Selected,
  policies: ReadonlyArray<unknown> = [],
) => {
  refuseOneStackFlags(ctx, stacks.length)
  const { out } = ctx
  const { r, error } = await settled(() =>
    ctx.workspace().plan(stacks, {
      stacks: sel.select,
      policies,
      ...(bool(ctx.args, 'refresh') ? { refresh: true } : {}),
    }),
  )
  for (const s of r.stacks) {
    if (ctx.json) {
      if (s.result) out.line(JSON.stringify({ ...planDoc(s.result, registry), stack: s.stack }))
      continue
    }
    if (s.result)
      out.line(`── stack ${s.stack} ──\n${planText(s.result, registry, out, { all: bool(ctx.args, 'all') })}\n`)
  }
  if (!ctx.json) out.line(['Stacks, in order:', ...r.stacks.map((s) => summaryLine(s, planned))].join('\n'))
  if (error) throw error
  const hint = await saveAcross(ctx, r, stacks, sel)
  if (hint && ctx.json) out.err(hint)
  else if (hint) out.line(`\n${hint}`)
  const changes = r.stacks.some((s) => s.result?.hasChanges)
  return bool(ctx.args, 'detailed-exitcode') && changes ? EXIT.changes : EXIT.ok
}

export const changeAcrossCli = async (
  ctx: CommandContext,
  which: 'apply' | 'destroy',
  stacks: ReadonlyArray<Stack>,
  sel: Selected,
  o: {
    readonly policies?: ReadonlyArray<unknown>
    /** a saved plan across stacks: each stack's approved plan, applied without asking */
    readonly approvedPlans?: Readonly<Record<string, Plan>>
  } = {},
): Promise<number> => {
  refuseOneStackFlags(ctx, stacks.length)
  const { out, json } = ctx
  const { r, error } = await settled(() =>
    ctx.workspace()[which](stacks, {
      stacks: sel.select,
      policies: o.policies ?? [],
      ...(bool(ctx.args, 'refresh') ? { refresh: true } : {}),
      ...(o.approvedPlans ? { approvedPlans: o.approvedPlans } : {}),
      confirm: async (p) => {
        out.line(json ? JSON.stringify(planDoc(p, registry)) : `── stack ${p.stack} ──\n${planText(p, registry, out)}`)
        return o.approvedPlans ? true : ctx.confirm(which === 'apply' ? 'applied' : 'destroyed')
      },
    }),
  )
  ctx.progress.stop()
  if (json)
    for (const s of r.stacks) if (s.result) out.line(JSON.stringify({ ...applyDoc(which, s.result), stack: s.stack }))
  if (!json)
    out.line(
      [
        `\n${which === 'apply' ? 'Apply' : 'Destroy'} across stacks:`,
        ...r.stacks.map((s) => summaryLine(s, changed)),
      ].join('\n'),
    )
  if (error) throw error
  if (r.stacks.some((s) => s.result?.cancelled)) return ctx.signal.aborted ? EXIT.interrupted : EXIT.failed
  const pending = r.stacks.flatMap((s) => (s.result ? pendingSteps(s.result.journal) : []))
  const left = pendingText(pending)
  if (left && json) out.err(left)
  else if (left) out.line(left)
  return pending.length ? EXIT.failed : EXIT.ok
}
