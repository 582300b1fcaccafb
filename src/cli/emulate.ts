/**
 * `trellis emulate`: the three platforms' emulators served on 127.0.0.1 (one port each), their
 * objects kept in a data file so a restart finds them again, until Ctrl-C (which saves and stops).
 * While it runs, `--emulate` commands on the same state directory talk to it (it leaves
 * `<state-dir>/emulated/endpoint.json`). `trellis emulate seed FILE` puts objects made elsewhere
 * in, each in its platform's own shape: into the running emulator, or else into the data file.
 */
import { promises as fs } from 'node:fs'
import { resolve } from 'node:path'
import * as E from 'fp-ts/Either'
import { writeEmulatorData, type PlatformSeed } from '../../clients/emulators/emulators'
import { openEmulatorData } from '../../clients/emulators/data-lock'
import { serveEmulators, SEED_PATH } from '../../clients/emulators/serve-emulators'
import {
  defaultDataFile,
  endpointFile,
  readEndpoint,
  type EmulatorEndpoint,
} from '../../clients/emulators/local-platforms'
import { faults, FAULT_KINDS, type FaultKind, type FaultOptions } from '../../clients/faults'
import { fetchClient } from '../../clients/fetch'
import type { Out } from './output'

export const EMULATE_USAGE = `usage: trellis emulate [--port N] [--data FILE] [--faults rate=R[,seed=S][,kinds=K+K]] [--state-dir DIR]
       trellis emulate seed FILE [--data FILE] [--state-dir DIR]

  Serves the cost, hosting and cloud emulators on 127.0.0.1 (ports N, N+1, N+2; free ports by default),
  keeping their objects in --data (default <state-dir>/emulator.json) until Ctrl-C saves and stops.
  --emulate commands on the same --state-dir talk to it while it runs.
  --faults makes the platforms misbehave for a fraction R of requests (429, 5xx, resets, timeouts,
  latency), replayably with seed S; kinds: ${FAULT_KINDS.join(', ')}.
  seed FILE: a JSON object {"cost": {"folders": [...]}, "hosting": {"sites": [...]}, "cloud": {"services": [...]}}
  with objects in the platforms' own shapes.`

export class EmulateUsageError extends Error {}

export interface EmulateFlags {
  readonly port?: string
  readonly data?: string
  readonly faults?: string
  readonly stateDir?: string
  /** how long to wait for an in-process --emulate run holding the data file (default 60 s; tests) */
  readonly lockWaitMs?: number
}

/** `rate=0.2,seed=7,kinds=429+503` → fault options, or a usage error naming the part that is wrong. */
export const parseFaults = (spec: string): FaultOptions => {
  const o: { rate?: number; seed: number; kinds?: FaultKind[] } = { seed: 1 }
  for (const part of spec.split(',')) {
    const [k, v] = part.split('=', 2)
    if (k === 'rate' && v !== undefined && Number(v) >= 0 && Number(v) <= 1 && v.trim() !== '') o.rate = Number(v)
    else if (k === 'seed' && v !== undefined && Number.isInteger(Number(v)) && v.trim() !== '') o.seed = Number(v)
    else if (k === 'kinds' && v !== undefined) {
      const kinds = v.split('+')
      const bad = kinds.filter((x) => !FAULT_KINDS.includes(x as FaultKind))
      if (bad.length)
        throw new EmulateUsageError(`--faults kinds: unknown ${bad.join(', ')} (known: ${FAULT_KINDS.join(', ')})`)
      o.kinds = kinds as FaultKind[]
    } else
      throw new EmulateUsageError(
        `--faults: expected rate=R (0..1)[,seed=S][,kinds=K+K], got ${JSON.stringify(part)} in ${JSON.stringify(spec)}`,
      )
  }
  if (o.rate === undefined)
    throw new EmulateUsageError(`--faults: rate=R (0..1) is required, got ${JSON.stringify(spec)}`)
  return { rate: o.rate, seed: o.seed, ...(o.kinds ? { kinds: o.kinds } : {}) }
}

const portOf = (p: string | undefined): number | undefined => {
  if (p === undefined) return undefined
  const n = Number(p)
  if (!Number.isInteger(n) || n < 1 || n > 65533)
    throw new EmulateUsageError(`--port: expected a port from 1 to 65533 (three are used: N, N+1, N+2), got ${p}`)
  return n
}

// ── serve ────────────────────────────────────────────────────────────────────
/** A port another process holds, told as a usage problem with the way out (free ports by default). */
const busyPort = (e: unknown): EmulateUsageError | undefined => {
  const x = e as { code?: unknown; port?: unknown }
  if (x?.code !== 'EADDRINUSE') return undefined
  return new EmulateUsageError(
    `port ${String(x.port)} on 127.0.0.1 is in use by another process (the emulators take N, N+1 and N+2): ` +
      'choose other ports with --port N, or leave --port out to take free ones',
  )
}

export interface Running {
  readonly endpoint: EmulatorEndpoint
  /** saves, removes the endpoint file and stops serving */
  readonly stop: () => Promise<void>
}

/** Starts serving (the command's body, without waiting for Ctrl-C: tests and embedders call this). */
export const startEmulate = async (flags: EmulateFlags): Promise<Running> => {
  const stateDir = flags.stateDir ?? '.trellis'
  const data = resolve(flags.data ?? defaultDataFile(stateDir))
  const port = portOf(flags.port)
  const fault = flags.faults === undefined ? undefined : faults(parseFaults(flags.faults))
  const other = await readEndpoint(stateDir)
  if (other)
    throw new EmulateUsageError(
      `an emulator is already running for ${stateDir} (pid ${other.pid}, cost at ${other.endpoints.cost}); stop it first`,
    )
  // held while serving: an in-process --emulate run open on this directory finishes (and saves)
  // first, and none starts meanwhile, so neither writes over the other's objects
  const { set, release } = await openEmulatorData(data, flags.lockWaitMs)

  // saves soon after changes, so even a killed emulator loses at most the last moment's
  let dirty = false
  let saving: Promise<void> = Promise.resolve()
  const save = () => {
    dirty = false
    saving = saving.then(() => writeEmulatorData(data, set.snapshot()))
    return saving
  }
  const timer = setInterval(() => {
    if (dirty) void save().catch(() => undefined)
  }, 250)
  const served = await serveEmulators(set, {
    port,
    middleware: (next) => {
      const api = fault ? fault(next) : next
      return (req) => {
        if (req.method !== 'GET') dirty = true
        return api(req)
      }
    },
    onChange: () => {
      dirty = true
    },
  }).catch(async (e: unknown) => {
    clearInterval(timer)
    await release()
    throw busyPort(e) ?? e
  })
  const endpoint: EmulatorEndpoint = {
    pid: process.pid,
    endpoints: served.endpoints,
    data,
    since: new Date().toISOString(),
  }
  await fs.mkdir(resolve(endpointFile(stateDir), '..'), { recursive: true })
  await fs.writeFile(endpointFile(stateDir), JSON.stringify(endpoint, null, 2) + '\n', 'utf8')
  return {
    endpoint,
    stop: async () => {
      clearInterval(timer)
      await served.close()
      await save()
      await fs.rm(endpointFile(stateDir), { force: true })
      await release()
    },
  }
}

// ── seed ─────────────────────────────────────────────────────────────────────
const readSeed = async (file: string): Promise<PlatformSeed> => {
  if (/\.ya?ml$/i.test(file))
    throw new EmulateUsageError(`${file}: YAML is not read (no YAML parser is a dependency); write the seed as JSON`)
  let text: string
  try {
    text = await fs.readFile(file, 'utf8')
  } catch (e) {
    throw new EmulateUsageError(`cannot read ${file}: ${(e as Error).message}`)
  }
  try {
    return JSON.parse(text) as PlatformSeed
  } catch (e) {
    throw new EmulateUsageError(`${file}: not valid JSON (${(e as Error).message})`)
  }
}

export const seedEmulators = async (file: string, flags: EmulateFlags): Promise<string> => {
  const stateDir = flags.stateDir ?? '.trellis'
  const objects = await readSeed(file)
  const running = await readEndpoint(stateDir)
  if (running) {
    // each platform takes its part whole or refuses it whole
    const http = fetchClient()
    for (const [p, objs] of Object.entries(objects)) {
      const r = await http({
        method: 'POST',
        url: new URL(SEED_PATH, running.endpoints[p as keyof typeof running.endpoints]).href,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(objs),
        timeoutMs: 10_000,
      })()
      if (E.isLeft(r)) throw new Error(`seed ${p}: the running emulator did not answer: ${r.left.message}`)
      if (r.right.status !== 200) throw new Error(`seed ${p}: ${r.right.body}`)
    }
    return `Seeded the running emulator (pid ${running.pid}) with ${describe(objects)}.`
  }
  const data = resolve(flags.data ?? defaultDataFile(stateDir))
  const { set, release } = await openEmulatorData(data, flags.lockWaitMs)
  try {
    set.seed(objects)
    await writeEmulatorData(data, set.snapshot())
  } finally {
    await release()
  }
  return `Seeded ${data} with ${describe(objects)}.`
}

const describe = (objects: PlatformSeed): string =>
  Object.entries(objects)
    .flatMap(([p, kinds]) => Object.entries(kinds ?? {}).map(([k, list]) => `${list.length} ${p} ${k}`))
    .join(', ') || 'nothing'

// ── command ──────────────────────────────────────────────────────────────────
export const runEmulate = async (rest: ReadonlyArray<string>, flags: EmulateFlags, out: Out): Promise<number> => {
  if (rest[0] === 'seed') {
    if (!rest[1] || rest.length > 2) throw new EmulateUsageError(EMULATE_USAGE)
    out.line(await seedEmulators(rest[1], flags))
    return 0
  }
  if (rest.length > 0) throw new EmulateUsageError(`unknown emulate argument ${rest[0]}\n\n${EMULATE_USAGE}`)
  const running = await startEmulate(flags)
  const e = running.endpoint.endpoints
  out.line(`trellis emulate: serving on 127.0.0.1 (data ${running.endpoint.data})`)
  out.line(`  cost     ${e.cost}  (cost provider: host: '${e.cost}')`)
  out.line(`  hosting  ${e.hosting}  (hosting provider: endpoint: '${e.hosting}')`)
  out.line(
    `  cloud    ${e.cloud}  (cloud provider: domain: 'localhost:${new URL(e.cloud).port}', protocol: 'HTTP'; every service)`,
  )
  out.line('Commands with --emulate on this state directory use it. Ctrl-C saves and stops.')
  await new Promise<void>((done) => {
    const stop = () => {
      process.off('SIGINT', stop)
      process.off('SIGTERM', stop)
      done()
    }
    process.on('SIGINT', stop)
    process.on('SIGTERM', stop)
  })
  await running.stop()
  out.line('trellis emulate: saved and stopped.')
  return 0
}
