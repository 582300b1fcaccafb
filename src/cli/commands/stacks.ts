/** `trellis stacks`: the stacks that have state in the store. */
import type { CommandSpec } from '../command-spec'
import { doc } from '../documents'
import { EXIT } from '../exit'
import { COMMON, STATE } from '../flags'

export const stacks: CommandSpec = {
  name: 'stacks',
  args: '',
  summary: 'the stacks that have state in the store',
  flags: [...COMMON, ...STATE, 'emulate'],
  example: 'trellis stacks --state-dir .trellis',
  min: 0,
  max: 0,
  run: async ({ out, json, workspace }) => {
    const names = await workspace().stacks()
    out.line(
      json ? JSON.stringify(doc('stacks', { stacks: names })) : names.join('\n') || '(no stacks have state here)',
    )
    return EXIT.ok
  },
}
