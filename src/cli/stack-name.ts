/** The stack a state command means: --stack, or the only one that has state. */
import { TrellisError } from '../workspace/trellis-error'
import type { CommandContext } from './command-spec'
import { list, UsageError } from './flag-readers'

export const stackName = async (ctx: CommandContext): Promise<string> => {
  const named = list(ctx.args, 'stack')
  if (named.length > 1)
    throw new UsageError(`${ctx.args.command} works on one stack: give one --stack`, ctx.args.command)
  const given = named[0]
  if (given) return given
  const names = await ctx.workspace().stacks()
  if (names.length === 1) return names[0]
  if (names.length === 0) throw new TrellisError('state', [], 'no stack has state here (see --state-dir)')
  throw new UsageError(`several stacks have state (${names.join(', ')}): pass --stack NAME`, ctx.args.command)
}
