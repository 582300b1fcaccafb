/**
 * The worker pool: test files shared among worker processes (test/runner/worker.ts), each taking
 * the next file when it finishes one, so a slow file holds one worker while the others drain the
 * rest. A file's output is printed whole when it ends; a failing file is named again at the end;
 * a worker that dies mid-file fails that file (named) and is replaced; the handles a worker still
 * holds after the grace are named with their file and fail the run.
 */
import { spawn } from 'node:child_process'
import type { FromWorker, ToWorker } from './worker'
import type { Spent } from './spent'
import { noCounts, type Counts } from './totals'

export interface PoolOutcome {
  readonly counts: Counts
  /** the files with a failed test, a load error or a crash, each with why */
  readonly failures: ReadonlyArray<string>
  /** time per file, import included */
  readonly ms: ReadonlyMap<string, Spent>
}

interface Shared {
  readonly queue: string[]
  readonly counts: Counts
  readonly failures: string[]
  readonly ms: Map<string, Spent>
}

const onResult = (s: Shared, m: Extract<FromWorker, { file: string }>) => {
  process.stdout.write(m.output)
  const failed = m.total - m.passed
  s.counts.passed += m.passed
  s.counts.failed += failed
  s.counts.skipped += m.skipped
  s.ms.set(m.file, m.spent)
  if (failed > 0) s.failures.push(`${m.file} (${failed} failed)`)
}

const onLeaks = (s: Shared, m: Extract<FromWorker, { leaks: unknown }>) => {
  for (const l of m.leaks) console.error(`leaked: ${l.what}${l.file ? ` (left open by ${l.file})` : ''}`)
  s.counts.leaked += m.leaks.length
}

/** One worker, fed from the queue until it is empty; resolves when it (or its replacement) is done. */
const worker = (script: string, s: Shared): Promise<void> =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, '--worker'], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    })
    let current: string | undefined
    const next = () => {
      current = s.queue.shift()
      const m: ToWorker = current === undefined ? { finish: true } : { run: current }
      child.send(m)
    }
    child.on('message', (m: FromWorker) => {
      if ('leaks' in m) return onLeaks(s, m)
      onResult(s, m)
      next()
    })
    child.on('error', (e) => console.error(`test worker: ${e.message}`))
    child.on('exit', (code, signal) => {
      if (current === undefined) return resolve()
      // died mid-file: that file fails, named; the rest go on in a new worker
      console.error(`crashed: ${current} (worker exit ${code ?? signal})`)
      s.counts.failed += 1
      s.failures.push(`${current} (its worker exited ${code ?? signal})`)
      resolve(s.queue.length > 0 ? worker(script, s) : undefined)
    })
    next()
  })

/** Runs `files` in `size` workers started from `script` (test/run.ts), in the order given. */
export const runPool = async (script: string, files: ReadonlyArray<string>, size: number): Promise<PoolOutcome> => {
  const s: Shared = { queue: [...files], counts: noCounts(), failures: [], ms: new Map() }
  const n = Math.min(Math.max(1, size), files.length)
  await Promise.all(Array.from({ length: n }, () => worker(script, s)))
  return s
}
