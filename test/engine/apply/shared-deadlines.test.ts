/**
 * Guard of the kernel's shared deadlines (src/engine/apply/shared-deadlines.ts): budgets that
 * start within a group's window share one signal and timer, every member gets at least its whole
 * budget and at most the window more, and nothing is left ticking after the run.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { budgetOfSignal, MAX_WINDOW_MS, sharedDeadlines } from '#src/engine/apply/shared-deadlines'

const test = suite('shared deadlines')
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms))

test('budgets started within the window share a signal; after it, a new one; other lengths apart', () => {
  let t = 0
  const d = sharedDeadlines(() => t)
  const a = d.start(120_000)
  t += MAX_WINDOW_MS - 1
  const b = d.start(120_000)
  const other = d.start(60_000)
  t += 1
  const c = d.start(120_000)
  assert.is(a.signal, b.signal)
  assert.is.not(a.signal, c.signal)
  assert.is.not(a.signal, other.signal)
  d.stop()
})

test('a group aborts once its last member could have spent its budget, not before', async () => {
  let t = 0
  const d = sharedDeadlines(() => t)
  const a = d.start(400)
  t += 15
  const b = d.start(400)
  assert.is(a.signal, b.signal)
  await wait(150)
  assert.not.ok(a.signal.aborted)
  assert.not.ok(b.spent())
  // the group's timer: its budget and its window (400 + 20 ms) after it was made
  for (let i = 0; i < 100 && !a.signal.aborted; i++) await wait(20)
  assert.ok(a.spent() && b.spent())
  assert.equal(a.signal.reason, { _tag: 'BudgetSpent', ms: 400 })
})

test('members that all ended after the window: the timer is stopped, the signal never aborts', async () => {
  let t = 0
  const d = sharedDeadlines(() => t)
  const a = d.start(150)
  t += 100
  a.end()
  await wait(250)
  assert.not.ok(a.signal.aborted)
  assert.not.ok(a.spent())
})

test('a hundred requests listening on one group: no leak warning', async () => {
  const warnings: string[] = []
  const onWarning = (w: Error) => void warnings.push(w.name)
  process.on('warning', onWarning)
  const d = sharedDeadlines()
  const members = Array.from({ length: 100 }, () => d.start(120_000))
  const listeners = members.map(() => () => undefined)
  members.forEach((m, i) => m.signal.addEventListener('abort', listeners[i], { once: true }))
  await new Promise((r) => setImmediate(r))
  process.off('warning', onWarning)
  members.forEach((m, i) => m.signal.removeEventListener('abort', listeners[i]))
  d.stop()
  assert.equal(warnings, [])
})

test('whenSpent: called once when the budget is spent; a stopped watch, or a run that stopped, never calls', async () => {
  let t = 0
  const d = sharedDeadlines(() => t)
  const a = d.start(100)
  const b = d.start(100)
  const calls: string[] = []
  a.whenSpent(() => calls.push('a'))
  const stop = b.whenSpent(() => calls.push('b'))
  stop()
  assert.is(budgetOfSignal(a.signal)?.ms, 100)
  for (let i = 0; i < 60 && !a.spent(); i++) await wait(20)
  assert.equal(calls, ['a'])
  b.whenSpent(() => calls.push('late'))
  assert.equal(calls, ['a', 'late'])
  t += 10_000
  const c = d.start(100)
  c.whenSpent(() => calls.push('c'))
  // the run ended: its timers stopped, so nothing is spent and no watcher is called
  d.stop()
  await wait(250)
  assert.equal(calls, ['a', 'late'])
  assert.not.ok(c.signal.aborted)
})

test.run()
