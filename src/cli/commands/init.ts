/** `trellis init`: start a project (src/cli/init.ts writes it). */
import type { CommandSpec } from '../command-spec'
import { EXIT } from '../exit'
import { COMMON } from '../flags'
import { str } from '../flag-readers'

export const init: CommandSpec = {
  name: 'init',
  args: '[DIR]',
  summary: 'start a project, or add what is missing to one: package.json, tsconfig, infra.ts and its test',
  flags: [...COMMON, 'trellis'],
  example: 'trellis init my-infra --trellis ../trellis-0.1.0.tgz',
  min: 0,
  max: 1,
  run: async ({ args, out }) =>
    (await import('../init')).runInit({ dir: args.positionals[0] ?? '.', trellis: str(args, 'trellis') }, out, EXIT),
}
