/** `trellis destroy`: delete what the stack's state holds (or only --target and its dependents). */
import type { CommandSpec } from '../command-spec'
import { RUN } from '../flags'
import { change } from './change'

export const destroy: CommandSpec = {
  name: 'destroy',
  args: '<program.ts>',
  summary: "delete everything the stack's state holds (or only --target and its dependents)",
  flags: [...RUN, 'yes', 'target', 'lock-timeout', 'continue-on-error'],
  example: 'trellis destroy infra.ts --yes',
  min: 1,
  max: 1,
  streamsEvents: true,
  run: (ctx) => change(ctx, 'destroy'),
}
