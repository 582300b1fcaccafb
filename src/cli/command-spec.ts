/**
 * A command of the `trellis` CLI: what it takes (positionals, flags), one line of summary, an
 * example, and how it runs. The one table of them (commands.ts) serves parsing, help and dispatch.
 */
import type { Stack } from '../core/stack'
import type { Workspace } from '../workspace/workspace'
import type { Args } from './flag-readers'
import type { Out, Progress } from './output'
import type { Selected } from './program-stacks'

/** What a command is given to run: the parsed line, where to print, and the run's resources. */
export interface CommandContext {
  readonly args: Args
  /** where lines go (colour already decided) */
  readonly out: Out
  readonly env: Readonly<Record<string, string | undefined>>
  /** aborted by the first SIGINT/SIGTERM: no new steps start */
  readonly signal: AbortSignal
  /** the workspace the state flags name, opened on first call; main closes it */
  readonly workspace: () => Workspace
  /** the one stack of the program the first positional names (for --env; --stack, or its only one) */
  readonly program: () => Promise<Stack>
  /** the program's stacks (for --env) and those --stack selects, each name checked */
  readonly programStacks: () => Promise<Selected>
  /** ask before a change (`applied`, `destroyed`, …): --yes, else 'yes' typed at a terminal */
  readonly confirm: (what: string) => Promise<boolean>
  /** --json: one versioned document on stdout */
  readonly json: boolean
  /** step progress on stderr (fed by the workspace's events) */
  readonly progress: Progress
  /** trellis's version, for help and `version` */
  readonly version: string
}

export interface CommandSpec {
  readonly name: string
  /** positionals as shown in usage, e.g. `<program.ts> TOKEN NAME ID` */
  readonly args: string
  readonly summary: string
  readonly flags: ReadonlyArray<string>
  readonly example: string
  /** the fewest and most positionals it takes */
  readonly min: number
  readonly max: number
  /** sub-commands (`state list`, …) */
  readonly subcommands?: ReadonlyArray<CommandSpec>
  /**
   * Runs before the run's resources exist: no workspace, no state flags checked, and SIGINT/SIGTERM
   * left to the command (the emulators' server saves on Ctrl-C).
   */
  readonly bare?: boolean
  /** with --json, its engine events stream as NDJSON before its document (apply, destroy); others print one document */
  readonly streamsEvents?: boolean
  /** the exit code (src/cli/exit.ts); usage and trellis errors may be thrown */
  readonly run: (ctx: CommandContext) => Promise<number>
}
