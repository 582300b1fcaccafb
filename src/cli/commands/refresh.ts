/** `trellis refresh`: record what changed outside trellis (the same as `apply --refresh-only`). */
import type { CommandSpec } from '../command-spec'
import { RUN } from '../flags'
import { refreshRun } from '../refresh-run'

export const refresh: CommandSpec = {
  name: 'refresh',
  args: '<program.ts>',
  summary: 'read every resource and record what changed outside trellis (apply --refresh-only)',
  flags: [...RUN, 'yes', 'detailed-exitcode', 'lock-timeout'],
  example: 'trellis refresh infra.ts --detailed-exitcode',
  min: 1,
  max: 1,
  run: async (ctx) => {
    ctx.workspace()
    return refreshRun(ctx, await ctx.program())
  },
}
