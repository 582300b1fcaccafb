/**
 * A worker of the pool (test/runner/pool.ts): a process that runs the test files its parent sends,
 * one at a time, through uvu, and answers each with its counts and its output (captured, so the
 * parent prints every file whole, never interleaved with another worker's). Told to finish, it
 * reports the handles still open after the grace, each named with its file, and exits.
 */
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { GRACE_MS } from './in-process'
import { leakTracker, leaksAfter, type Leak } from './leaks'
import { measure, type Spent } from './spent'

type Runner = () => Promise<[unknown, number, number, number]>
const g = globalThis as unknown as { UVU_DEFER: number; UVU_INDEX: number; UVU_QUEUE: Array<Array<unknown>> }

/** parent to worker */
export type ToWorker = { readonly run: string } | { readonly finish: true }

/** worker to parent: a file's result, or the leaks at the end */
export type FromWorker =
  | {
      readonly file: string
      readonly passed: number
      readonly total: number
      readonly skipped: number
      readonly spent: Spent
      readonly output: string
    }
  | { readonly leaks: ReadonlyArray<Leak> }

const send = (m: FromWorker): Promise<void> =>
  new Promise((resolve, reject) => process.send?.(m, undefined, {}, (e) => (e ? reject(e) : resolve())))

/** What `body` writes to stdout, kept instead of written (uvu's progress and the suites' logs). */
const captured = async (body: () => Promise<void>): Promise<string> => {
  const write = process.stdout.write.bind(process.stdout)
  let out = ''
  process.stdout.write = (chunk: string | Uint8Array) => {
    out += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString()
    return true
  }
  try {
    await body()
  } finally {
    process.stdout.write = write
  }
  // uvu's own totals block closes each run; the parent prints one for all files
  return out.replace(/\n\s*Total:[\s\S]*$/, '\n\n')
}

/** Imports one file with uvu deferred, then runs its suites; counts summed over them. */
const runFile = async (uvu: typeof import('uvu'), file: string, after: (file: string) => void) => {
  const counts = { passed: 0, total: 0, skipped: 0 }
  const took = measure()
  const output = await captured(async () => {
    g.UVU_QUEUE.length = 0
    g.UVU_INDEX = 0
    g.UVU_QUEUE.push([file])
    try {
      await import(pathToFileURL(join(process.cwd(), file)).href)
    } catch (e) {
      // a file that cannot load is one failure, with its error, like a test that throws
      counts.total += 1
      process.stdout.write(`${file}\n  could not load: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`)
      return
    }
    const group = g.UVU_QUEUE[0]
    for (let i = 1; i < group.length; i++) {
      const run = group[i] as Runner
      group[i] = async () => {
        const r = await run()
        counts.total += r[3]
        counts.passed += r[1]
        counts.skipped += r[2]
        return r
      }
    }
    await uvu.exec(false)
    process.exitCode = 0
  })
  after(file)
  return { file, ...counts, spent: took(), output }
}

/** Serves the parent's requests until told to finish. */
export const serveWorker = async (): Promise<never> => {
  g.UVU_DEFER = 1
  const uvu = await import('uvu')
  let chain = Promise.resolve()
  const done = new Promise<never>((_resolve, reject) => {
    process.on('message', (m: ToWorker) => {
      chain = chain
        .then(async () => {
          if ('run' in m) return send(await runFile(uvu, m.run, leaks.after))
          await send({ leaks: await leaksAfter(leaks.open, GRACE_MS) })
          process.exit(0)
        })
        .catch(reject)
    })
  })
  // after the listener: the IPC channel it refs is the worker's own handle, not a leak
  const leaks = leakTracker()
  return done
}
