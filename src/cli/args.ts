/**
 * Command-line arguments: positionals and `--flag [value]` options, nothing more.
 */
export interface Args {
  readonly positionals: ReadonlyArray<string>
  readonly flags: Readonly<Record<string, string | true>>
}

const BOOLEAN = new Set(['json', 'emulate', 'yes', 'refresh', 'detailed-exitcode', 'help', 'all', 'no-color', 'plan'])

export const parseArgs = (argv: ReadonlyArray<string>): Args => {
  const positionals: string[] = []
  const flags: Record<string, string | true> = {}
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]
    if (a === '--') {
      positionals.push(...argv.slice(i + 1))
      break
    }
    if (a.startsWith('--')) {
      const [k, v] = a.slice(2).split('=', 2)
      if (v !== undefined) flags[k] = v
      else if (BOOLEAN.has(k) || i + 1 >= argv.length || argv[i + 1].startsWith('--')) flags[k] = true
      else flags[k] = argv[++i]
    } else if (a === '-y') flags.yes = true
    else positionals.push(a)
  }
  return { positionals, flags }
}

export const flag = (a: Args, k: string): string | undefined =>
  typeof a.flags[k] === 'string' ? a.flags[k] : undefined
export const has = (a: Args, k: string): boolean => a.flags[k] !== undefined
