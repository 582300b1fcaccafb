/** `trellis stack <sub-command>`: manage whole stacks in the store (`stack rm`). */
import type { CommandSpec } from '../command-spec'
import { UsageError } from '../flag-readers'
import { COMMON, STATE } from '../flags'
import { stackRm } from './stack-rm'

const SUBCOMMANDS: ReadonlyArray<CommandSpec> = [stackRm]

export const stack: CommandSpec = {
  name: 'stack',
  args: '<rm>',
  summary: 'manage whole stacks in the store',
  flags: [...COMMON, ...STATE, 'emulate'],
  example: 'trellis stack rm network-dev',
  min: 1,
  max: 2,
  subcommands: SUBCOMMANDS,
  run: (ctx) => {
    const sub = SUBCOMMANDS.find((s) => s.name === ctx.args.sub)
    if (!sub) throw new UsageError(`unknown stack sub-command ${String(ctx.args.sub)}`, 'stack')
    return sub.run(ctx)
  },
}
