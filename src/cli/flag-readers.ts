/**
 * The parsed command line (Args), the usage error every bad argument becomes, and the typed readers
 * of its flags. Apart from the parser (args.ts) so the commands read flags without importing the
 * table that parsing reads.
 */
import type { CommandSpec } from './command-spec'

export interface Args {
  /** `plan`, `state`, … (`help` for bare `--help`, `version` for `--version`) */
  readonly command: string
  /** `list`, `show`, … for commands with sub-commands */
  readonly sub?: string
  readonly spec: CommandSpec
  readonly positionals: ReadonlyArray<string>
  readonly flags: Readonly<Record<string, string | boolean | ReadonlyArray<string> | undefined>>
}

export class UsageError extends Error {
  override readonly name = 'UsageError'
  /** the command whose help to point at */
  constructor(
    message: string,
    readonly command?: string,
  ) {
    super(message)
  }
}

export const str = (a: Args, k: string): string | undefined => {
  const v = a.flags[k]
  return typeof v === 'string' ? v : undefined
}
export const bool = (a: Args, k: string): boolean => a.flags[k] === true
export const list = (a: Args, k: string): ReadonlyArray<string> => {
  const v = a.flags[k]
  return Array.isArray(v) ? (v as ReadonlyArray<string>) : typeof v === 'string' ? [v] : []
}

/** A positive integer flag, or a usage error saying what was given. */
export const positiveInt = (a: Args, k: string): number | undefined => {
  const v = str(a, k)
  if (v === undefined) return undefined
  if (!/^[1-9][0-9]*$/.test(v)) throw new UsageError(`--${k}: expected a positive integer, got ${JSON.stringify(v)}`)
  return Number(v)
}

/** One of some words, or a usage error naming them. */
export const oneOf = <W extends string>(a: Args, k: string, words: ReadonlyArray<W>): W | undefined => {
  const v = str(a, k)
  if (v === undefined) return undefined
  if (!(words as ReadonlyArray<string>).includes(v))
    throw new UsageError(`--${k}: expected ${words.join(', ')}, got ${JSON.stringify(v)}`)
  return v as W
}

const UNIT_MS: Readonly<Record<string, number>> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }

/** A duration flag (`500ms`, `30s`, `2m`, `1h`; a bare number is seconds) in ms, or a usage error. */
export const duration = (a: Args, k: string): number | undefined => {
  const v = str(a, k)
  if (v === undefined) return undefined
  const m = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(v)
  if (!m) throw new UsageError(`--${k}: expected a duration such as 30s, 2m or 500ms, got ${JSON.stringify(v)}`)
  return Math.round(Number(m[1]) * UNIT_MS[m[2] ?? 's'])
}
