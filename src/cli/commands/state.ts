/** `trellis state <sub-command>`: inspect and repair state; each sub-command is its own module. */
import type { CommandSpec } from '../command-spec'
import { UsageError } from '../flag-readers'
import { STATE_CMD } from '../flags'
import { stateList } from './state-list'
import { stateMv } from './state-mv'
import { stateRestore } from './state-restore'
import { stateRm } from './state-rm'
import { stateShow } from './state-show'
import { stateUnlock } from './state-unlock'

const SUBCOMMANDS: ReadonlyArray<CommandSpec> = [stateList, stateShow, stateRm, stateMv, stateRestore, stateUnlock]

export const state: CommandSpec = {
  name: 'state',
  args: '<list | show | rm | mv | restore | unlock>',
  summary: 'inspect and repair state (journaled and backed up like any write)',
  flags: STATE_CMD,
  example: 'trellis state list --stack quickstart',
  min: 1,
  max: 3,
  subcommands: SUBCOMMANDS,
  run: (ctx) => {
    const sub = SUBCOMMANDS.find((s) => s.name === ctx.args.sub)
    if (!sub) throw new UsageError(`unknown state sub-command ${String(ctx.args.sub)}`, 'state')
    return sub.run(ctx)
  },
}
