/** The stack a state command means: --stack, or the only one that has state. */
import { emulatedStateDir } from '../../clients/emulators/emulated-paths'
import { fileStore } from '../state/file-store'
import type { CommandContext } from './command-spec'
import { bool, list, str, UsageError } from './flag-readers'

/**
 * Nothing to read here: a usage problem (the wrong place, or the wrong kind of state), not a
 * locked or corrupt state. Emulated state in the same directory is named, with the flag to read it.
 */
const noState = async (ctx: CommandContext): Promise<UsageError> => {
  const dir = str(ctx.args, 'state-dir') ?? '.trellis'
  const where = str(ctx.args, 'state-url') !== undefined ? 'in the state database' : `in ${dir}`
  if (bool(ctx.args, 'emulate') || str(ctx.args, 'state-url') !== undefined)
    return new UsageError(
      `no stack has ${bool(ctx.args, 'emulate') ? 'emulated ' : ''}state ${where}`,
      ctx.args.command,
    )
  const emulated = await fileStore({ dir: emulatedStateDir(dir) }).list()()
  const names = emulated._tag === 'Right' ? emulated.right.filter((n) => n !== 'endpoint') : []
  return new UsageError(
    names.length
      ? `no stack has state for the real platforms ${where}; emulated state exists (${names.join(', ')}): add --emulate to read it`
      : `no stack has state ${where} (see --state-dir, --state-url)`,
    ctx.args.command,
  )
}

export const stackName = async (ctx: CommandContext): Promise<string> => {
  const named = list(ctx.args, 'stack')
  if (named.length > 1)
    throw new UsageError(`${ctx.args.command} works on one stack: give one --stack`, ctx.args.command)
  const given = named[0]
  if (given) return given
  const names = await ctx.workspace().stacks()
  if (names.length === 1) return names[0]
  if (names.length === 0) throw await noState(ctx)
  throw new UsageError(`several stacks have state (${names.join(', ')}): pass --stack NAME`, ctx.args.command)
}
