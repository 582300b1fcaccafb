/**
 * The `trellis` command, a thin client of workspace(): it parses the command line strictly, loads
 * the program, asks for confirmation, prints (text, or one versioned JSON document), connects
 * SIGINT/SIGTERM to the workspace's stop signal, and sets the exit code (src/cli/exit.ts).
 */
import { writeFileSync } from 'node:fs'
import { createInterface } from 'node:readline/promises'
import * as E from 'fp-ts/Either'
import { registry } from '../providers'
import { compile } from '../engine/compile'
import { graphToDot, graphToMermaid, planToDot, planToMermaid } from '../engine/graph-render'
import { renderPlanHtml } from '../engine/html-report'
import { labelOfAddress } from '../core/node'
import type { Stack } from '../core/stack'
import type { Plan } from '../engine/plan'
import { workspace, type PlanResult, type Workspace } from '../workspace/workspace'
import { fromEngineError, isTrellisError, TrellisError } from '../workspace/trellis-error'
import { normalizeAddress } from '../workspace/address'
import { jsonValue } from '../workspace/json-value'
import { parseArgs, bool, list, oneOf, positiveInt, str, UsageError, type Args } from './args'
import { EXIT } from './exit'
import { helpFor } from './help'
import { loadProgram } from './load-program'
import { progress, useColour, type Out } from './output'
import { planText, driftText } from './plan-text'
import { applyDoc, doc, errorDoc, planDoc, refreshDoc, resourceDoc } from './documents'
import { schemaOf, renderSchema } from './schema'
import { isSavedPlanFile, readSavedPlan, savedPlanDoc, checkSavedPlan, writeSavedPlan } from './saved-plan'
import { stateMove, stateRemove, stateUnlock } from './state-surgery'
import { interrupts, type Interrupts } from './interrupts'
import { EmulateUsageError, runEmulate } from './emulate'

export { EXIT }

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

// the installed version (src/core/version.ts: from package.json, inlined by the build)
export { VERSION } from '../core/version'
import { VERSION } from '../core/version'

const askTty = async (question: string): Promise<string> => {
  const rl = createInterface({ input: process.stdin, output: process.stderr })
  try {
    return await rl.question(question)
  } finally {
    rl.close()
  }
}

export const main = async (argv: ReadonlyArray<string>, out0: Out, io: Io = {}): Promise<number> => {
  const env = io.env ?? process.env
  let args: Args
  try {
    args = parseArgs(argv)
  } catch (e) {
    if (!(e instanceof UsageError)) throw e
    out0.err(`trellis: ${e.message}`)
    out0.err(`Run \`trellis ${e.command ? `${e.command} ` : ''}--help\` for usage.`)
    return EXIT.usage
  }
  const json = bool(args, 'json')
  let colourFlag: 'auto' | 'always' | 'never' | undefined
  try {
    colourFlag = bool(args, 'no-color') ? 'never' : oneOf(args, 'color', ['auto', 'always', 'never'] as const)
  } catch (e) {
    out0.err(`trellis: ${(e as Error).message}`)
    return EXIT.usage
  }
  const out: Out = { ...out0, colour: !json && useColour(colourFlag, env, out0.colour) }
  const { command } = args

  if (command === 'help' || bool(args, 'help')) {
    const names =
      command !== 'help'
        ? [command, ...(args.sub ? [args.sub] : [])]
        : args.positionals.length > 0 || !bool(args, 'help')
          ? args.positionals
          : ['help']
    const text = helpFor(names, VERSION)
    if (text === undefined) {
      out.err(`trellis: no help for "${names.join(' ')}": not a command (trellis --help lists them)`)
      return EXIT.usage
    }
    out.line(text)
    return EXIT.ok
  }
  if (command === 'version') {
    out.line(json ? JSON.stringify(doc('version', { version: VERSION })) : `trellis ${VERSION}`)
    return EXIT.ok
  }

  // the emulators' server owns its own Ctrl-C (save, then stop)
  if (command === 'emulate')
    try {
      return await runEmulate(
        args.positionals,
        {
          port: str(args, 'port'),
          data: str(args, 'data'),
          faults: str(args, 'faults'),
          stateDir: str(args, 'state-dir'),
        },
        out,
      )
    } catch (e) {
      out.err(e instanceof Error ? e.message : String(e))
      return e instanceof EmulateUsageError ? EXIT.usage : EXIT.failed
    }

  const controller = new AbortController()
  const prog = progress(out, { json })
  let ws: Workspace | undefined
  const stopper = (io.interrupts ?? interrupts()).on({
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

  const fail = (e: TrellisError): number => {
    if (json) out.line(JSON.stringify(errorDoc(e)))
    else out.err(e.message)
    return e.exitCode
  }

  try {
    const stateUrl = str(args, 'state-url') ?? (env.TRELLIS_STATE_URL || undefined)
    const stateDir = str(args, 'state-dir')
    if (stateUrl && stateDir) throw new UsageError('give --state-dir or --state-url (TRELLIS_STATE_URL), not both')
    if (bool(args, 'emulate') && str(args, 'state-url'))
      throw new UsageError('--emulate keeps its state under --state-dir; --state-url is for the real platforms')
    const concurrency = positiveInt(args, 'concurrency')
    const open = (): Workspace =>
      (ws ??= workspace({
        ...(stateUrl && !bool(args, 'emulate') ? { stateUrl } : { stateDir: stateDir ?? '.trellis' }),
        env,
        emulate: bool(args, 'emulate'),
        ...(str(args, 'data') ? { emulatorData: str(args, 'data') } : {}),
        ...(concurrency ? { concurrency } : {}),
        signal: controller.signal,
        onEvent: prog.sink,
        ...(env.TRELLIS_DEBUG ? { debug: out.err } : {}),
      }))
    const program = (): Promise<Stack> => loadProgram(args.positionals[0], str(args, 'stack'))
    /** the stack a state command means: --stack, or the only one there is */
    const stackName = async (): Promise<string> => {
      const given = str(args, 'stack')
      if (given) return given
      const names = await open().stacks()
      if (names.length === 1) return names[0]
      if (names.length === 0) throw new TrellisError('state', [], 'no stack has state here (see --state-dir)')
      throw new UsageError(`several stacks have state (${names.join(', ')}): pass --stack NAME`, args.command)
    }
    const ask = io.ask ?? askTty
    const interactive = io.interactive ?? !!process.stdin.isTTY
    const confirmWith = async (what: string): Promise<boolean> => {
      if (bool(args, 'yes')) return true
      if (controller.signal.aborted) return false
      if (!interactive) {
        out.err(`Not ${what}: pass --yes to ${what.replace(/ed$/, '')} without a terminal.`)
        return false
      }
      const a = await Promise.race([
        ask(`\nDo you want to go ahead? Only 'yes' will be accepted: `),
        new Promise<string>((r) => controller.signal.addEventListener('abort', () => r(''), { once: true })),
      ])
      if (a.trim() !== 'yes') out.err('Cancelled.')
      return a.trim() === 'yes'
    }

    const code = await (async (): Promise<number> => {
      switch (command) {
        case 'schema': {
          const s = schemaOf(registry)
          out.line(json ? JSON.stringify(doc('schema', { ...s }), null, 2) : renderSchema(s))
          return EXIT.ok
        }
        case 'init':
          return (await import('./init')).runInit(
            { dir: args.positionals[0] ?? '.', trellis: str(args, 'trellis') },
            out,
            EXIT,
          )
        case 'demo': {
          const { runDemo } = await import('./demo')
          return runDemo(out)
        }
        case 'graph': {
          const format = oneOf(args, 'format', ['mermaid', 'dot'] as const)
          if (bool(args, 'plan')) {
            const r = await open().plan(await program(), planOpts(args))
            out.line(format === 'dot' ? planToDot(r.plan) : planToMermaid(r.plan))
            return EXIT.ok
          }
          const g = compile(registry)(await program())
          if (E.isLeft(g)) return fail(fromEngineError(g.left))
          if (json)
            out.line(
              JSON.stringify(
                doc('graph', {
                  stack: g.right.stack,
                  nodes: g.right.order.map((a) => ({ address: a, dependsOn: g.right.vertices.get(a)!.deps })),
                }),
              ),
            )
          else out.line(format === 'dot' ? graphToDot(g.right) : graphToMermaid(g.right))
          return EXIT.ok
        }
        case 'show': {
          const saved = readSavedPlan(args.positionals[0])
          const page = str(args, 'html')
          if (page !== undefined) {
            writeFileSync(page, renderPlanHtml(saved.approved, registry))
            out.err(`Plan report written to ${page}`)
          }
          out.line(json ? JSON.stringify(saved, null, 2) : savedPlanText(saved, out))
          return EXIT.ok
        }
        case 'plan': {
          const st = await program()
          const w = open()
          if (bool(args, 'refresh-only')) {
            if (list(args, 'target').length || list(args, 'replace').length || str(args, 'out'))
              throw new UsageError(
                '--refresh-only reads the platform only: it takes no --target, --replace or --out',
                'plan',
              )
            const r = await w.refresh(st, { dryRun: true })
            if (json) out.line(JSON.stringify(refreshDoc(r, registry), null, 2))
            else
              out.line(
                r.drift.length
                  ? [
                      'Changed outside trellis:',
                      ...driftText(r.drift, out),
                      '',
                      `Refresh-only plan: ${r.drift.length} change${r.drift.length === 1 ? '' : 's'} to record (trellis apply --refresh-only).`,
                    ].join('\n')
                  : 'Nothing changed outside trellis.',
              )
            return bool(args, 'detailed-exitcode') && r.drift.length ? EXIT.changes : EXIT.ok
          }
          const r = await w.plan(st, planOpts(args))
          const page = str(args, 'html')
          if (page !== undefined) {
            writeFileSync(page, renderPlanHtml(r.plan, registry))
            out.err(`Plan report written to ${page}`)
          }
          const outFile = str(args, 'out')
          if (outFile)
            await writeSavedPlan(
              outFile,
              savedPlanDoc(r, st, args.positionals[0], planOpts(args), registry, await w.state(st.name)),
            )
          if (json) out.line(JSON.stringify(planDoc(r, registry), null, 2))
          else {
            out.line(planText(r, registry, out, { all: bool(args, 'all') }))
            if (outFile) out.line(`\nSaved the plan to ${outFile}; apply exactly it with \`trellis apply ${outFile}\`.`)
          }
          return bool(args, 'detailed-exitcode') && r.hasChanges ? EXIT.changes : EXIT.ok
        }
        case 'apply':
        case 'destroy': {
          const file = args.positionals[0]
          const saved = command === 'apply' && isSavedPlanFile(file) ? readSavedPlan(file) : undefined
          if (saved && (list(args, 'target').length || list(args, 'replace').length || bool(args, 'refresh')))
            throw new UsageError('a saved plan is applied as it was made: no --target, --replace or --refresh', 'apply')
          const st = saved ? await loadProgram(saved.source.program, saved.source.stack) : await program()
          const w = open()
          if (command === 'apply' && bool(args, 'refresh-only')) return refreshCommand(w, st)
          const opts = saved ? saved.source.options : planOpts(args)
          if (saved) checkSavedPlan(saved, st, await w.state(st.name), registry)
          const verb = command === 'apply' ? 'applied' : 'destroyed'
          let shown = false
          const r = await w[command](st, {
            ...opts,
            ...(saved ? { approved: saved.approved } : {}),
            confirm: async (p) => {
              shown = true
              prog.total(p.plan.steps.filter((s) => s.action !== 'noop' && s.action !== 'read').length)
              if (json) out.line(JSON.stringify(planDoc(p, registry)))
              else out.line(planText(p, registry, out))
              return saved ? true : confirmWith(verb)
            },
          })
          prog.stop()
          if (r.cancelled) {
            if (json) out.line(JSON.stringify(applyDoc(command, r)))
            return controller.signal.aborted ? EXIT.interrupted : EXIT.failed
          }
          if (!shown && !json) out.line(planText(r.plan, registry, out))
          if (json) out.line(JSON.stringify(applyDoc(command, r)))
          else if (r.plan.hasChanges) {
            out.line(
              `\n${command === 'apply' ? 'Apply' : 'Destroy'} complete: ${r.changes} change${r.changes === 1 ? '' : 's'}${movedText(r.plan.plan)} in ${(r.ms / 1000).toFixed(1)}s (state serial ${r.serial}).`,
            )
            for (const [k, v] of Object.entries(r.outputs)) out.line(`  output ${k} = ${textValue(v)}`)
          }
          return EXIT.ok
        }
        case 'refresh':
          return refreshCommand(open(), await program())
        case 'import': {
          const [, token, name, id] = args.positionals
          const r = await open().importResource(await program(), token, name, id)
          out.line(
            json
              ? JSON.stringify(doc('import', { resource: resourceDoc(r, registry) }), null, 2)
              : `Imported ${token} "${name}" (id ${r.id}). Add it to the program to manage it; plan shows any difference.`,
          )
          return EXIT.ok
        }
        case 'outputs': {
          const name = await stackName()
          const all = await open().outputs(name)
          const key = args.positionals[0]
          if (key !== undefined && !(key in all))
            throw new TrellisError('failed', [
              {
                node: `stack ${name}`,
                path: key,
                expected: `an output (${Object.keys(all).join(', ') || 'none recorded'})`,
                given: key,
                message: `stack ${name} has no output ${JSON.stringify(key)}`,
              },
            ])
          if (json)
            out.line(
              JSON.stringify(
                key === undefined
                  ? doc('outputs', { stack: name, outputs: all })
                  : doc('output', { stack: name, name: key, value: all[key] }),
                null,
                2,
              ),
            )
          else if (key !== undefined) out.line(typeof all[key] === 'string' ? all[key] : textValue(all[key]))
          else if (Object.keys(all).length === 0) out.line(`Stack ${name} has no outputs recorded.`)
          else for (const [k, v] of Object.entries(all)) out.line(`${k} = ${textValue(v)}`)
          return EXIT.ok
        }
        case 'stacks': {
          const names = await open().stacks()
          out.line(
            json ? JSON.stringify(doc('stacks', { stacks: names })) : names.join('\n') || '(no stacks have state here)',
          )
          return EXIT.ok
        }
        case 'state':
          return await stateCommand(args, open(), await stackName(), out, json)
        default:
          throw new UsageError(`unknown command ${command}`)
      }
    })()
    return controller.signal.aborted ? EXIT.interrupted : code

    async function refreshCommand(w: Workspace, st: Stack): Promise<number> {
      const r = await w.refresh(st, {
        confirm: async (drift) => {
          if (json)
            out.line(JSON.stringify(refreshDoc({ stack: st.name, drift, written: false, serial: -1 }, registry)))
          else out.line(['Changed outside trellis:', ...driftText(drift, out)].join('\n'))
          return confirmWith('recorded')
        },
      })
      if (json) out.line(JSON.stringify(refreshDoc(r, registry), null, 2))
      else if (r.drift.length === 0) out.line('Nothing changed outside trellis: every resource matches state.')
      else if (r.written)
        out.line(
          `Recorded ${r.drift.length} change${r.drift.length === 1 ? '' : 's'} made outside trellis (state serial ${r.serial}).`,
        )
      if (r.drift.length > 0 && !r.written) return controller.signal.aborted ? EXIT.interrupted : EXIT.failed
      return bool(args, 'detailed-exitcode') && r.drift.length ? EXIT.changes : EXIT.ok
    }
  } catch (e) {
    if (e instanceof UsageError) {
      out.err(`trellis: ${e.message}`)
      if (e.command) out.err(`Run \`trellis ${e.command} --help\` for usage.`)
      return EXIT.usage
    }
    if (isTrellisError(e)) return fail(e)
    throw e
  } finally {
    prog.stop()
    stopper.off()
    await ws?.close()
  }
}

/** `, N moved` when state entries moved to their nodes' addresses (aliases), else nothing. */
const movedText = (p: Plan): string => {
  const n = p.steps.filter((s) => s.movedFrom !== undefined).length
  return n ? `, ${n} moved` : ''
}

/** A JSON value with its markers shown as the text renderer shows them. */
const textValue = (v: unknown): string =>
  JSON.stringify(v, (_k, x: unknown) =>
    typeof x === 'object' && x !== null && Object.keys(x).length === 1
      ? (x as { secret?: unknown }).secret === true
        ? '[secret]'
        : (x as { unknown?: unknown }).unknown === true
          ? '(known after apply)'
          : x
      : x,
  )

const planOpts = (args: Args) => ({
  ...(bool(args, 'refresh') ? { refresh: true } : {}),
  ...(list(args, 'target').length ? { targets: list(args, 'target').map(normalizeAddress) } : {}),
  ...(list(args, 'replace').length ? { replace: list(args, 'replace').map(normalizeAddress) } : {}),
})

const savedPlanText = (saved: ReturnType<typeof readSavedPlan>, out: Out): string => {
  const p: PlanResult = saved.result
  return [
    `Saved plan of ${saved.source.program} (stack ${saved.source.stack}, made ${saved.source.createdAt}):`,
    '',
    planText(p, registry, out),
  ].join('\n')
}

const stateCommand = async (args: Args, w: Workspace, stack: string, out: Out, json: boolean): Promise<number> => {
  switch (args.sub) {
    case 'list': {
      const s = await w.state(stack)
      const rs = Object.values(s?.resources ?? {})
      out.line(
        json
          ? JSON.stringify(
              doc('state-list', {
                stack,
                serial: s?.serial ?? 0,
                resources: rs.map((r) => ({ address: r.address, token: r.token, name: r.name, id: r.id })),
              }),
            )
          : rs.map((r) => `${r.address}  ${r.id}`).join('\n') || '(empty)',
      )
      return EXIT.ok
    }
    case 'show': {
      const s = await w.state(stack)
      if (!s) throw new TrellisError('state', [], `stack ${stack} has no state`)
      const addr = args.positionals[0] === undefined ? undefined : normalizeAddress(args.positionals[0])
      if (addr !== undefined && !s.resources[addr]) {
        const { closestStrict: closest } = await import('../core/closest-name')
        const near = closest(addr, Object.keys(s.resources))
        throw new TrellisError('failed', [
          {
            node: addr,
            path: '',
            expected: 'an address in state',
            given: addr,
            message: `${addr} is not in the state of ${stack}${near ? ` (did you mean ${near}?)` : ''}`,
          },
        ])
      }
      const body = addr
        ? { stack, address: addr, resource: resourceDoc(s.resources[addr], registry) }
        : {
            stack,
            serial: s.serial,
            lineage: s.lineage,
            resources: Object.values(s.resources).map((r) => resourceDoc(r, registry)),
            pending: Object.values(s.pending).map((p) => ({ address: p.address, op: p.op, since: p.startedAt })),
            outputs: jsonValue(s.outputs),
          }
      out.line(JSON.stringify(json ? doc('state-show', body) : body, null, 2))
      return EXIT.ok
    }
    case 'rm':
    case 'mv':
    case 'unlock':
    case 'restore': {
      const r =
        args.sub === 'rm'
          ? await stateRemove(w, stack, normalizeAddress(args.positionals[0]))
          : args.sub === 'mv'
            ? await stateMove(w, stack, normalizeAddress(args.positionals[0]), normalizeAddress(args.positionals[1]))
            : args.sub === 'unlock'
              ? await stateUnlock(w, stack, bool(args, 'force'))
              : await stateRestore(w, stack, positiveIntOrZero(args, 'serial'))
      out.line(json ? JSON.stringify(doc('state-change', { stack, action: args.sub, ...r.detail })) : r.message)
      return EXIT.ok
    }
    default:
      throw new UsageError(`unknown state sub-command ${String(args.sub)}`, 'state')
  }
}

const positiveIntOrZero = (args: Args, k: string): number | undefined => {
  const v = str(args, k)
  if (v === undefined) return undefined
  if (!/^[0-9]+$/.test(v))
    throw new UsageError(`--${k}: expected a serial number, got ${JSON.stringify(v)}`, 'state restore')
  return Number(v)
}

const stateRestore = async (w: Workspace, stack: string, serial: number | undefined) => {
  const store = w.store as {
    restore?: (s: string, n?: number) => () => Promise<E.Either<{ message: string }, { serial: number }>>
  }
  if (!store.restore) throw new TrellisError('state', [], 'this state store keeps no backups to restore from')
  const r = await store.restore(stack, serial)()
  if (E.isLeft(r)) throw new TrellisError('state', [], `state: ${r.left.message}`)
  return {
    message: `Restored state of ${stack} from backup; now at serial ${r.right.serial}.`,
    detail: { serial: r.right.serial },
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
