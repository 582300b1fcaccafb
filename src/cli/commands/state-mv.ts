/**
 * `trellis state mv`: give a resource in state another address of the same type, or (--to-stack)
 * move it, with its ownership claim, into another stack's state.
 */
import { normalizeAddress } from '../../workspace/address'
import type { CommandSpec } from '../command-spec'
import { STATE_CMD } from '../flags'
import { stateMove } from '../state-surgery'
import { stateMoveToStack } from '../state-move-stack'
import { str, UsageError } from '../flag-readers'
import { stateChange } from './state-change'

const moved = stateChange((w, stack, { args }) => {
  const from = normalizeAddress(args.positionals[0])
  const other = str(args, 'to-stack')
  const to = args.positionals[1] !== undefined ? normalizeAddress(args.positionals[1]) : from
  return other !== undefined ? stateMoveToStack(w, stack, other, from, to) : stateMove(w, stack, from, to)
})

export const stateMv: CommandSpec = {
  name: 'mv',
  args: 'FROM [TO]',
  summary: 'give a resource in state another address (same type), or move it to another stack (--to-stack)',
  flags: [...STATE_CMD, 'lock-timeout', 'to-stack'],
  example: 'trellis state mv cost:Folder/finance cost:Folder/money',
  min: 1,
  max: 2,
  run: (ctx) => {
    // before anything is read: a plain mv needs its new address
    if (ctx.args.positionals[1] === undefined && str(ctx.args, 'to-stack') === undefined)
      throw new UsageError('state mv needs FROM TO (or FROM --to-stack OTHER)', 'state')
    return moved(ctx)
  },
}
