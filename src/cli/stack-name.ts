/** The stack a state command means: --stack, or the only one that has state. */
import { TrellisError } from '../workspace/trellis-error'
import type { CommandContext } from './command-spec'
import { str, UsageError } from './flag-readers'

export const stackName = async (ctx: CommandContext): Promise<string> => {
  const given = str(ctx.args, 'stack')
  if (given) return given
  const names = await ctx.workspace().stacks()
  if (names.length === 1) return names[0]
  if (names.length === 0) throw new TrellisError('state', [], 'no stack has state here (see --state-dir)')
  throw new UsageError(`several stacks have state (${names.join(', ')}): pass --stack NAME`, ctx.args.command)
}
