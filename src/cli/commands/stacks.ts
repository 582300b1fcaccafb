/** `trellis stacks`: the stacks that have state in the store. */
import type { CommandSpec } from '../command-spec'
import { doc } from '../documents'
import { EXIT } from '../exit'
import { COMMON, STATE } from '../flags'
import { heldBy } from '../stack-remove'

export const stacks: CommandSpec = {
  name: 'stacks',
  args: '',
  summary: 'the stacks that have state in the store',
  flags: [...COMMON, ...STATE, 'emulate'],
  example: 'trellis stacks --state-dir .trellis',
  min: 0,
  max: 0,
  run: async ({ out, json, workspace }) => {
    const w = workspace()
    const names = await w.stacks()
    // an empty stack (no resource, nothing pending) is what a destroy leaves: `stack rm` removes it
    const empty: string[] = []
    for (const n of names) {
      const s = await w.state(n).catch(() => undefined)
      if (s && heldBy(s).length === 0) empty.push(n)
    }
    const line = (n: string) => (empty.includes(n) ? `${n} (empty)` : n)
    out.line(
      json
        ? JSON.stringify(doc('stacks', { stacks: names, empty }))
        : names.map(line).join('\n') || '(no stacks have state here)',
    )
    return EXIT.ok
  },
}
