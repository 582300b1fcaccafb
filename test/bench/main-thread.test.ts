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
  // work on this thread until its counter shows 20 ms of CPU, within a bound. Wall time is no
  // measure here: on a virtual machine the host may take the core away (steal), and that time is
  // neither this thread's CPU nor its wait (CI once saw 24 ms of the two in 30 ms of wall time)
  const t = performance.now()
  let x = 0
  let after = mainThread()!
  while (after.cpuMs - before.cpuMs < 20 && performance.now() - t < 5000) {
    for (let i = 0; i < 1e5; i++) x += Math.sqrt(x + 1)
    after = mainThread()!
  }
  assert.ok(x > 0)
  assert.ok(after.cpuMs - before.cpuMs >= 20, JSON.stringify({ before, after }))
  assert.ok(after.waitMs >= before.waitMs)
})

test.run()
