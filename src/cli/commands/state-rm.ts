/** `trellis state rm`: forget a resource (the platform keeps the object). */
import { normalizeAddress } from '../../workspace/address'
import type { CommandSpec } from '../command-spec'
import { STATE_CMD } from '../flags'
import { stateRemove } from '../state-surgery'
import { stateChange } from './state-change'

export const stateRm: CommandSpec = {
  name: 'rm',
  args: 'ADDRESS',
  summary: 'forget a resource (the platform keeps the object)',
  flags: [...STATE_CMD, 'lock-timeout'],
  example: 'trellis state rm cost:Folder/finance',
  min: 1,
  max: 1,
  run: stateChange((w, stack, { args }) => stateRemove(w, stack, normalizeAddress(args.positionals[0]))),
}
