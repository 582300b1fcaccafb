/**
 * The `refresh-at-scale` scenario, one measurement in a process of its own (started by bench/run.ts):
 *
 *   node --import tsx bench/refresh-at-scale.ts --n 10000 [--latency 20]
 *   (compiled mode: node bench/tmp/dist/refresh-at-scale.mjs …)
 *
 * 1. The mixed shapes (every resource type) applied to the three emulators in this process, with no
 *    latency and no limits: not timed, only the starting point.
 * 2. Their data handed to bench/refresh-at-scale-server.ts, which serves it on 127.0.0.1 with each
 *    platform's real rate limit, every answer 20 ms late.
 * 3. `refresh(stack)` through the real handler wired as shipped (retries, each platform's rate budget,
 *    the fetch transport), timed, each request counted under the resource type it reads.
 *
 * Prints one JSON line: requests against the floor, wall time against the bound (README: "the
 * refresh-at-scale bound"), and both per platform and per type.
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { benchEnv, orThrow } from './bench-env'
import {
  DEFAULT_CONCURRENCY,
  apply,
  httpHandler,
  memoryStore,
  refresh,
  registry,
  type Env,
  type Handler,
} from 'trellis'
import { compose, emulators, fetchClient, platformClients, rateBudget, retry, type HttpClient } from 'trellis/clients'
import { stackOfShapes } from './mixed-workload'
import { mixedNodes, type NodeShape } from './peers/mixed-shape'
import { BENCH_TOKEN } from './workload'
import { NO_LIMITS, PLATFORM_PAGE, REAL_LIMITS, SHIPPED_BUDGETS, benchEmulatorOptions } from './refresh-at-scale-limits'

type Platform = 'cost' | 'hosting' | 'cloud'
const PLATFORMS: ReadonlyArray<Platform> = ['cost', 'hosting', 'cloud']

const argv = process.argv.slice(2)
const opt = (k: string): string | undefined => (argv.includes(k) ? argv[argv.indexOf(k) + 1] : undefined)
const n = Number(opt('--n') ?? 10_000)
const latencyMs = Number(opt('--latency') ?? 20)
const concurrency = DEFAULT_CONCURRENCY
const log = (s: string) => process.stderr.write(`  refresh-at-scale: ${s}\n`)
const ms = (t0: number) => Math.round((performance.now() - t0) * 10) / 10
const round = (x: number, d = 2) => Math.round(x * 10 ** d) / 10 ** d

const envOf = (handler: Handler, store: Env['store']): Env => benchEnv(registry, handler, store, concurrency)

// ── 1. the stack applied in this process ────────────────────────────────────
// the tenants' teams and sites, which the shapes look up (hosting:getTeam / getSite)
const groups = Math.max(1, ...mixedNodes(n).map((s) => Number(/-(\d+)$/.exec(s.name)?.[1] ?? 0) + 1))
const hostingFixtures = {
  accounts: Array.from({ length: groups }, (_, g) => ({ slug: `team-${g}`, name: `Team ${g}` })),
  sites: Array.from({ length: groups }, (_, g) => ({ name: `site-${g}`, account_slug: `team-${g}` })),
}
const stack = stackOfShapes(applicable(mixedNodes(n)), 'refresh-at-scale')
const store = memoryStore()
const t0 = performance.now()
const local = emulators(benchEmulatorOptions(BENCH_TOKEN, NO_LIMITS, hostingFixtures))
const localHandler = httpHandler({ clients: (p, c) => platformClients({ http: local[p as Platform].client })(p, c) })
const applied = orThrow(await apply(stack)(envOf(localHandler, store))())
const resources = Object.values(applied.state.resources)
const setupMs = ms(t0)
log(`applied ${resources.length} resources in ${setupMs} ms`)

// ── 2. served on loopback with the real limits ──────────────────────────────
const compiled = import.meta.url.endsWith('.mjs')
const serverScript = fileURLToPath(
  new URL(compiled ? './refresh-at-scale-server.mjs' : './refresh-at-scale-server.ts', import.meta.url),
)
const server = spawn(
  process.execPath,
  [...(compiled ? [] : ['--import', 'tsx']), serverScript, '--latency', String(latencyMs), '--token', BENCH_TOKEN],
  { stdio: ['pipe', 'pipe', 'inherit'] },
)
const endpoints = await new Promise<Record<Platform, string>>((resolve, reject) => {
  let out = ''
  server.stdout.on('data', (d: Buffer) => {
    out += d.toString()
    if (out.includes('\n'))
      resolve((JSON.parse(out.split('\n')[0]) as { endpoints: Record<Platform, string> }).endpoints)
  })
  server.on('exit', (code) => reject(new Error(`the emulator server exited (${code})`)))
  server.stdin.write(JSON.stringify(local.snapshot()) + '\n')
})
const stats = async (): Promise<Record<Platform, Record<string, number>>> =>
  (await (await fetch(`${endpoints.cost}/__bench/stats`)).json()) as Record<Platform, Record<string, number>>

// ── 3. the timed refresh through the real handler, wired as shipped ─────────
const als = new AsyncLocalStorage<string>()
const byType: Record<string, number> = {}
const perPlatform = Object.fromEntries(
  PLATFORMS.map((p) => [p, { requests: 0, firstSent: Infinity, lastAnswered: 0 }]),
) as Record<Platform, { requests: number; firstSent: number; lastAnswered: number }>
/** innermost, under retries and the budget: every request that leaves, under the type it reads */
const counted =
  (p: Platform) =>
  (next: HttpClient): HttpClient =>
  (req) =>
  async () => {
    const k = als.getStore() ?? `${p} (provider set-up)`
    byType[k] = (byType[k] ?? 0) + 1
    const c = perPlatform[p]
    c.requests++
    c.firstSent = Math.min(c.firstSent, performance.now())
    const r = await next(req)()
    c.lastAnswered = Math.max(c.lastAnswered, performance.now())
    return r
  }
const transport = fetchClient()
const httpOf = Object.fromEntries(
  PLATFORMS.map((p) => [p, compose(retry(), rateBudget(SHIPPED_BUDGETS[p]), counted(p))(transport)]),
) as Record<Platform, HttpClient>
const real = httpHandler({
  clients: (p, c) => platformClients({ http: httpOf[p as Platform], endpoints })(p, c),
})
// each read and listing runs in its type's context, so its requests are counted under it
const handler: Handler = {
  ...real,
  read: (c, id, i, o) => {
    const te = real.read(c, id, i, o)
    return () => als.run(c.spec.token, te)
  },
  ...(real.readShared
    ? {
        readShared: (...args: Parameters<NonNullable<Handler['readShared']>>) => {
          const te = real.readShared!(...args)
          return () => als.run(args[0].spec.token, te)
        },
      }
    : {}),
  ...(real.listItems
    ? {
        listItems: (
          c: Parameters<NonNullable<Handler['listItems']>>[0],
          req: Parameters<NonNullable<Handler['listItems']>>[1],
        ) => {
          const te = real.listItems!(c, req)
          return () => als.run(c.spec.token, te)
        },
      }
    : {}),
}

try {
  const startedAt = Date.now()
  const t1 = performance.now()
  const cpu0 = process.cpuUsage()
  const r = orThrow(await refresh(stack)(envOf(handler, store))())
  const inProcessMs = ms(t1)
  const cpu = process.cpuUsage(cpu0)
  if (Object.keys(r.state.resources).length !== resources.length) throw new Error('refresh lost resources')
  if (r.drift.length > 0) throw new Error(`refresh found drift in an untouched stack: ${r.drift[0].address}`)
  const served = await stats()

  // ── the floor and the bound ─────────────────────────────────────────────────
  const floor = floorOf(resources)
  const requests = Object.values(byType).reduce((a, b) => a + b, 0)
  const bounds = Object.fromEntries(PLATFORMS.map((p) => [p, boundMs(p, floor.byPlatform[p], startedAt)])) as Record<
    Platform,
    number
  >
  const bound = Math.max(...Object.values(bounds))
  const platformRows = Object.fromEntries(
    PLATFORMS.map((p) => {
      const c = perPlatform[p]
      return [
        p,
        {
          requests: c.requests,
          floor: floor.byPlatform[p],
          boundMs: round(bounds[p], 1),
          firstSentMs: c.requests ? round(c.firstSent - t1, 1) : 0,
          wallMs: c.requests ? round(c.lastAnswered - t1, 1) : 0,
          answers: served[p],
        },
      ]
    }),
  )
  const types = Object.fromEntries(
    Object.entries(floor.byType)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([token, f]) => [
        token,
        { resources: f.resources, requests: byType[token] ?? 0, floor: f.floor, how: f.how },
      ]),
  )
  process.stdout.write(
    JSON.stringify({
      scenario: 'refresh-at-scale',
      n,
      resources: resources.length,
      inProcessMs,
      // the client's CPU during the refresh (the rest is waiting for the platforms)
      cpuMs: Math.round((cpu.user + cpu.system) / 1000),
      setupMs,
      latencyMs,
      concurrency,
      requests,
      floor: floor.total,
      requestsOverFloor: round(requests / floor.total, 3),
      boundMs: round(bound, 1),
      wallOverBound: round(inProcessMs / bound, 3),
      setUp: Object.fromEntries(Object.entries(byType).filter(([k]) => k.includes('provider set-up'))),
      platforms: platformRows,
      types,
      peakRssMb: Math.round((process.resourceUsage().maxRSS / 1024) * 10) / 10,
    }) + '\n',
  )
} finally {
  await new Promise<void>((resolve) => {
    server.once('exit', () => resolve())
    server.stdin.end()
  })
}

// ── helpers (hoisted) ────────────────────────────────────────────────────────
/**
 * The mixed shapes as a platform accepts them (the mock interpreter checks less): the API a usage
 * plan's keys are bound to must use key authentication.
 */
function applicable(shapes: ReadonlyArray<NodeShape>): NodeShape[] {
  return shapes.map((s) =>
    s.token === 'cloud:ApiGatewayApi' && s.name.startsWith('api-list-')
      ? { ...s, inputs: { ...s.inputs, authType: 'SECRET' } }
      : s,
  )
}

interface Floor {
  readonly total: number
  readonly byPlatform: Record<Platform, number>
  readonly byType: Record<string, { resources: number; floor: number; how: string }>
}

/**
 * Σ over (type, parent) of ceil(items / page): a type the platform lists whole is one listing of
 * all its objects; one it lists per parent, a listing per parent (a parent with one object: its
 * read); one it cannot list, a request per object.
 */
function floorOf(rs: ReadonlyArray<{ token: string; id: string; inputs: unknown; outputs: unknown }>): Floor {
  const byToken = new Map<string, typeof rs extends ReadonlyArray<infer R> ? R[] : never>()
  for (const r of rs) (byToken.get(r.token) ?? byToken.set(r.token, []).get(r.token)!).push(r)
  const byType: Floor['byType'] = {}
  const byPlatform = { cost: 0, hosting: 0, cloud: 0 }
  const config = {}
  for (const [token, members] of byToken) {
    const spec = registry.resources.get(token)!
    const p = spec.provider as Platform
    const w = spec.wire
    const pages = (req: { paginate?: { pageSize?: number; paged?: boolean } }, items: number) => {
      const pg = req.paginate
      if (!pg || pg.paged === false) return 1
      return Math.max(1, Math.ceil(items / Math.min(pg.pageSize ?? PLATFORM_PAGE[p], PLATFORM_PAGE[p])))
    }
    let floor: number
    let how: string
    if (w.list && members.length > 1) {
      floor = pages(w.list({ config }), members.length)
      how = 'whole-type listing'
    } else if (w.listIn) {
      const parents = new Map<string, typeof members>()
      for (const r of members) {
        const ctx = { config, inputs: r.inputs as never, outputs: r.outputs as never }
        const k = w.listIn.parent(r.id, ctx) ?? `\u0000${r.id}`
        ;(parents.get(k) ?? parents.set(k, []).get(k)!).push(r)
      }
      floor = [...parents.values()].reduce(
        (a, ps) =>
          a +
          (ps.length > 1
            ? pages(w.listIn!.request(ps[0].id, { config, inputs: ps[0].inputs, outputs: ps[0].outputs }), ps.length)
            : 1),
        0,
      )
      how = `listing per parent (${parents.size} parents)`
    } else {
      floor = members.length
      const [r] = members
      const shared = w.shares
        ? Object.keys(w.shares.requests(r.id, { config, inputs: r.inputs, outputs: r.outputs }))
        : []
      how = w.unfindable
        ? 'one read each: the platform documents no listing'
        : shared.length
          ? `one read each, sharing listings of a parent (${shared.join(', ')})`
          : 'one read each'
    }
    byType[token] = { resources: members.length, floor, how }
    byPlatform[p] += floor
  }
  return { total: Object.values(byPlatform).reduce((a, b) => a + b, 0), byType, byPlatform }
}

/**
 * The least time `requests` requests to one platform can take: at `concurrency` in flight, each
 * answered `latencyMs` late; the client's bucket (burst, then its rate); the platform's windows
 * (cost and hosting: fixed windows aligned to the clock, from the window the refresh starts in).
 * The cloud counts each action on its own: the shipped budget, the same rate for all actions
 * together, is the tighter. Platforms are refreshed side by side, so the run's bound is the largest.
 */
function boundMs(p: Platform, requests: number, startedAt: number): number {
  if (requests === 0) return 0
  const pipe = Math.ceil(requests / concurrency) * latencyMs
  const b = SHIPPED_BUDGETS[p]
  const bucket = (Math.max(0, requests - b.capacity) / b.refillPerSecond) * 1000 + latencyMs
  const l = REAL_LIMITS[p]
  const windows = Math.floor((requests - 1) / l.limit)
  const server =
    'perAction' in l
      ? 0
      : Math.max(0, Math.floor(startedAt / l.windowMs) * l.windowMs + windows * l.windowMs - startedAt) + latencyMs
  return Math.max(pipe, bucket, server)
}
