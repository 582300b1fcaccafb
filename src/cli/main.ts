/**
 * The `trellis` command, a thin client of workspace(): it parses the command line strictly, finds
 * the command in the one table (src/cli/commands.ts; each command's module under src/cli/commands/),
 * runs it in its context (src/cli/command-context.ts: workspace, confirmation, SIGINT/SIGTERM as the
 * stop signal), prints errors (text, or one versioned JSON document) and sets the exit code
 * (src/cli/exit.ts).
 */
import { VERSION } from '../core/version'
import { isTrellisError, TrellisError } from '../workspace/trellis-error'
import { parseArgs, bool, oneOf, UsageError, type Args } from './args'
import { commandNamed } from './commands'
import { checkStateFlags, commandContext, type Io } from './command-context'
import { errorDoc } from './documents'
import { EXIT } from './exit'
import { useColour, type Out } from './output'

export { EXIT }
export type { Io }
// the command line as the program reads it, before anything is loaded: what a usage error (64) is
export { parseArgs, UsageError, type Args }

// the installed version (src/core/version.ts: from package.json, inlined by the build)
export { VERSION } from '../core/version'

/**
 * A usage error's lines; `always`: point at the help even when the error names no command. Under
 * --json it is also the error document on stdout, as every other failure is, so a CI step that
 * parses the output reads why it stopped.
 */
const usage = (e: UsageError, out: Pick<Out, 'err' | 'line'>, json: boolean, always = false): number => {
  out.err(`trellis: ${e.message}`)
  if (e.command || always) out.err(`Run \`trellis ${e.command ? `${e.command} ` : ''}--help\` for usage.`)
  if (json) {
    const at = { node: e.command ? `trellis ${e.command}` : 'trellis', path: '', expected: 'a valid command line' }
    const issue = { ...at, given: 'an invalid one', message: e.message }
    out.line(JSON.stringify(errorDoc(new TrellisError('usage', [issue], e.message))))
  }
  return EXIT.usage
}

const failed = (e: TrellisError, out: Out, json: boolean): number => {
  if (json) out.line(JSON.stringify(errorDoc(e)))
  else out.err(e.message)
  return e.exitCode
}

/** Colour per --color/--no-color, NO_COLOR and FORCE_COLOR; none with --json. */
const coloured = (args: Args, out: Out, env: NonNullable<Io['env']>): Out => {
  const flag = bool(args, 'no-color') ? 'never' : oneOf(args, 'color', ['auto', 'always', 'never'] as const)
  return { ...out, colour: !bool(args, 'json') && useColour(flag, env, out.colour) }
}

export const main = async (argv: ReadonlyArray<string>, out0: Out, io: Io = {}): Promise<number> => {
  const env = io.env ?? process.env
  let args: Args
  let out: Out
  try {
    args = parseArgs(argv)
  } catch (e) {
    if (e instanceof UsageError) return usage(e, out0, argv.includes('--json'), true)
    throw e
  }
  try {
    out = coloured(args, out0, env)
  } catch (e) {
    return usage(new UsageError((e as Error).message), out0, argv.includes('--json'))
  }
  // `CMD --help` is the help command's
  const spec = commandNamed(bool(args, 'help') ? 'help' : args.command)!
  const { ctx, close } = commandContext(args, out, io, VERSION, spec.bare === true)
  try {
    if (!spec.bare) checkStateFlags(args, env)
    const code = await spec.run(ctx)
    return ctx.signal.aborted ? EXIT.interrupted : code
  } catch (e) {
    if (e instanceof UsageError) return usage(e, out, ctx.json)
    if (isTrellisError(e)) return failed(e, out, ctx.json)
    throw e
  } finally {
    await close()
  }
}

// the bin entry (src/cli/trellis.mjs imports this module; `tsx src/cli/main.ts` runs it directly)
const isMain =
  process.argv[1] &&
  (process.argv[1].endsWith('main.ts') ||
    process.argv[1].endsWith('trellis.mjs') ||
    process.argv[1].endsWith('trellis'))
if (isMain) {
  // a closed pipe (`trellis schema --json | head -1`) ends the output quietly
  for (const s of [process.stdout, process.stderr])
    s.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0)
      throw e
    })
  const redraw = process.stderr.isTTY ? (s: string) => void process.stderr.write(s) : undefined
  main(process.argv.slice(2), {
    line: (s) => void process.stdout.write(s + '\n'),
    err: (s) => void process.stderr.write(s + '\n'),
    colour: !!process.stdout.isTTY,
    ...(redraw ? { redraw } : {}),
  }).then(
    (code) => {
      process.exitCode = code
    },
    (e) => {
      process.stderr.write(`trellis: ${e instanceof Error ? e.message : String(e)}\n`)
      process.exitCode = EXIT.failed
    },
  )
}
