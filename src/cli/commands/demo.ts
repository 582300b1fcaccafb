/** `trellis demo`: the quickstart on the built-in emulators (src/cli/demo.ts runs it). */
import type { CommandSpec } from '../command-spec'
import { COMMON } from '../flags'

export const demo: CommandSpec = {
  name: 'demo',
  args: '',
  summary: 'the quickstart on the built-in emulators: plan, apply, plan',
  flags: COMMON,
  example: 'trellis demo',
  min: 0,
  max: 0,
  run: async ({ out }) => (await import('../demo')).runDemo(out),
}
