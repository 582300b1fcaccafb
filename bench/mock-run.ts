/**
 * The `mock` scenario's measurement, shared by bench/scenario.ts (through tsx) and
 * bench/mock-main.ts (the compiled-JS entry of the peer comparison): build the workload, then
 * time `mock(stack)` — compile + plan + apply on the mock handler + the exported outputs.
 * `workload`: the cost chains of round one, or the mixed shapes (every type of the three providers).
 */
import { formatEngineError, makeRegistry, mockWith, registry as allProviders } from 'trellis'
import { cost } from 'trellis/cost'
import { costWorkload } from './workload'
import { mixedWorkload } from './mixed-workload'

export const runMock = async (
  n: number,
  workload: 'cost' | 'mixed' = 'cost',
): Promise<{ inProcessMs: number; buildMs: number; steps: number; created: number }> => {
  const registry = workload === 'mixed' ? allProviders : makeRegistry([cost.spec])
  const t0 = performance.now()
  const s = workload === 'mixed' ? mixedWorkload(n) : costWorkload(n)
  const buildMs = Math.round((performance.now() - t0) * 10) / 10
  const t1 = performance.now()
  const r = await mockWith(registry)(s)()
  const inProcessMs = Math.round((performance.now() - t1) * 10) / 10
  // the Either read by its tag, not fp-ts's isLeft: compiled, `import 'fp-ts/Either'` is an ES module
  // importing fp-ts's CommonJS file, which made Node run its export lexer over it, cold (~190 M
  // instructions, the measured process's own cost of one check)
  if (r._tag === 'Left') throw new Error(formatEngineError(r.left))
  if (r.right.outputs[workload === 'mixed' ? 'last' : 'lastAlert'] === undefined)
    throw new Error('the exported output was not resolved')
  return {
    inProcessMs,
    buildMs,
    steps: r.right.plan.steps.length,
    created: r.right.journal.filter((j) => j.action === 'create' && j.status === 'done').length,
  }
}

export const peakRssMb = (): number => Math.round((process.resourceUsage().maxRSS / 1024) * 10) / 10
