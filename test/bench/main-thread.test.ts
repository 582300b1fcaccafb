/**
 * The latency bench reports each side's main-thread CPU and its wait for a core (bench/main-thread.ts,
 * from Linux's schedstat): the CPU grows by the work done on the main thread, and the wait never goes
 * backwards; elsewhere there is nothing to report.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { existsSync } from 'node:fs'
import { mainThread } from '../../bench/main-thread'

const test = suite('bench main-thread figures')

const linux = existsSync(`/proc/self/task/${process.pid}/schedstat`)

test('counts the main thread’s CPU as it works, and its waits', () => {
  const before = mainThread()
  if (!linux) return assert.is(before, undefined)
  assert.ok(before && before.cpuMs > 0 && before.waitMs >= 0)
  // ~30 ms of work on this thread
  const t = performance.now()
  let x = 0
  while (performance.now() - t < 30) x += Math.sqrt(x + 1)
  const after = mainThread()!
  assert.ok(x > 0)
  // a core may be taken from it for part of those 30 ms: what it ran and waited covers them
  assert.ok(after.cpuMs - before.cpuMs + (after.waitMs - before.waitMs) >= 25, JSON.stringify({ before, after }))
  assert.ok(after.cpuMs - before.cpuMs > 0)
  assert.ok(after.waitMs >= before.waitMs)
})

test.run()
