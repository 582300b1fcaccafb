/**
 * The one table of the `trellis` CLI's commands (each in its own module under src/cli/commands/):
 * the parser, the help texts, the README's CLI section and main's dispatch all read it.
 */
import type { CommandSpec } from './command-spec'
import { apply } from './commands/apply'
import { config } from './commands/config'
import { demo } from './commands/demo'
import { destroy } from './commands/destroy'
import { discoverCommand } from './commands/discover'
import { emulate } from './commands/emulate'
import { generateCommand } from './commands/generate'
import { graph } from './commands/graph'
import { help } from './commands/help'
import { importCommand } from './commands/import'
import { init } from './commands/init'
import { outputs } from './commands/outputs'
import { plan } from './commands/plan'
import { refresh } from './commands/refresh'
import { schema } from './commands/schema'
import { show } from './commands/show'
import { stacks } from './commands/stacks'
import { stack } from './commands/stack'
import { state } from './commands/state'
import { version } from './commands/version'

export type { CommandContext, CommandSpec } from './command-spec'
export { FLAGS, type FlagSpec } from './flags'

/** In the order `trellis --help` lists them. */
export const COMMANDS: ReadonlyArray<CommandSpec> = [
  plan,
  apply,
  destroy,
  refresh,
  importCommand,
  discoverCommand,
  generateCommand,
  show,
  outputs,
  stacks,
  stack,
  state,
  config,
  graph,
  emulate,
  schema,
  init,
  demo,
  help,
  version,
]

export const commandNamed = (name: string): CommandSpec | undefined => COMMANDS.find((c) => c.name === name)
