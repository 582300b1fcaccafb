/**
 * `npm test`: the unit tier, then the slow tier, each in a process of its own (a leak or a crash in
 * one cannot hide in the other), their output passed through; the last line totals both.
 */
import { spawn } from 'node:child_process'
import type { Tier } from './tiers'

const TOTALS = /(\d+) passed, (\d+) failed(?:, (\d+) skipped)?(?:, (\d+) leaked)?/

interface TierResult {
  readonly code: number
  readonly counts: ReadonlyArray<number>
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
      const lines = tail.trim().split('\n')
      const m = TOTALS.exec(lines[lines.length - 1] ?? '')
      // no totals line: the tier crashed; it counts as failed
      resolve({ code: m ? (code ?? 1) : 1, counts: m ? m.slice(1).map((x) => Number(x ?? 0)) : [0, 1, 0, 0] })
    })
  })

export const runTiers = async (script: string): Promise<number> => {
  const sum = [0, 0, 0, 0]
  let code = 0
  for (const tier of ['unit', 'slow'] as const) {
    const started = Date.now()
    const r = await runTier(script, tier)
    console.log(`${tier} tier: ${((Date.now() - started) / 1000).toFixed(1)} s, exit ${r.code}\n`)
    r.counts.forEach((n, i) => (sum[i] += n))
    code ||= r.code
  }
  const [passed, failed, skipped, leaked] = sum
  console.log(
    `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}${leaked ? `, ${leaked} leaked` : ''}`,
  )
  return code
}
