/** `trellis help [COMMAND]` (and `--help` on any command): the help texts src/cli/help.ts makes. */
import type { CommandSpec } from '../command-spec'
import { EXIT } from '../exit'
import { bool } from '../flag-readers'
import { COMMON } from '../flags'

export const help: CommandSpec = {
  name: 'help',
  args: '[COMMAND]',
  summary: 'help for trellis or one command',
  flags: COMMON,
  example: 'trellis help plan',
  min: 0,
  max: 2,
  bare: true,
  run: async ({ args, out, version }) => {
    // help.ts reads the table this command is in: loaded when asked for
    const { helpFor } = await import('../help')
    // `CMD [SUB] --help`, `help CMD [SUB]`, or a bare `--help` (help on help)
    const names =
      args.command !== 'help'
        ? [args.command, ...(args.sub ? [args.sub] : [])]
        : args.positionals.length > 0 || !bool(args, 'help')
          ? args.positionals
          : ['help']
    const text = helpFor(names, version)
    if (text === undefined) {
      out.err(`trellis: no help for "${names.join(' ')}": not a command (trellis --help lists them)`)
      return EXIT.usage
    }
    out.line(text)
    return EXIT.ok
  },
}
