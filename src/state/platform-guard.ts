/**
 * platformGuard: a StateStore that records which platforms its states were made against and
 * refuses a state made against the others. An `--emulate` run writes `platforms: 'emulated'`; a
 * real run that meets such a state stops with a clear message before planning anything, so an
 * emulated apply can never pass for the real platforms' state (nor the other way round).
 */
import * as TE from 'fp-ts/TaskEither'
import { pipe } from 'fp-ts/function'
import type { State } from './state'
import { stateError, type StateStore } from './state-store'

export type Platforms = NonNullable<State['platforms']>

export interface PlatformGuardOptions {
  /** where the store lives, for messages (e.g. `.trellis/emulated`) */
  readonly where?: string
  /** names in the store's listing that are not stacks (files of the emulators sharing the directory) */
  readonly notStacks?: ReadonlyArray<string>
}

const describe = (p: Platforms): string =>
  p === 'emulated' ? 'the emulated platforms (trellis --emulate)' : 'the real platforms'

export const platformGuard = <S extends StateStore>(
  store: S,
  platforms: Platforms,
  opts: PlatformGuardOptions = {},
): S => {
  const where = opts.where ? ` in ${opts.where}` : ''
  const check = (stack: string, s: State | undefined) => {
    // a state that says nothing predates the mark: it was made by a real run
    const made = s?.platforms ?? 'real'
    if (s === undefined || made === platforms) return TE.right(s)
    const hint =
      platforms === 'real'
        ? 'run the command with --emulate to work on it, or point --state-dir at the real state'
        : 'run the command without --emulate, or use another --state-dir'
    return TE.left(
      stateError(
        'Conflict',
        `the state of stack "${stack}"${where} was made against ${describe(made)}; a run against ${describe(platforms)} will not use it: ${hint}`,
      ),
    )
  }
  return {
    ...store,
    read: (stack) =>
      pipe(
        store.read(stack),
        TE.chain((s) => check(stack, s)),
      ),
    write: (stack, state) => store.write(stack, { ...state, platforms }),
    list: () =>
      pipe(
        store.list(),
        TE.map((names) => names.filter((n) => !(opts.notStacks ?? []).includes(n))),
      ),
  }
}
