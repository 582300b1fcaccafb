/** `trellis init`: start a project (src/cli/init.ts writes it). */
import type { CommandSpec } from '../command-spec'
import { EXIT } from '../exit'
import { COMMON } from '../flags'

export const init: CommandSpec = {
  name: 'init',
  args: '[DIR]',
  summary: 'start a project: package.json, tsconfig, infra.ts and its test (never overwrites)',
  flags: COMMON,
  example: 'trellis init my-infra',
  min: 0,
  max: 1,
  run: async ({ args, out }) => (await import('../init')).runInit(args.positionals[0] ?? '.', out, EXIT),
}
