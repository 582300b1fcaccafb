/**
 * The CLI suite's harness: the `trellis` command as a subprocess (the way users run it), against
 * a cost emulator served on 127.0.0.1 that counts what it is sent; each call bounded in time.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { costEmulator } from '#trellis/clients'
import { serve, type Served } from '../../clients/serve'
import type { HttpClient, HttpRequest } from '#trellis/clients'
import type { Emulator } from '#trellis/clients'
import { main } from '#src/cli/main'

export const ROOT = fileURLToPath(new URL('../../', import.meta.url))
export const MAIN = join(ROOT, 'src/cli/main.ts')
export const BOOKS = join(ROOT, 'test/cli/fixtures/books.ts')
export const TOKEN = 'cli-suite-token'

export const tempDir = (): string => mkdtempSync(join(tmpdir(), 'trellis-cli-'))

export interface Platform {
  readonly url: string
  /** requests served so far */
  readonly requests: () => number
  /** every request served so far, as `METHOD /path` */
  readonly sent: () => ReadonlyArray<string>
  /** the emulator itself: its objects, and a way to change one behind trellis's back */
  readonly emulator: Emulator
  /** send one request straight to the emulator (as another tool would), with the suite's token */
  readonly direct: (method: HttpRequest['method'], path: string, body?: unknown) => Promise<number>
  /** hold every reply this long from now on (the request is logged on arrival, applied after) */
  readonly delay: (ms: number) => void
  readonly close: () => Promise<void>
}

/** A cost emulator on loopback; `delayMs` holds every reply that long (to interrupt mid-apply). */
export const platform = async (delayMs = 0): Promise<Platform> => {
  const emu = costEmulator({ token: TOKEN })
  const log: string[] = []
  let hold = delayMs
  const client: HttpClient = (req) => async () => {
    log.push(`${req.method} ${new URL(req.url).pathname}`)
    if (hold) await new Promise((r) => setTimeout(r, hold))
    return emu.client(req)()
  }
  const s: Served = await serve(client)
  const direct = async (method: HttpRequest['method'], path: string, body?: unknown) => {
    const r = await emu.client({
      method,
      url: `${s.url}${path}`,
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })()
    if (r._tag === 'Left') throw new Error(`${method} ${path}: ${r.left.kind}`)
    return r.right.status
  }
  return {
    url: s.url,
    requests: () => log.length,
    sent: () => [...log],
    emulator: emu,
    direct,
    delay: (ms) => void (hold = ms),
    close: s.close,
  }
}

/** Requests that change something (not GET or HEAD). */
export const writes = (sent: ReadonlyArray<string>): string[] => sent.filter((r) => !/^(GET|HEAD) /.test(r))

export interface Ran {
  readonly code: number | null
  readonly signal: NodeJS.Signals | null
  readonly out: string
  readonly err: string
}

export interface Spawned {
  readonly done: Promise<Ran>
  readonly kill: (signal: NodeJS.Signals) => void
  /** resolves when stderr or stdout has shown this */
  readonly saw: (re: RegExp) => Promise<void>
}

export const start = (args: ReadonlyArray<string>, env: Record<string, string | undefined> = {}): Spawned => {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, ...args], {
    cwd: ROOT,
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: undefined, TRELLIS_DEBUG: undefined, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  let err = ''
  const waiters: Array<{ re: RegExp; ok: () => void }> = []
  const check = () => {
    for (const w of [...waiters])
      if (w.re.test(out + err)) {
        waiters.splice(waiters.indexOf(w), 1)
        w.ok()
      }
  }
  child.stdout.on('data', (d: Buffer) => {
    out += d.toString()
    check()
  })
  child.stderr.on('data', (d: Buffer) => {
    err += d.toString()
    check()
  })
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000)
  const done = new Promise<Ran>((resolve) =>
    child.on('close', (code, signal) => {
      clearTimeout(timer)
      resolve({ code, signal, out, err })
    }),
  )
  return {
    done,
    kill: (s) => void child.kill(s),
    saw: (re) =>
      new Promise<void>((ok, fail) => {
        waiters.push({ re, ok })
        check()
        void done.then(() => fail(new Error(`the CLI ended without showing ${String(re)}:\n${out}\n${err}`)))
      }),
  }
}

export const cli = (args: ReadonlyArray<string>, env: Record<string, string | undefined> = {}): Promise<Ran> =>
  start(args, env).done

/** The environment that points the cost provider at a served emulator. */
export const costEnv = (p: Platform, extra: Record<string, string> = {}) => ({
  COST_HOST: p.url,
  COST_API_TOKEN: TOKEN,
  ...extra,
})

/** No signals reach an in-process run. */
const noInterrupts = { on: () => ({ off: () => undefined }) }

/** The CLI in this process (fast): same main() the bin runs, with this environment and no terminal. */
export const run = async (args: ReadonlyArray<string>, env: Record<string, string | undefined> = {}): Promise<Ran> => {
  const out: string[] = []
  const err: string[] = []
  const code = await main(
    args,
    { line: (s) => out.push(s), err: (s) => err.push(s), colour: false },
    {
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: undefined, ...env },
      interactive: false,
      interrupts: noInterrupts,
    },
  )
  return { code, signal: null, out: out.join('\n'), err: err.join('\n') }
}

/** The books program written to `file` (absolute imports), changed by `variant`. */
export const writeBooks = (file: string, variant = 'a'): string => {
  const src = readFileSync(BOOKS, 'utf8')
    .replaceAll("'../../../", `'${ROOT}`)
    .replace("process.env.BOOKS_VARIANT ?? 'a'", JSON.stringify(variant))
  writeFileSync(file, src)
  return file
}
