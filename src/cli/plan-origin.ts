/**
 * Where a saved plan was made: against the emulators or the real platforms, and the flags that chose
 * its stacks and state. `apply FILE` refuses a plan made against the other kind (a plan reviewed on
 * the emulators is no review of the real platforms), and the hint a plan prints repeats the flags.
 */
import type { CommandContext } from './command-spec'
import { bool, list, str, UsageError, type Args } from './flag-readers'

export interface PlanOrigin {
  /** made against the built-in emulators (`--emulate`) */
  readonly emulated: boolean
  /** the flags `apply FILE` needs to reach the same stacks and state, as typed on a command line */
  readonly flags: ReadonlyArray<string>
}

/** `it's` → `'it'\''s'`; words of safe characters as they are. */
const shellWord = (s: string): string => (/^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`)

/** A URL's password is never repeated in a hint or written to a plan file. */
const withoutPassword = (url: string): string => {
  try {
    const u = new URL(url)
    if (!u.password) return url
    u.password = '***'
    return u.toString()
  } catch {
    return url
  }
}

/** The origin of a plan made with these flags (TRELLIS_STATE_URL, read again by apply, is not repeated). */
export const planOrigin = (args: Args): PlanOrigin => {
  const flags: string[] = []
  const emulated = bool(args, 'emulate')
  if (emulated) flags.push('--emulate')
  const data = str(args, 'data')
  if (data !== undefined) flags.push('--data', shellWord(data))
  const env = str(args, 'env')
  if (env !== undefined) flags.push('--env', shellWord(env))
  for (const s of list(args, 'stack')) flags.push('--stack', shellWord(s))
  const dir = str(args, 'state-dir')
  if (dir !== undefined) flags.push('--state-dir', shellWord(dir))
  const url = str(args, 'state-url')
  if (url !== undefined) flags.push('--state-url', shellWord(withoutPassword(url)))
  return { emulated, flags }
}

/** `trellis apply plan.json --emulate --state-dir d`: what the plan's hint tells the user to run. */
export const applyCommandOf = (file: string, origin: PlanOrigin): string =>
  ['trellis apply', shellWord(file), ...origin.flags].join(' ')

const kind = (emulated: boolean): string => (emulated ? 'the emulators' : 'the real platforms')

/**
 * Refuse (a usage error, before anything is loaded or sent) a saved plan made against the other
 * kind of platform than this run's. A plan saved before origins were recorded says nothing: allowed.
 */
export const checkPlanOrigin = (ctx: Pick<CommandContext, 'args'>, origin: PlanOrigin | undefined): void => {
  if (origin === undefined) return
  const now = bool(ctx.args, 'emulate')
  if (origin.emulated === now) return
  throw new UsageError(
    `the saved plan was made against ${kind(origin.emulated)} and this run is against ${kind(now)}: ` +
      `a plan reviewed on one is no plan for the other. ` +
      (origin.emulated
        ? 'Apply it with --emulate, or make a new plan without --emulate.'
        : 'Apply it without --emulate, or make a new plan with --emulate.'),
    'apply',
  )
}
