/**
 * Help texts, made from the command table: `trellis --help` lists the commands, `trellis help CMD`
 * and `CMD --help` list that command's arguments, flags and an example.
 */
import { COMMANDS, FLAGS, commandNamed, type CommandSpec } from './commands'
import { EXIT_HELP } from './exit'

/** a column, with at least two spaces before the next */
const col = (s: string, w: number) => (s.length + 2 > w ? `${s}  ` : s.padEnd(w))

const flagLine = (f: string): string => {
  const d = FLAGS[f]
  const name = `${d.short ? `-${d.short}, ` : ''}--${f}${d.value ? ` ${d.value}` : ''}`
  return `  ${col(name, 30)}${d.help}`
}

export const topHelp = (version: string): string =>
  [
    `trellis ${version}: infrastructure as code in plain TypeScript`,
    '',
    'usage: trellis <command> [arguments] [flags]',
    '',
    'commands:',
    ...COMMANDS.map((c) => `  ${col(`${c.name} ${c.args}`, 44)}${c.summary}`),
    '',
    'Run `trellis help <command>` (or `trellis <command> --help`) for its flags and an example.',
    '',
    EXIT_HELP,
  ].join('\n')

export const commandHelp = (spec: CommandSpec, parent?: CommandSpec): string => {
  const name = parent ? `${parent.name} ${spec.name}` : spec.name
  const lines = [`usage: trellis ${name}${spec.args ? ` ${spec.args}` : ''} [flags]`, '', spec.summary, '']
  if (spec.subcommands) {
    lines.push('sub-commands:')
    for (const s of spec.subcommands) lines.push(`  ${col(`${s.name} ${s.args}`, 30)}${s.summary}`)
    lines.push('')
  }
  lines.push('flags:', ...spec.flags.map(flagLine), '', 'example:', `  ${spec.example}`, '', EXIT_HELP)
  return lines.join('\n')
}

/** Help for `help [cmd [sub]]`, or undefined when there is no such command. */
export const helpFor = (names: ReadonlyArray<string>, version: string): string | undefined => {
  if (names.length === 0) return topHelp(version)
  const top = commandNamed(names[0])
  if (!top) return undefined
  if (names.length === 1 || !top.subcommands) return commandHelp(top)
  const sub = top.subcommands.find((s) => s.name === names[1])
  return sub ? commandHelp(sub, top) : undefined
}
