/**
 * Strict command-line parsing over node:util parseArgs: the command (and sub-command) first, then
 * only the flags that command takes. An unknown command or flag, a flag without its value, a value
 * given to a switch, or too many or too few arguments is a usage error naming the closest valid
 * name — found before anything is loaded or sent.
 */
import { parseArgs as nodeParseArgs, type ParseArgsConfig } from 'node:util'
import { closestStrict as closest } from '../core/closest-name'
import { COMMANDS, commandNamed } from './commands'
import type { CommandSpec } from './command-spec'
import { FLAGS } from './flags'
import { UsageError, type Args } from './flag-readers'

export { UsageError, str, bool, list, positiveInt, oneOf, type Args } from './flag-readers'

const longName = (token: string): string | undefined => {
  if (token.startsWith('--')) return token.slice(2).split('=', 1)[0]
  return undefined
}

const config = (spec: CommandSpec): NonNullable<ParseArgsConfig['options']> => {
  const out: NonNullable<ParseArgsConfig['options']> = {}
  for (const f of spec.flags) {
    const d = FLAGS[f]
    out[f] = { type: d.type, ...(d.short ? { short: d.short } : {}), ...(d.multiple ? { multiple: true } : {}) }
  }
  return out
}

const shortsOf = (spec: CommandSpec) =>
  new Map(spec.flags.filter((f) => FLAGS[f].short).map((f) => [FLAGS[f].short!, f]))

export const parseArgs = (argv: ReadonlyArray<string>): Args => {
  // a bare --version / --help anywhere before the command
  const first = argv.findIndex((a) => !a.startsWith('-'))
  const before = first === -1 ? argv : argv.slice(0, first)
  if (before.includes('--version'))
    return parseFor(
      'version',
      undefined,
      before.filter((a) => a !== '--version'),
    )
  if (first === -1)
    return parseFor(
      'help',
      undefined,
      before.filter((a) => a !== '--help' && a !== '-h'),
    )
  const name = argv[first]
  const spec = commandNamed(name)
  if (!spec) {
    const near = closest(
      name,
      COMMANDS.map((c) => c.name),
    )
    throw new UsageError(
      `unknown command "${name}"${near ? `; did you mean "${near}"?` : ''} (trellis --help lists them)`,
    )
  }
  const rest = [...before, ...argv.slice(first + 1)]
  if (spec.subcommands) {
    const si = rest.findIndex((a) => !a.startsWith('-'))
    const wantsHelp = rest.includes('--help') || rest.includes('-h')
    if (si === -1) {
      if (wantsHelp) return parseFor(name, undefined, rest)
      throw new UsageError(`${name} needs a sub-command: ${spec.subcommands.map((s) => s.name).join(', ')}`, name)
    }
    const sub = spec.subcommands.find((s) => s.name === rest[si])
    if (!sub) {
      const near = closest(
        rest[si],
        spec.subcommands.map((s) => s.name),
      )
      throw new UsageError(
        `unknown ${name} sub-command "${rest[si]}"${near ? `; did you mean "${near}"?` : ''} (${spec.subcommands.map((s) => s.name).join(', ')})`,
        name,
      )
    }
    return parseFor(name, sub, [...rest.slice(0, si), ...rest.slice(si + 1)])
  }
  return parseFor(name, undefined, rest)
}

const parseFor = (command: string, sub: CommandSpec | undefined, argv: ReadonlyArray<string>): Args => {
  const top = commandNamed(command)!
  const spec = sub ?? top
  const label = sub ? `${command} ${sub.name}` : command
  // unknown flags first, with the closest this command takes
  const shorts = shortsOf(spec)
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]
    if (a === '--') break
    const n = longName(a)
    // a flag that takes a value must not take the next flag as it (`--stack --json`)
    const next = argv[i + 1]
    if (
      n !== undefined &&
      FLAGS[n]?.type === 'string' &&
      spec.flags.includes(n) &&
      !a.includes('=') &&
      (next === undefined || next.startsWith('--'))
    )
      throw new UsageError(
        `--${n} needs a value (${FLAGS[n].value ?? 'VALUE'})${next ? `, got the flag ${next}` : ''}`,
        label,
      )
    if (n !== undefined && !spec.flags.includes(n)) {
      const near = closest(n, spec.flags)
      const elsewhere = n in FLAGS ? ` (${label} does not take it)` : ''
      throw new UsageError(
        `unknown flag --${n} for ${label}${elsewhere}${near ? `; did you mean --${near}?` : ''}`,
        label,
      )
    }
    if (n === undefined && /^-[A-Za-z]/.test(a))
      for (const c of a.slice(1))
        if (!shorts.has(c))
          throw new UsageError(
            `unknown flag -${c} for ${label}${shorts.size ? ` (short flags: ${[...shorts.keys()].map((s) => '-' + s).join(', ')})` : ''}`,
            label,
          )
  }
  let parsed: ReturnType<typeof nodeParseArgs>
  try {
    parsed = nodeParseArgs({ args: [...argv], options: config(spec), strict: true, allowPositionals: true })
  } catch (e) {
    throw new UsageError(`${label}: ${(e as Error).message.split('\n')[0]}`, label)
  }
  const flags = parsed.values as Args['flags']
  const positionals = parsed.positionals
  // a bad value of a flag is a usage error too, whichever command it is given to
  for (const k in flags) {
    const check = FLAGS[k]?.check
    const v = flags[k]
    for (const x of check === undefined ? [] : Array.isArray(v) ? v : typeof v === 'string' ? [v] : []) {
      const problem = check!(x as string)
      if (problem !== undefined) throw new UsageError(`--${k}: ${problem}`, label)
    }
  }
  if (!flags.help) {
    if (positionals.length < spec.min)
      throw new UsageError(
        `${label} needs ${spec.args || 'no arguments'}${spec.min === 1 ? `, e.g. ${spec.example}` : ''}`,
        label,
      )
    if (positionals.length > spec.max)
      throw new UsageError(
        `${label} takes ${spec.max === 0 ? 'no arguments' : spec.args}; unexpected ${positionals
          .slice(spec.max)
          .map((p) => JSON.stringify(p))
          .join(' ')}`,
        label,
      )
  }
  return { command, ...(sub ? { sub: sub.name } : {}), spec, positionals, flags }
}
