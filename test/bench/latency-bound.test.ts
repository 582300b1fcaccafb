/**
 * latency-apply's lower bound (bench/latency-bound.ts): whole rounds of requests, not fractions of
 * them; never above what a schedule of the scenario's chains reaches, never beaten by any schedule.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { latencyLowerBoundMs } from '../../bench/latency-bound'
import { prng } from '../../clients/prng'

const test = suite('bench latency bound')

/** The scenario's shape: groups of three (folder → report → alert), the last group cut at n. */
const chains = (n: number): number[][] => {
  const deps: number[][] = []
  for (let i = 0; i < n; i++) deps.push(i % 3 === 0 ? [] : [i - 1])
  return deps
}
const chainLength = (deps: number[][]): number[] => {
  // how many requests, itself included, must still follow one another from each request on
  const rest = deps.map(() => 1)
  for (let i = deps.length - 1; i >= 0; i--) for (const d of deps[i]) rest[d] = Math.max(rest[d], rest[i] + 1)
  return rest
}

/**
 * Requests on `concurrency` places, each taking `took(i)` ≥ latency; a free place takes the ready
 * request first in `order`. Returns when the last one ends.
 */
const schedule = (deps: number[][], concurrency: number, took: (i: number) => number, order: number[]): number => {
  const n = deps.length
  const end = new Array<number>(n).fill(Infinity)
  const started = new Array<boolean>(n).fill(false)
  const places = new Array<number>(concurrency).fill(0)
  for (let done = 0; done < n; done++) {
    // the earliest free place, and the first request in order ready by then (or the soonest ready)
    const p = places.indexOf(Math.min(...places))
    const readyAt = (i: number) => Math.max(0, ...deps[i].map((d) => end[d]))
    let pick = order.find((i) => !started[i] && readyAt(i) <= places[p]) ?? -1
    if (pick < 0) {
      let soonest = Infinity
      for (const i of order)
        if (!started[i] && readyAt(i) < soonest) {
          soonest = readyAt(i)
          pick = i
        }
    }
    started[pick] = true
    end[pick] = Math.max(places[p], readyAt(pick)) + took(pick)
    places[p] = end[pick]
  }
  return Math.max(...end)
}

test('whole rounds: 1,000 requests at 64 in flight take 16 rounds of 20 ms, not 15.625', () => {
  assert.is(latencyLowerBoundMs(1000, 64, 20, 3), 320)
  assert.is(latencyLowerBoundMs(1000, 16, 20, 3), 1260)
  assert.is(latencyLowerBoundMs(1000, 4, 20, 3), 5000)
  assert.is(latencyLowerBoundMs(1000, 1, 20, 3), 20_000)
  // few requests: the chain decides
  assert.is(latencyLowerBoundMs(3, 64, 20, 3), 60)
  assert.is(latencyLowerBoundMs(130, 64, 20, 3), 60)
})

test('reached: the longest remaining chain first finishes the scenario’s chains at the bound', () => {
  for (const n of [1, 2, 3, 10, 100, 500, 999, 1000])
    for (const c of [1, 4, 16, 64]) {
      const deps = chains(n)
      const rest = chainLength(deps)
      const order = deps.map((_, i) => i).sort((a, b) => rest[b] - rest[a] || a - b)
      const ms = schedule(deps, c, () => 20, order)
      assert.is(ms, latencyLowerBoundMs(n, c, 20, Math.min(3, n)), `n=${n} c=${c}`)
    }
})

test('never beaten: no order of the requests, whatever each takes past the latency, ends sooner', () => {
  const random = prng(19)
  for (let k = 0; k < 200; k++) {
    const n = 1 + Math.floor(random() * 300)
    const c = 1 + Math.floor(random() * 70)
    const deps = chains(n)
    const order = deps.map((_, i) => i)
    for (let i = n - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1))
      ;[order[i], order[j]] = [order[j], order[i]]
    }
    const took = deps.map(() => 20 + (random() < 0.5 ? 0 : random() * 5))
    const ms = schedule(deps, c, (i) => took[i], order)
    assert.ok(ms >= latencyLowerBoundMs(n, c, 20, Math.min(3, n)), `n=${n} c=${c}: ${ms}`)
  }
})

test.run()
