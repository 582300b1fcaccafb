/** `trellis stack rm NAME`: forget an empty stack (`--force`: one that still holds resources). */
import type { CommandSpec } from '../command-spec'
import { doc } from '../documents'
import { EXIT } from '../exit'
import { bool } from '../flag-readers'
import { STATE } from '../flags'
import { stackRemove } from '../stack-remove'

export const stackRm: CommandSpec = {
  name: 'rm',
  args: 'NAME',
  summary: 'forget a stack: an empty one, or with --force one whose resources it forgets',
  flags: ['help', 'json', 'color', 'no-color', ...STATE, 'emulate', 'force'],
  example: 'trellis stack rm network-dev',
  min: 1,
  max: 1,
  run: async (ctx) => {
    const stack = ctx.args.positionals[0]
    const r = await stackRemove(ctx.workspace(), stack, bool(ctx.args, 'force'))
    ctx.out.line(ctx.json ? JSON.stringify(doc('state-change', { stack, action: 'stack-rm', ...r.detail })) : r.message)
    return EXIT.ok
  },
}
