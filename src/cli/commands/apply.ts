/** `trellis apply`: make the platforms match the program, or apply a saved plan exactly. */
import type { CommandSpec } from '../command-spec'
import { RUN } from '../flags'
import { change } from './change'

export const apply: CommandSpec = {
  name: 'apply',
  args: '<program.ts | saved-plan.json>',
  summary: 'make the platforms match the program (or apply a saved plan)',
  flags: [...RUN, 'yes', 'refresh', 'refresh-only', 'target', 'replace', 'lock-timeout', 'continue-on-error', 'policy'],
  example: 'trellis apply infra.ts --target \'cost:Folder "finance"\' --yes',
  min: 1,
  max: 1,
  streamsEvents: true,
  run: (ctx) => change(ctx, 'apply'),
}
