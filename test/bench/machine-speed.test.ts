/**
 * bench/machine-speed.ts: the fixed loop runs in a fresh node and gives a time (not a timed test:
 * nothing is asserted about how long it took, only that a time came back as a number).
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { machineSpeedMs } from '../../bench/machine-speed'

const test = suite('bench machine speed')

test('gives the loop time in milliseconds, one decimal', () => {
  const ms = machineSpeedMs(1)
  assert.ok(Number.isFinite(ms) && ms > 0, `expected a positive time, got ${ms}`)
  assert.is(Math.round(ms * 10) / 10, ms)
})

test.run()
