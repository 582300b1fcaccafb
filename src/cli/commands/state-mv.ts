/** `trellis state mv`: give a resource in state another address of the same type. */
import { normalizeAddress } from '../../workspace/address'
import type { CommandSpec } from '../command-spec'
import { STATE_CMD } from '../flags'
import { stateMove } from '../state-surgery'
import { stateChange } from './state-change'

export const stateMv: CommandSpec = {
  name: 'mv',
  args: 'FROM TO',
  summary: 'give a resource in state another address (same type)',
  flags: [...STATE_CMD, 'lock-timeout'],
  example: 'trellis state mv cost:Folder/finance cost:Folder/money',
  min: 2,
  max: 2,
  run: stateChange((w, stack, { args }) =>
    stateMove(w, stack, normalizeAddress(args.positionals[0]), normalizeAddress(args.positionals[1])),
  ),
}
