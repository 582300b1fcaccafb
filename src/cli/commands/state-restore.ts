/** `trellis state restore`: write a backup back as the stack's state. */
import type { CommandSpec } from '../command-spec'
import { str, UsageError, type Args } from '../flag-readers'
import { STATE_CMD } from '../flags'
import { stateRestore as restore } from '../state-surgery'
import { stateChange } from './state-change'

const serialFlag = (args: Args): number | undefined => {
  const v = str(args, 'serial')
  if (v === undefined) return undefined
  if (!/^[0-9]+$/.test(v))
    throw new UsageError(`--serial: expected a serial number, got ${JSON.stringify(v)}`, 'state restore')
  return Number(v)
}

export const stateRestore: CommandSpec = {
  name: 'restore',
  args: '',
  summary: 'restore state from a backup',
  flags: [...STATE_CMD, 'serial', 'lock-timeout'],
  example: 'trellis state restore --stack quickstart --serial 3',
  min: 0,
  max: 0,
  run: stateChange((w, stack, { args }) => restore(w, stack, serialFlag(args))),
}
