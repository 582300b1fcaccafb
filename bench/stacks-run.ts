/**
 * The `stacks` scenario's measurement: `stacks` stacks of `n / stacks` cost resources each (the
 * workload's folder → report → alert groups), stack k's first folder reading stack k−1's exported
 * `last` token, planned as one run across stacks (trellis/engine planStacks) on the mock
 * interpreter, fresh state. Building the stacks is setup; the plan is timed (median of three,
 * after one untimed run).
 */
import { stack, type Stack } from 'trellis'
import { cost } from 'trellis/cost'
import { mockEnv, planStacks } from 'trellis/engine'
import { collectGarbage } from './collect-garbage'

/** `count` stacks of `per` resources, each but the first reading the one before's `last` export. */
export const chainedStacks = (count: number, per: number): Stack[] => {
  const out: Stack[] = []
  let prev: Stack<{ readonly last: string }> | undefined
  for (let k = 0; k < count; k++) {
    const folders = Array.from({ length: Math.ceil(per / 2) }, (_, i) =>
      cost.folder(`f${i}`, {
        title: `Folder ${k}.${i}`,
        workspaceToken: i === 0 && prev ? prev.output('last') : 'wrkspc_default',
      }),
    )
    const reports = folders
      .slice(0, per - folders.length)
      .map((f, i) => cost.costReport(`r${i}`, { title: `Report ${k}.${i}`, folderToken: f.out.token }))
    const s = stack(`stack-${k}`)
      .add(...folders, ...reports)
      .export('last', folders[folders.length - 1].out.token)
    out.push(s)
    prev = s
  }
  return out
}

export const runStacks = async (
  n: number,
  count = 50,
): Promise<{ inProcessMs: number; stacks: number; perStack: number; steps: number }> => {
  const per = Math.round(n / count)
  const stacks = chainedStacks(count, per)
  const once = async () => {
    const r = await planStacks(stacks)(mockEnv())()
    if (r._tag === 'Left') throw new Error(`stacks: ${JSON.stringify(r.left).slice(0, 500)}`)
    const failed = r.right.runs.find((x) => x.status !== 'done')
    if (failed)
      throw new Error(`stacks: ${failed.stack} ${failed.status}: ${JSON.stringify(failed.error).slice(0, 500)}`)
    return r.right.runs.reduce((a, x) => a + (x.result?.plan.steps.length ?? 0), 0)
  }
  let steps = await once()
  const walls: number[] = []
  for (let i = 0; i < 3; i++) {
    collectGarbage()
    const t0 = performance.now()
    steps = await once()
    walls.push(performance.now() - t0)
  }
  const inProcessMs = Math.round([...walls].sort((x, y) => x - y)[1] * 10) / 10
  return { inProcessMs, stacks: count, perStack: per, steps }
}
