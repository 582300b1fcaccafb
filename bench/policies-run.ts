/**
 * The `policies` scenario's measurement: the three starter packs (trellis/policies) evaluated over
 * the plan of the mixed shapes (every resource type of the three providers, lookups, refs). The mock
 * run that makes the plan is setup; only `evaluatePolicies(packs)(plan)` is timed, as the pipeline's
 * policies stage runs it. The findings are counted by status, so a pack that stops finding anything
 * (every check waiting for apply, say) shows in the numbers.
 */
import { evaluatePolicies, mockWith, registry } from 'trellis'
import { cloudPack, costPack, hostingPack } from 'trellis/policies'
import { mixedWorkload } from './mixed-workload'
import { orThrow } from './bench-env'
import { collectGarbage } from './collect-garbage'

export const runPolicies = async (
  n: number,
): Promise<{
  inProcessMs: number
  cpuMs: number
  firstMs: number
  steps: number
  findings: Record<string, number>
}> => {
  const run = orThrow(await mockWith(registry)(mixedWorkload(n))())
  const packs = [cloudPack, hostingPack(), costPack]
  // the first evaluation (cold: the checks not compiled yet, as in a CLI's one evaluation per plan)
  // is reported apart
  const first = performance.now()
  evaluatePolicies(packs)(run.plan)
  const firstMs = Math.round((performance.now() - first) * 10) / 10
  // five timed evaluations, each after a collection, the medians reported; CPU time beside wall
  // time: on a shared machine a process often waits for a core
  const walls: number[] = []
  const cpus: number[] = []
  let r = evaluatePolicies(packs)(run.plan)
  for (let i = 0; i < 5; i++) {
    collectGarbage()
    const c0 = process.cpuUsage()
    const t0 = performance.now()
    r = evaluatePolicies(packs)(run.plan)
    walls.push(performance.now() - t0)
    const c = process.cpuUsage(c0)
    cpus.push((c.user + c.system) / 1000)
  }
  const median = (xs: number[]) => Math.round([...xs].sort((x, y) => x - y)[2] * 10) / 10
  const inProcessMs = median(walls)
  const cpuMs = median(cpus)
  if (r._tag === 'Left') throw new Error(`policies: ${JSON.stringify(r.left.issues)}`)
  const findings: Record<string, number> = {}
  for (const f of r.right.findings) findings[`${f.policy} ${f.status}`] = (findings[`${f.policy} ${f.status}`] ?? 0) + 1
  return { inProcessMs, cpuMs, firstMs, steps: run.plan.steps.length, findings }
}
