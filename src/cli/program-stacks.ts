/**
 * The stacks a run command works on: the program loaded for `--env` (with its configuration), and
 * `--stack` checked against it. A name the program does not return and the store does not hold is
 * a usage error (exit 64) offering the closest — never a new stack. A program of one stack given
 * the name of another stack the store holds works on that one (how a copy applied under another
 * name is reached).
 */
import type { Stack } from '../core/stack'
import { closestName } from '../core/closest-name'
import type { CommandContext } from './command-spec'
import { list, str, UsageError } from './flag-readers'
import { loadProgramStacks, oneStack, type Program } from './load-program'

/** The program, and the stacks `--stack` selects (empty: every one). */
export interface Selected {
  readonly program: Program
  readonly select: ReadonlyArray<string>
  /** a one-stack program given another stack's name: that stack, to work on alone */
  readonly renamed?: Stack
}

const load = (ctx: CommandContext): Promise<Program> =>
  loadProgramStacks(ctx.args.positionals[0], {
    ...(str(ctx.args, 'env') ? { env: str(ctx.args, 'env') } : {}),
    ...(ctx.env.TRELLIS_PASSPHRASE ? { passphrase: ctx.env.TRELLIS_PASSPHRASE } : {}),
  })

/** Names in neither the program nor the store: refused with the closest of both. */
const refuseUnknown = async (ctx: CommandContext, p: Program, names: ReadonlyArray<string>): Promise<string[]> => {
  const inProgram = new Set(p.stacks.map((s) => s.name))
  const missing = names.filter((n) => !inProgram.has(n))
  if (missing.length === 0) return []
  const stored = await ctx.workspace().stacks()
  const unknown = missing.find((n) => !stored.includes(n))
  if (unknown !== undefined) {
    const near = closestName(unknown, [...inProgram, ...stored])
    throw new UsageError(
      `--stack ${unknown}: no such stack: ${p.file} returns ${[...inProgram].join(', ')}${p.env ? ` for environment ${p.env}` : ''}, and the store holds ${stored.length ? stored.join(', ') : 'none'}${near ? ` (did you mean ${near}?)` : ''}`,
      ctx.args.command,
    )
  }
  return missing
}

/** The program and the selected stacks, each name checked. */
export const selectedStacks = async (ctx: CommandContext): Promise<Selected> => {
  const program = await load(ctx)
  const select = list(ctx.args, 'stack')
  const stored = await refuseUnknown(ctx, program, select)
  if (stored.length === 0) return { program, select }
  if (program.stacks.length === 1 && select.length === 1)
    return { program, select, renamed: oneStack(program, select[0]) }
  throw new UsageError(
    `--stack ${stored[0]}: the store holds it, but ${program.file} does not return it${program.env ? ` for environment ${program.env}` : ''} (it returns ${program.stacks.map((s) => s.name).join(', ')})`,
    ctx.args.command,
  )
}

/** The one stack a command that works on one stack means (`--stack`, or the program's only one). */
export const programStack = async (ctx: CommandContext): Promise<Stack> => {
  const s = await selectedStacks(ctx)
  if (s.renamed) return s.renamed
  if (s.select.length > 1)
    throw new UsageError(`${ctx.args.command} works on one stack: give one --stack`, ctx.args.command)
  return oneStack(s.program, s.select[0])
}
