/** `trellis emulate`: the emulators served on 127.0.0.1 (src/cli/emulate.ts serves them). */
import type { CommandSpec } from '../command-spec'
import { EmulateUsageError, runEmulate } from '../emulate'
import { EXIT } from '../exit'
import { str } from '../flag-readers'

export const emulate: CommandSpec = {
  name: 'emulate',
  args: '[seed FILE]',
  summary: 'serve the emulators on 127.0.0.1, objects kept across restarts (seed FILE: put objects in)',
  flags: ['help', 'color', 'no-color', 'state-dir', 'data', 'port', 'faults'],
  example: 'trellis emulate --port 4100',
  min: 0,
  max: 2,
  // the server owns its own Ctrl-C (save, then stop)
  bare: true,
  run: async ({ args, out }) => {
    try {
      return await runEmulate(
        args.positionals,
        {
          port: str(args, 'port'),
          data: str(args, 'data'),
          faults: str(args, 'faults'),
          stateDir: str(args, 'state-dir'),
        },
        out,
      )
    } catch (e) {
      out.err(e instanceof Error ? e.message : String(e))
      return e instanceof EmulateUsageError ? EXIT.usage : EXIT.failed
    }
  },
}
