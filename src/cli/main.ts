/**
 * The `trellis` command: plan | apply | destroy | refresh | import | state list|show|restore |
 * graph | schema | demo. The edge of the system: it reads the environment and the program file,
 * builds clients, prints, and sets the exit code.
 *
 * Exit codes: 0 success (and, with --detailed-exitcode, no changes); 1 an operation failed;
 * 2 changes are pending (plan with --detailed-exitcode); 3 the stack is invalid (every error
 * printed); 4 the state is locked, conflicting or corrupt; 64 usage error.
 */
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { createInterface } from 'node:readline/promises'
import { isLeft } from 'fp-ts/Either'
import { registry } from '../providers'
import { compile } from '../engine/compile'
import {
  apply,
  destroy,
  formatEngineError,
  importResource,
  plan,
  refresh,
  type EngineError,
} from '../engine/operations'
import { renderPlan, planToJson, displayValue } from '../engine/render'
import { graphToDot, graphToMermaid, planToDot, planToMermaid } from '../engine/graph-render'
import { hasChanges } from '../engine/plan'
import { renderPlanHtml } from '../engine/html-report'
import { writeFileSync } from 'node:fs'
import { fileStore } from '../state/file-store'
import { postgresStore } from '../state/postgres-store'
import type { Env } from '../engine/env'
import { DEFAULT_CONCURRENCY } from '../engine/env'
import type { Stack } from '../core/stack'
import { formatIssue } from '../core/issue'
import { parseArgs, flag, has, type Args } from './args'
import { progress, type Out } from './output'
import { schemaOf, renderSchema } from './schema'
import { realHandler } from './wiring'
import { httpHandler } from '../engine/http-handler'
import { platformGuard } from '../state/platform-guard'
import { emulatedStateDir, openLocalPlatforms } from '../../clients/emulators/local-platforms'
import { EmulateUsageError, runEmulate } from './emulate'

export const EXIT = { ok: 0, failed: 1, changes: 2, invalid: 3, state: 4, usage: 64 } as const

const USAGE = `usage: trellis <command> [program.ts] [options]

commands:
  plan <program.ts> [--html FILE]   show what apply would change (--html: also as a page to open in a browser)
  apply <program.ts>                make the platforms match the program
  destroy <program.ts>              delete everything the stack's state holds
  refresh <program.ts>              read every resource; record drift in state
  import <program.ts> TOKEN NAME ID adopt an existing object (ID in the type's import format)
  state list | show [ADDRESS] | restore [--serial N]   inspect or restore state
  graph <program.ts> [--format mermaid|dot] [--plan]    print the dependency graph (--plan: of the plan, by action)
  schema [--json]                   every provider, resource type and lookup with its fields
  demo                              the quickstart on the built-in emulators: plan, apply, plan
  emulate [--port N] [--data FILE]  serve the emulators on 127.0.0.1, objects kept across restarts
  emulate seed FILE                 put objects made elsewhere into the emulators (JSON)

options:
  --stack NAME          stack name (default: the program's)
  --state-dir DIR       where state lives (default .trellis)
  --state-url URL       shared state in PostgreSQL (postgres://…; or TRELLIS_STATE_URL)
  --json                machine-readable output
  --emulate             run against the emulators (no credentials): a running \`trellis emulate\`, or else
                        emulators kept in <state-dir>/emulator.json; state in <state-dir>/emulated/
  --yes, -y             apply/destroy without asking
  --concurrency N       steps in flight at once (default ${DEFAULT_CONCURRENCY})
  --refresh             read every resource before planning
  --detailed-exitcode   plan: exit 2 when there are changes
  --no-color            plain output

exit codes: 0 ok · 1 failed · 2 changes pending (--detailed-exitcode) · 3 invalid stack · 4 state locked/conflict/corrupt · 64 usage`

const loadProgram = async (file: string, name?: string): Promise<Stack> => {
  const mod = (await import(pathToFileURL(resolve(file)).href)) as { default?: unknown }
  let s = mod.default
  if (typeof s === 'function') s = await (s as () => unknown)()
  if (!s || (s as Stack)._tag !== 'Stack')
    throw new UsageError(`${file} must \`export default\` a stack (or a function returning one)`)
  const st = s as Stack
  if (name && name !== st.name) {
    const { stack } = await import('../core/stack')
    return stack(name, { providers: st.providers }).add(...st.nodes)
  }
  return st
}

class UsageError extends Error {}

const exitFor = (e: EngineError): number =>
  e._tag === 'CompileError' || e._tag === 'PlanError'
    ? EXIT.invalid
    : e._tag === 'StateError'
      ? EXIT.state
      : EXIT.failed

const confirm = async (out: Out, question: string): Promise<boolean> => {
  if (!process.stdin.isTTY) return false
  const rl = createInterface({ input: process.stdin, output: process.stderr })
  const a = await rl.question(`${question} Only 'yes' will be accepted: `)
  rl.close()
  void out
  return a.trim() === 'yes'
}

export const main = async (argv: ReadonlyArray<string>, out: Out): Promise<number> => {
  const args: Args = parseArgs(argv)
  const [cmd, ...rest] = args.positionals
  if (!cmd || has(args, 'help')) {
    out.line(USAGE)
    return cmd ? EXIT.ok : EXIT.usage
  }
  if (cmd === 'emulate') return emulateCommand(rest, args, out)
  const json = has(args, 'json')
  const stateDir = flag(args, 'state-dir') ?? '.trellis'
  const stateUrl = flag(args, 'state-url') ?? process.env.TRELLIS_STATE_URL
  if (has(args, 'emulate') && flag(args, 'state-url') !== undefined) {
    out.err('--emulate keeps its state under --state-dir; --state-url is for the real platforms')
    return EXIT.usage
  }
  // emulated runs: their own state namespace, and platforms lasting across commands
  const local = has(args, 'emulate') ? await openLocalPlatforms({ stateDir, data: flag(args, 'data') }) : undefined
  const store = local
    ? platformGuard(fileStore({ dir: emulatedStateDir(stateDir) }), 'emulated', {
        where: emulatedStateDir(stateDir),
        notStacks: ['endpoint'],
      })
    : platformGuard(
        stateUrl ? postgresStore({ connectionString: stateUrl }) : fileStore({ dir: stateDir }),
        'real',
        stateUrl ? {} : { where: stateDir, notStacks: ['emulator'] },
      )
  const concurrency = Number(flag(args, 'concurrency') ?? DEFAULT_CONCURRENCY)
  if (!Number.isInteger(concurrency) || concurrency < 1)
    throw new UsageError(`--concurrency: expected a positive integer, got ${flag(args, 'concurrency')}`)
  const prog = progress(out, { quiet: json })
  const handler = local
    ? httpHandler({ clients: local.clients })
    : realHandler({ debug: process.env.TRELLIS_DEBUG ? out.err : undefined, env: process.env })
  const env: Env = {
    registry,
    handler,
    store,
    events: prog.sink,
    concurrency,
    now: () => new Date(),
    lockWaitMs: Number(process.env.TRELLIS_LOCK_WAIT_MS ?? 10_000),
    ...(process.env.TRELLIS_PASSPHRASE ? { passphrase: process.env.TRELLIS_PASSPHRASE } : {}),
  }
  const fail = (e: EngineError): number => {
    if (json) out.line(JSON.stringify({ error: e._tag, message: formatEngineError(e) }))
    else out.err(formatEngineError(e))
    return exitFor(e)
  }
  const program = async () => {
    if (!rest[0]) throw new UsageError(`${cmd} needs a program file, e.g. trellis ${cmd} examples/quickstart.ts`)
    return loadProgram(rest[0], flag(args, 'stack'))
  }
  try {
    switch (cmd) {
      case 'schema': {
        const s = schemaOf(registry)
        out.line(json ? JSON.stringify(s, null, 2) : renderSchema(s))
        return EXIT.ok
      }
      case 'graph': {
        if (has(args, 'plan')) {
          const r = await plan(await program(), { refresh: has(args, 'refresh') })(env)()
          if (isLeft(r)) return fail(r.left)
          out.line(flag(args, 'format') === 'dot' ? planToDot(r.right.plan) : planToMermaid(r.right.plan))
          return EXIT.ok
        }
        const g = compile(registry)(await program())
        if (isLeft(g)) return fail(g.left)
        out.line(flag(args, 'format') === 'dot' ? graphToDot(g.right) : graphToMermaid(g.right))
        return EXIT.ok
      }
      case 'plan': {
        const r = await plan(await program(), { refresh: has(args, 'refresh') })(env)()
        if (isLeft(r)) return fail(r.left)
        const page = flag(args, 'html')
        if (page !== undefined) {
          writeFileSync(page, renderPlanHtml(r.right.plan, registry))
          out.err(`Plan report written to ${page}`)
        }
        out.line(
          json
            ? JSON.stringify(planToJson(r.right.plan, registry), null, 2)
            : renderPlan(r.right.plan, registry, { colour: out.colour, all: has(args, 'all') }),
        )
        return has(args, 'detailed-exitcode') && hasChanges(r.right.plan) ? EXIT.changes : EXIT.ok
      }
      case 'apply':
      case 'destroy': {
        const st = await program()
        const op = cmd === 'apply' ? apply : destroy
        // show the plan first; ask unless --yes
        const preview =
          cmd === 'apply' ? await plan(st, { refresh: has(args, 'refresh') })(env)() : await destroyPreview(st, env)
        if (isLeft(preview)) return fail(preview.left)
        if (!json) out.line(renderPlan(preview.right.plan, registry, { colour: out.colour }))
        if (!hasChanges(preview.right.plan)) {
          if (json) out.line(JSON.stringify({ changes: 0 }))
          return EXIT.ok
        }
        if (!has(args, 'yes') && !(await confirm(out, `\nDo you want to ${cmd} these changes?`))) {
          out.err(
            process.stdin.isTTY
              ? 'Cancelled.'
              : `Not ${cmd === 'apply' ? 'applied' : 'destroyed'}: pass --yes to ${cmd} without a terminal.`,
          )
          return EXIT.failed
        }
        const r = await op(st, { approved: preview.right.plan, refresh: has(args, 'refresh') })(env)()
        prog.stop()
        if (isLeft(r)) return fail(r.left)
        const c = prog.counts()
        if (json)
          out.line(
            JSON.stringify(
              { journal: r.right.journal, outputs: displayValue(r.right.outputs), serial: r.right.state.serial },
              null,
              2,
            ),
          )
        else {
          out.line(
            `\n${cmd === 'apply' ? 'Apply' : 'Destroy'} complete: ${r.right.journal.filter((j) => j.status === 'done' && j.action !== 'read').length} changes in ${(c.ms / 1000).toFixed(1)}s (state serial ${r.right.state.serial}).`,
          )
          for (const [k, v] of Object.entries(displayValue(r.right.outputs) as Record<string, unknown>))
            out.line(`  output ${k} = ${JSON.stringify(v)}`)
        }
        return EXIT.ok
      }
      case 'refresh': {
        const r = await refresh(await program())(env)()
        if (isLeft(r)) return fail(r.left)
        if (json) out.line(JSON.stringify({ drift: displayValue(r.right.drift) }, null, 2))
        else if (r.right.drift.length === 0) out.line('No drift: every resource matches state.')
        else
          for (const d of r.right.drift)
            out.line(
              d.gone
                ? `- ${d.address} is gone from the platform (removed from state)`
                : `~ ${d.address} drifted: ${d.changes.map((c) => `${c.path}: ${JSON.stringify(displayValue(c.before))} → ${JSON.stringify(displayValue(c.after))}`).join(', ')}`,
            )
        return EXIT.ok
      }
      case 'import': {
        const [, token, name, id] = rest
        if (!token || !name || !id) throw new UsageError('usage: trellis import <program.ts> TOKEN NAME ID')
        const r = await importResource(await program(), token, name, id)(env)()
        if (isLeft(r)) return fail(r.left)
        out.line(
          json
            ? JSON.stringify(displayValue(r.right), null, 2)
            : `Imported ${token} "${name}" (id ${r.right.id}). Add it to the program to manage it; plan shows any difference.`,
        )
        return EXIT.ok
      }
      case 'state': {
        const [sub, arg] = rest
        const stackName = flag(args, 'stack') ?? 'default'
        if (sub === 'list') {
          const names = await store.list()()
          if (isLeft(names)) return fail(names.left)
          if (!has(args, 'stack') && names.right.length !== 1 && names.right.length > 0) {
            out.line(names.right.join('\n'))
            return EXIT.ok
          }
          const s = await store.read(has(args, 'stack') ? stackName : (names.right[0] ?? stackName))()
          if (isLeft(s)) return fail(s.left)
          const rs = Object.values(s.right?.resources ?? {})
          out.line(
            json
              ? JSON.stringify(
                  rs.map((r) => ({ address: r.address, id: r.id })),
                  null,
                  2,
                )
              : rs.map((r) => `${r.address}  ${r.id}`).join('\n') || '(empty)',
          )
          return EXIT.ok
        }
        if (sub === 'show') {
          const names = await store.list()()
          const s = await store.read(
            has(args, 'stack') ? stackName : isLeft(names) ? stackName : (names.right[0] ?? stackName),
          )()
          if (isLeft(s)) return fail(s.left)
          const st = s.right
          const pick = arg ? st?.resources[arg] : st
          if (!pick) {
            out.err(arg ? `no ${arg} in state` : 'no state')
            return EXIT.failed
          }
          out.line(JSON.stringify(displayValue(pick), null, 2))
          return EXIT.ok
        }
        if (sub === 'restore') {
          const serial = flag(args, 'serial')
          const r = await store.restore(stackName, serial === undefined ? undefined : Number(serial))()
          if (isLeft(r)) return fail(r.left)
          out.line(`Restored state of ${stackName} from backup; now at serial ${r.right.serial}.`)
          return EXIT.ok
        }
        throw new UsageError('usage: trellis state list | show [ADDRESS] | restore [--serial N] [--stack NAME]')
      }
      case 'demo': {
        const { runDemo } = await import('./demo')
        return runDemo(out)
      }
      default:
        throw new UsageError(`unknown command ${cmd}\n\n${USAGE}`)
    }
  } catch (e) {
    if (e instanceof UsageError) {
      out.err(e.message)
      return EXIT.usage
    }
    throw e
  } finally {
    prog.stop()
    // the pool of a PostgreSQL store would otherwise keep the process up for a moment
    if ('close' in store) await store.close()
    // what the emulated platforms now hold lasts until the next command
    await local?.close()
  }
}

const emulateCommand = async (rest: ReadonlyArray<string>, args: Args, out: Out): Promise<number> => {
  try {
    return await runEmulate(
      rest,
      {
        port: flag(args, 'port'),
        data: flag(args, 'data'),
        faults: flag(args, 'faults'),
        stateDir: flag(args, 'state-dir'),
      },
      out,
    )
  } catch (e) {
    out.err(e instanceof Error ? e.message : String(e))
    return e instanceof EmulateUsageError ? EXIT.usage : EXIT.failed
  }
}

/** What destroy will do, without doing it. */
const destroyPreview = async (st: Stack, env: Env) => {
  const { stack } = await import('../core/stack')
  return plan(stack(st.name, { providers: st.providers }))(env)()
}

void formatIssue

const isMain =
  process.argv[1] &&
  (process.argv[1].endsWith('main.ts') ||
    process.argv[1].endsWith('trellis.mjs') ||
    process.argv[1].endsWith('trellis'))
if (isMain) {
  const colour = !!process.stdout.isTTY && !process.argv.includes('--no-color') && !process.env.NO_COLOR
  main(process.argv.slice(2), {
    line: (s) => process.stdout.write(s + '\n'),
    err: (s) => process.stderr.write(s + '\n'),
    colour,
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
