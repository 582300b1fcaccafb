/** `trellis state unlock`: break a lock left by a run that is gone (naming its holder). */
import type { CommandSpec } from '../command-spec'
import { bool } from '../flag-readers'
import { STATE_CMD } from '../flags'
import { stateUnlock as unlock } from '../state-surgery'
import { stateChange } from './state-change'

export const stateUnlock: CommandSpec = {
  name: 'unlock',
  args: '',
  summary: "break a stack's lock left by a run that is gone (names the holder)",
  flags: [...STATE_CMD, 'force'],
  example: 'trellis state unlock --stack quickstart',
  min: 0,
  max: 0,
  run: stateChange((w, stack, { args }) => unlock(w, stack, bool(args, 'force'))),
}
