/**
 * `npm test`: the unit tier, then the slow tier (`npm run test:all`: then the extended tier), each
 * in a process of its own (a leak or a crash in one cannot hide in another), their output passed
 * through; the last line totals them.
 */
import { spawn } from 'node:child_process'
import type { Tier } from './tiers'
import { addCounts, noCounts, parseTotals, totalsLine, type Counts } from './totals'

interface TierResult {
  readonly code: number
  readonly counts: Counts
}

const runTier = (script: string, tier: Tier): Promise<TierResult> =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, '--tier', tier], {
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let tail = ''
    child.stdout.on('data', (b: Buffer) => {
      process.stdout.write(b)
      tail = (tail + b.toString()).slice(-500)
    })
    child.on('close', (code) => {
      const counts = parseTotals(tail.trim().split('\n').pop() ?? '')
      // no totals line: the tier crashed; it counts as failed
      resolve(counts ? { code: code ?? 1, counts } : { code: 1, counts: { ...noCounts(), failed: 1 } })
    })
  })

export const runTiers = async (script: string, tiers: ReadonlyArray<Tier>): Promise<number> => {
  let sum = noCounts()
  let code = 0
  for (const tier of tiers) {
    const started = Date.now()
    const r = await runTier(script, tier)
    console.log(`${tier} tier: ${((Date.now() - started) / 1000).toFixed(1)} s, exit ${r.code}\n`)
    sum = addCounts(sum, r.counts)
    code ||= r.code
  }
  console.log(totalsLine(sum))
  return code
}
