/**
 * One measurement of one scenario, in a process of its own (so peak RSS is the scenario's):
 * `node --import tsx bench/scenario.ts <scenario> [--n N] [--concurrency C]` prints one JSON
 * line on stdout with `inProcessMs`, `peakRssMb` and the scenario's own figures. The runner
 * (bench/run.ts) starts these, times the whole process and takes medians.
 */
import * as E from 'fp-ts/Either'
import { benchEnv, orThrow } from './bench-env'
import {
  DEFAULT_CONCURRENCY,
  formatEngineError,
  makeRegistry,
  mockWith,
  type Env,
  type Handler,
  type StateStore,
} from 'trellis'
import { cost } from 'trellis/cost'
import type { HttpClient, HttpRequest } from 'trellis/clients'
import { costBuildLoop, costWorkload, reportsWorkload, BENCH_TOKEN } from './workload'
import { runMock } from './mock-run'
import { mainThread, type MainThread } from './main-thread'
import { latencyLowerBoundMs } from './latency-bound'
import { bareUndiciLoop } from './bare-undici'
import { collectGarbage } from './collect-garbage'

// Everything through the package's entry points, as a user imports it: through tsx they are the
// source (tsconfig paths), in compiled mode (bench/compile-dist.ts) dist/. trellis/clients is
// imported by the scenarios that use it, so a process measuring the mock interpreter loads what a
// user's unit test would load and nothing more.
const operations = () => import('trellis')
const mockHandlerOf = async () => (await import('trellis')).mockHandler
const memoryStoreOf = async () => (await import('trellis')).memoryStore
const clientsOf = async () => ({
  ...(await import('trellis/clients')),
  httpHandler: (await import('trellis')).httpHandler,
})

const registry = makeRegistry([cost.spec])
const peakRssMb = (): number => Math.round((process.resourceUsage().maxRSS / 1024) * 10) / 10
const ms = (t0: number): number => Math.round((performance.now() - t0) * 10) / 10

const envOf = (handler: Handler, store: StateStore, concurrency = DEFAULT_CONCURRENCY): Env =>
  benchEnv(registry, handler, store, concurrency)

/** The real handler's stack (REST client over an HttpClient) against one emulator. */
const realHandlerOver = async (http: HttpClient, baseUrl?: string): Promise<Handler> => {
  const { httpHandler, platformClients } = await clientsOf()
  return httpHandler({
    clients: (provider, config) =>
      platformClients({ http, ...(baseUrl ? { endpoints: { cost: baseUrl } } : {}) })(provider, config),
  })
}

/**
 * latency-apply's warm-up applies before the measured one (after the first, cold one). With none,
 * V8 was still compiling a third of the process's optimized functions inside the measured apply,
 * while the bare loop after it ran undici's code already compiled: a client warming up was compared
 * with a warm one. The client's CPU per request falls over about three applies of 1,000 creates
 * (bench/HISTORY.md).
 */
const LATENCY_WARM_APPLIES = 3

/**
 * The cost emulator served on loopback by a process of its own (bench/emulator-server.ts), each
 * answer delayed by `latencyMs`; `statuses()` asks it how many answers it gave, by status.
 */
const servedEmulator = async (opts: { readonly latencyMs?: number; readonly rateLimit?: number }) => {
  const { spawn } = await import('node:child_process')
  const { fileURLToPath } = await import('node:url')
  // compiled mode: this file is bench/tmp/dist/scenario.mjs, its emulator server beside it
  const compiled = import.meta.url.endsWith('.mjs')
  const script = fileURLToPath(new URL(compiled ? './emulator-server.mjs' : './emulator-server.ts', import.meta.url))
  const args = [
    ...(compiled ? [] : ['--import', 'tsx']),
    script,
    '--token',
    BENCH_TOKEN,
    '--latency',
    String(opts.latencyMs ?? 0),
    ...(opts.rateLimit !== undefined ? ['--rate-limit', String(opts.rateLimit)] : []),
  ]
  const child = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'inherit'] })
  const url = await new Promise<string>((resolve, reject) => {
    let out = ''
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString()
      const line = out.split('\n')[0]
      if (out.includes('\n')) resolve((JSON.parse(line) as { url: string }).url)
    })
    child.on('exit', (code) => reject(new Error(`the emulator server exited (${code})`)))
  })
  type Stats = {
    statuses: Record<string, number>
    cpuMs: number
    connections: number
    main?: MainThread
    holdsMs?: { n: number; min: number; median: number; max: number }
  }
  // asked over node:http, not fetch: the first fetch loads undici and compiles its llhttp
  // WebAssembly, which V8 then optimises on a background thread during the measured run (~100 ms
  // of CPU on a 2-core machine, counted as the client's). Kept alive, as fetch kept it.
  const { Agent, get } = await import('node:http')
  const agent = new Agent({ keepAlive: true })
  const stats = (): Promise<Stats> =>
    new Promise((resolve, reject) => {
      get(`${url}/__bench/stats`, { agent }, (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (c: string) => (body += c))
        res.on('end', () => resolve(JSON.parse(body) as Stats))
        res.on('error', reject)
      }).on('error', reject)
    })
  const statuses = async (): Promise<Record<string, number>> => (await stats()).statuses
  const close = () =>
    new Promise<void>((resolve) => {
      child.once('exit', () => resolve())
      child.stdin.end()
    })
  return { url, stats, statuses, close }
}

const total = (counts: Readonly<Record<string, number>>): number => Object.values(counts).reduce((a, b) => a + b, 0)

// ── scenarios ────────────────────────────────────────────────────────────────
type Result = Record<string, unknown> & { inProcessMs: number }

interface Options {
  readonly n: number
  readonly concurrency?: number
  readonly store?: string
  readonly workload?: string
}

const scenarios: Record<string, (o: Options) => Promise<Result>> = {
  /** unit-testing a stack on the mock interpreter: compile + plan + mock apply + outputs */
  mock: async ({ n }) => runMock(n),

  /** the same on the mixed shapes: every resource type of the three providers, lookups, secrets */
  // what the shapes cover (mixedFacts) is worked out by the runner: it is not trellis's work, and
  // in this process it would add a second pass over 10,000 shapes to trellis's side of the ratios
  mixed: ({ n }) => runMock(n, 'mixed'),

  /**
   * building a stack as programs do, one small group per `add` in a loop, until the nodes are read
   * (what compile does first); then the same with the mixed shapes, one tenant (~40 nodes) per add
   */
  'build-loop': async ({ n }) => {
    const t0 = performance.now()
    const { stack: s, adds } = costBuildLoop(n)
    const built = s.nodes.length
    const inProcessMs = ms(t0)
    if (built !== n) throw new Error(`expected ${n} nodes, got ${built}`)
    const { mixedBuildLoop } = await import('./mixed-workload')
    const t1 = performance.now()
    const mixed = mixedBuildLoop(n)
    const mixedBuilt = mixed.stack.nodes.length
    const mixedMs = ms(t1)
    if (mixedBuilt !== n) throw new Error(`expected ${n} mixed nodes, got ${mixedBuilt}`)
    return { inProcessMs, adds, unit: 21, mixedMs, mixedAdds: mixed.adds }
  },

  /** the HTML plan report of a plan over n applied mixed nodes with every kind of change */
  'plan-report': async ({ n }) => (await import('./plan-report-run')).runPlanReport(n),

  /** 50 stacks of n/50 resources, each reading the one before's export, planned as one run (mock) */
  stacks: async ({ n }) => (await import('./stacks-run')).runStacks(n),

  /** n existing cost objects on the emulators discovered and generated as a program with refs (issue 39) */
  brownfield: async ({ n }) => (await import('./brownfield-run')).runBrownfield(n),

  /** the three starter policy packs evaluated over the plan of n mixed nodes (the mock run is setup) */
  policies: async ({ n }) => (await import('./policies-run')).runPolicies(n),

  /** a plan of a stack whose resources are all in state already: every step a noop */
  'noop-plan': async ({ n }) => {
    const s = costWorkload(n)
    const first = orThrow(await mockWith(registry)(s)())
    const { plan } = await operations()
    const env = envOf((await mockHandlerOf())(), (await memoryStoreOf())({ [s.name]: first.state }))
    // the setup's garbage collected before the clock starts: the mock run above (bench setup, not
    // what a program does before a plan) leaves the young generation nearly full, and the scavenge
    // it forces inside the timed plan copied the setup's survivors (20-80 ms, session 10's note)
    collectGarbage()
    const t0 = performance.now()
    const p = orThrow(await plan(s)(env)())
    const inProcessMs = ms(t0)
    const noops = p.plan.steps.filter((x) => x.action === 'noop').length
    if (noops !== n) throw new Error(`expected ${n} unchanged steps, got ${noops}`)
    return { inProcessMs, noops }
  },

  /**
   * apply on the mock handler with a durable store (`--store file|postgres`, `--workload cost|mixed`):
   * every step's write-ahead records durable before the next depends on them
   */
  'durable-apply': async ({ n, store = 'file', workload = 'cost' }) =>
    (await import('./durable-run')).runDurable(
      n,
      workload === 'mixed' ? 'mixed' : 'cost',
      store === 'postgres' ? 'postgres' : 'file',
    ),

  /** the real handler over loopback HTTP, every answer 20 ms after its request arrived */
  'latency-apply': async ({ n, concurrency = DEFAULT_CONCURRENCY }) => {
    const latencyMs = 20
    const server = await servedEmulator({ latencyMs })
    const { compose, retry, fetchClient } = await clientsOf()
    const { apply } = await operations()
    const memoryStore = await memoryStoreOf()
    try {
      // every request's time from send to answer, as the client sees it: the bound assumes each
      // request holds its slot for latencyMs at least, and this checks that it did
      let minRequestMs = Infinity
      const send = fetchClient()
      // what trellis sent, replayed after the apply by a bare undici loop (the CPU target's floor)
      const sent: HttpRequest[] = []
      // a then, not an async function: this runs on the measured client's main thread for every
      // request, and an async frame and its await allocated ~490 bytes a request more
      const timed: HttpClient = (req) => () => {
        sent.push(req)
        const t = performance.now()
        return send(req)().then((r) => {
          const took = performance.now() - t
          if (took < minRequestMs && E.isRight(r)) minRequestMs = took
          return r
        })
      }
      const handler = await realHandlerOver(compose(retry())(timed), server.url)
      // the first apply of the process, not measured: reported as coldCpuUsPerRequest
      const cold0 = process.cpuUsage()
      orThrow(await apply(costWorkload(n, 'warmup'))(envOf(handler, memoryStore(), concurrency))())
      const cold = process.cpuUsage(cold0)
      const coldRequests = sent.length
      // then applies of other stacks until V8 has compiled the client's path (LATENCY_WARM_APPLIES).
      // No forced collection (gc()) before a measured part: V8 compiled the path again after one (an
      // apply right after it recompiled 99 functions, against 34 without), which the measurement
      // charged to the side that came next. Each measured part follows a warm-up of its own side,
      // which pays whatever garbage the other side left
      const warmCpu: number[] = []
      for (let i = 1; i <= LATENCY_WARM_APPLIES; i++) {
        sent.length = 0
        const w0 = process.cpuUsage()
        orThrow(await apply(costWorkload(n, `warmup${i}`))(envOf(handler, memoryStore(), concurrency))())
        const w = process.cpuUsage(w0)
        warmCpu.push(Math.round((w.user + w.system) / sent.length))
      }
      sent.length = 0
      minRequestMs = Infinity
      const s = costWorkload(n)
      const serverBefore = await server.stats()
      const cpu0 = process.cpuUsage()
      const main0 = mainThread()
      const t0 = performance.now()
      orThrow(await apply(s)(envOf(handler, memoryStore(), concurrency))())
      const inProcessMs = ms(t0)
      const cpu = process.cpuUsage(cpu0)
      const main1 = mainThread()
      const serverAfter = await server.stats()
      const requests = total(serverAfter.statuses) - total(serverBefore.statuses)
      // the bare loop the same way: a warm-up replay, then the measured one
      await bareUndiciLoop(sent, concurrency)
      const bare = await bareUndiciLoop(sent, concurrency)
      const clientCpuMs = Math.round((cpu.user + cpu.system) / 100) / 10
      // chains of three: the longest path is three requests
      const lowerBoundMs = latencyLowerBoundMs(requests, concurrency, latencyMs, Math.min(3, n))
      return {
        inProcessMs,
        concurrency,
        requests,
        latencyMs,
        lowerBoundMs,
        vsLowerBound: Math.round((inProcessMs / lowerBoundMs) * 100) / 100,
        // CPU time of each side during the apply: either one near inProcessMs means it is CPU-bound
        clientCpuMs,
        // the client's CPU per request (the whole apply: engine, middlewares, transport) against a
        // bare undici loop sending the same requests at the same concurrency, in this process
        clientCpuUsPerRequest: Math.round((clientCpuMs * 1000) / sent.length),
        bareUndiciCpuUsPerRequest: Math.round((bare.cpuMs * 1000) / bare.requests),
        bareUndiciWallMs: Math.round(bare.wallMs * 10) / 10,
        cpuVsBareUndici: Math.round((clientCpuMs / sent.length / (bare.cpuMs / bare.requests)) * 100) / 100,
        // the first apply of the process (JIT and pools cold), for the record: a CLI run pays it once
        coldCpuUsPerRequest: Math.round((cold.user + cold.system) / coldRequests),
        // the client's CPU per request in each warm-up apply after the first (how long V8 takes to settle)
        warmUpCpuUsPerRequest: warmCpu,
        serverCpuMs: Math.round((serverAfter.cpuMs - serverBefore.cpuMs) * 10) / 10,
        // each side's main thread: its CPU, and how long it was runnable but waited for a core
        ...(main0 && main1
          ? {
              clientMainCpuMs: Math.round((main1.cpuMs - main0.cpuMs) * 10) / 10,
              clientMainWaitMs: Math.round((main1.waitMs - main0.waitMs) * 10) / 10,
            }
          : {}),
        ...(serverAfter.main && serverBefore.main
          ? {
              serverMainCpuMs: Math.round((serverAfter.main.cpuMs - serverBefore.main.cpuMs) * 10) / 10,
              serverMainWaitMs: Math.round((serverAfter.main.waitMs - serverBefore.main.waitMs) * 10) / 10,
            }
          : {}),
        // the bound is honest only if every request really took latencyMs; and keep-alive holds
        // the client to at most one connection per request in flight
        minRequestMs: Math.round(minRequestMs * 100) / 100,
        // how long the server held its answers, arrival to leaving (the bound counts latencyMs)
        ...(serverAfter.holdsMs
          ? {
              serverHoldMs: {
                min: serverAfter.holdsMs.min,
                median: serverAfter.holdsMs.median,
                max: serverAfter.holdsMs.max,
              },
            }
          : {}),
        connections: serverAfter.connections - serverBefore.connections,
      }
    } finally {
      await server.close()
    }
  },

  /** refresh of n cost reports: bulk list reads, and for comparison one read per resource */
  refresh: async ({ n }) => {
    const { costEmulator } = await clientsOf()
    const { apply, refresh } = await operations()
    const emu = costEmulator({ token: BENCH_TOKEN, rateLimit: { limit: 1e9, windowMs: 3_600_000 } })
    const handler = await realHandlerOver(emu.client)
    const store = (await memoryStoreOf())()
    const s = reportsWorkload(n)
    orThrow(await apply(s)(envOf(handler, store))())
    const before = total(emu.requests())
    const t0 = performance.now()
    const r = orThrow(await refresh(s)(envOf(handler, store))())
    const inProcessMs = ms(t0)
    const requests = total(emu.requests()) - before
    if (Object.keys(r.state.resources).length !== n) throw new Error('refresh lost resources')
    // the same refresh through a handler that cannot list (neither decoded objects nor raw items): one read per resource
    const { list: _list, listItems: _listItems, ...single } = handler
    const before2 = total(emu.requests())
    const t1 = performance.now()
    orThrow(await refresh(s)(envOf(single, store))())
    const perResourceMs = ms(t1)
    const perResourceRequests = total(emu.requests()) - before2
    return { inProcessMs, requests, drift: r.drift.length, perResourceRequests, perResourceMs }
  },

  /** an emulator allowing 50 requests per second; the client keeps inside the budget */
  'rate-limit': async ({ n }) => {
    const limit = 50
    const server = await servedEmulator({ rateLimit: limit })
    const { compose, retry, rateBudget, fetchClient } = await clientsOf()
    const { apply } = await operations()
    const memoryStore = await memoryStoreOf()
    try {
      let retries = 0
      // a budget whose own bucket is far above the platform's rate, so what keeps the apply inside
      // the limit is the budget reading the server's rate-limit headers (limit, remaining, reset)
      const budget = { capacity: 1000, refillPerSecond: 1000 }
      const http = compose(retry({ onRetry: () => void retries++ }), rateBudget(budget))(fetchClient())
      const handler = await realHandlerOver(http, server.url)
      const s = costWorkload(n)
      const t0 = performance.now()
      const startedAt = Date.now()
      const r = await apply(s)(envOf(handler, memoryStore()))()
      const endedAt = Date.now()
      const inProcessMs = ms(t0)
      const failures = E.isLeft(r) ? formatEngineError(r.left) : undefined
      const statuses = await server.statuses()
      const requests = total(statuses)
      const throughput = Math.round((requests / (inProcessMs / 1000)) * 10) / 10
      // what the server allowed over the run: its limit in each one-second window the run touched
      // (the windows are aligned to the clock, which both processes share)
      const windows = Math.floor(endedAt / 1000) - Math.floor(startedAt / 1000) + 1
      return {
        inProcessMs,
        requests,
        rateLimited429: statuses['429'] ?? 0,
        retries,
        failed: failures !== undefined,
        ...(failures ? { failures: failures.slice(0, 500) } : {}),
        allowedPerSecond: limit,
        budget,
        throughputPerSecond: throughput,
        windows,
        allowedRequests: limit * windows,
        ofAllowed: Math.round((requests / (limit * windows)) * 1000) / 1000,
        // the least time `requests` take at `limit` a second, and the apply's wall against it
        limitAllowsMs: Math.round((requests / limit) * 1000),
        vsLimit: Math.round((inProcessMs / ((requests / limit) * 1000)) * 100) / 100,
      }
    } finally {
      await server.close()
    }
  },
}

// ── main ─────────────────────────────────────────────────────────────────────
const argv = process.argv.slice(2)
const name = argv[0]
const flag = (k: string): number | undefined => {
  const i = argv.indexOf(k)
  return i >= 0 ? Number(argv[i + 1]) : undefined
}
const run = scenarios[name ?? '']
if (!run) {
  process.stderr.write(`unknown scenario ${JSON.stringify(name)}; known: ${Object.keys(scenarios).join(', ')}\n`)
  process.exit(2)
}
const n = flag('--n') ?? 10_000
const concurrency = flag('--concurrency')
const text = (k: string): string | undefined => (argv.includes(k) ? argv[argv.indexOf(k) + 1] : undefined)
const r = await run({
  n,
  ...(concurrency !== undefined ? { concurrency } : {}),
  ...(text('--store') !== undefined ? { store: text('--store') } : {}),
  ...(text('--workload') !== undefined ? { workload: text('--workload') } : {}),
})
process.stdout.write(JSON.stringify({ scenario: name, n, ...r, peakRssMb: peakRssMb() }) + '\n')
