/**
 * The context a command runs in (command-spec.ts): the state flags checked up front, the workspace
 * opened on first use, confirmation at a terminal, progress, and SIGINT/SIGTERM turned into the
 * run's stop signal. `close` undoes all of it, whatever the command did.
 */
import { createInterface } from 'node:readline/promises'
import { labelOfAddress } from '../core/node'
import { workspace, type Workspace } from '../workspace/workspace'
import type { CommandContext } from './command-spec'
import { bool, duration, positiveInt, str, UsageError, type Args } from './flag-readers'
import { interrupts, type Interrupts } from './interrupts'
import { programStack, selectedStacks } from './program-stacks'
import { progress, type Out, type Progress } from './output'

/** What main needs from the process (tests give their own). */
export interface Io {
  readonly env?: Readonly<Record<string, string | undefined>>
  /** stdin is a terminal: prompts are possible */
  readonly interactive?: boolean
  /** a line typed at a prompt */
  readonly ask?: (question: string) => Promise<string>
  /** where SIGINT/SIGTERM arrive (the real process by default in the bin) */
  readonly interrupts?: Interrupts
}

type Env = CommandContext['env']

const askTty = async (question: string): Promise<string> => {
  const rl = createInterface({ input: process.stdin, output: process.stderr })
  try {
    return await rl.question(question)
  } finally {
    rl.close()
  }
}

/** Ctrl-C once: stop starting steps, say what is in flight; twice: say what may be left pending. */
const onInterrupt = (io: Io, out: Out, controller: AbortController, prog: Progress) =>
  (io.interrupts ?? interrupts()).on({
    first: (sig) => {
      controller.abort()
      const busy = prog.inFlight()
      out.err(
        `\n${sig}: stopping — no new steps start; ${busy.length ? `waiting for ${busy.length} in flight (${busy.map(labelOfAddress).join(', ')}) to finish and be recorded` : 'nothing in flight'}. Press Ctrl-C again to exit at once.`,
      )
    },
    second: (sig) => {
      const busy = prog.inFlight()
      out.err(
        `${sig} again: exiting now. ${busy.length ? `These may be pending on the platform; the next run reconciles them: ${busy.map(labelOfAddress).join(', ')}` : 'Nothing was in flight.'}`,
      )
    },
  })

/** The workspace the flags name, made on first call (the flags were checked by stateFlags). */
const opener = (args: Args, env: Env, signal: AbortSignal, prog: Progress, out: Out) => {
  const stateUrl = str(args, 'state-url') ?? (env.TRELLIS_STATE_URL || undefined)
  const stateDir = str(args, 'state-dir')
  let ws: Workspace | undefined
  const open = (concurrency = positiveInt(args, 'concurrency')): Workspace =>
    (ws ??= workspace({
      ...(stateUrl && !bool(args, 'emulate') ? { stateUrl } : { stateDir: stateDir ?? '.trellis' }),
      env,
      emulate: bool(args, 'emulate'),
      ...(str(args, 'data') ? { emulatorData: str(args, 'data') } : {}),
      ...(concurrency ? { concurrency } : {}),
      // --lock-timeout wins over TRELLIS_LOCK_WAIT_MS
      ...(duration(args, 'lock-timeout') !== undefined ? { lockWaitMs: duration(args, 'lock-timeout') } : {}),
      signal,
      onEvent: prog.sink,
      ...(env.TRELLIS_DEBUG ? { debug: out.err } : {}),
    }))
  return { open, close: async () => ws?.close() }
}

/** Usage errors in the state flags, before anything is loaded. */
export const checkStateFlags = (args: Args, env: Env): void => {
  const stateUrl = str(args, 'state-url') ?? (env.TRELLIS_STATE_URL || undefined)
  if (stateUrl && str(args, 'state-dir'))
    throw new UsageError('give --state-dir or --state-url (TRELLIS_STATE_URL), not both')
  if (bool(args, 'emulate') && str(args, 'state-url'))
    throw new UsageError('--emulate keeps its state under --state-dir; --state-url is for the real platforms')
  positiveInt(args, 'concurrency')
  duration(args, 'lock-timeout')
}

const confirmer =
  (args: Args, out: Out, io: Io, signal: AbortSignal) =>
  async (what: string): Promise<boolean> => {
    if (bool(args, 'yes')) return true
    if (signal.aborted) return false
    if (!(io.interactive ?? !!process.stdin.isTTY)) {
      out.err(`Not ${what}: pass --yes to ${what.replace(/ed$/, '')} without a terminal.`)
      return false
    }
    const a = await Promise.race([
      (io.ask ?? askTty)(`\nDo you want to go ahead? Only 'yes' will be accepted: `),
      new Promise<string>((r) => signal.addEventListener('abort', () => r(''), { once: true })),
    ])
    if (a.trim() !== 'yes') out.err('Cancelled.')
    return a.trim() === 'yes'
  }

export interface RunContext {
  readonly ctx: CommandContext
  /** stop progress, let go of the signals, close the workspace */
  readonly close: () => Promise<void>
}

/** The context for one command; a bare command gets no signal handlers and no state-flag checks. */
export const commandContext = (args: Args, out: Out, io: Io, version: string, bare: boolean): RunContext => {
  const env = io.env ?? process.env
  const controller = new AbortController()
  const json = bool(args, 'json')
  // with --json, only a command that streams its events prints them: the others print one document
  const prog = progress(out, json ? (args.spec.streamsEvents ? { json } : { quiet: true }) : {})
  const stopper = bare ? undefined : onInterrupt(io, out, controller, prog)
  const ws = opener(args, env, controller.signal, prog, out)
  const ctx: CommandContext = {
    args,
    out,
    env,
    signal: controller.signal,
    workspace: () => ws.open(),
    program: () => programStack(ctx),
    programStacks: () => selectedStacks(ctx),
    confirm: confirmer(args, out, io, controller.signal),
    json,
    progress: prog,
    version,
  }
  const close = async () => {
    prog.stop()
    stopper?.off()
    await ws.close()
  }
  return { ctx, close }
}
