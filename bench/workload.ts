/**
 * The benchmark workload: groups of three cost resources, folder → cost report (folderToken =
 * folder.token) → cost alert (reportTokens = [report.token]), so two thirds of the resources
 * consume another's output. A trailing partial group makes the count exactly `n`.
 */
import { secret, stack, type Stack } from 'trellis'
import { cost } from 'trellis/cost'
import type { HasNode } from '../src/core/stack'

/** the bearer token the benchmark's emulator accepts */
export const BENCH_TOKEN = 'bench-token'

const providers = () => ({ cost: cost.provider({ apiToken: secret(BENCH_TOKEN) }) })

/** n resources in chains folder → report → alert; the last node's token is exported (`lastAlert`) */
export const costWorkload = (n: number, name = 'bench'): Stack => {
  const items: HasNode[] = []
  let last: { readonly out: { readonly token: unknown } } | undefined
  for (let i = 0; items.length < n; i++) {
    const folder = cost.folder(`f${i}`, { title: `Folder ${i}` })
    items.push(folder)
    last = folder
    if (items.length === n) break
    const report = cost.costReport(`r${i}`, { title: `Report ${i}`, folderToken: folder.out.token })
    items.push(report)
    last = report
    if (items.length === n) break
    const alert = cost.costAlert(`a${i}`, {
      title: `Alert ${i}`,
      interval: 'day',
      unitType: 'percentage',
      threshold: 20,
      reportTokens: [report.out.token],
      workspaceToken: 'wrkspc_default',
    })
    items.push(alert)
    last = alert
  }
  const s = stack(name, { providers: providers() }).add(...items)
  return last ? s.export('lastAlert', last.out.token) : s
}

/** n independent cost reports (the refresh scenario) */
export const reportsWorkload = (n: number, name = 'reports'): Stack => {
  const items: HasNode[] = []
  for (let i = 0; i < n; i++)
    items.push(cost.costReport(`r${i}`, { title: `Report ${i}`, workspaceToken: 'wrkspc_default' }))
  return stack(name, { providers: providers() }).add(...items)
}

/**
 * n resources built the way programs grow a stack: a loop that adds one small group at a time
 * (`unit` resources: chains folder → report → alert) to the stack it got back from the last `add`.
 */
export const costBuildLoop = (n: number, unit = 21, name = 'loop'): { stack: Stack; adds: number } => {
  let s = stack(name, { providers: providers() })
  let count = 0
  let adds = 0
  for (let i = 0; count < n; adds++) {
    const group: HasNode[] = []
    while (group.length < unit && count + group.length < n) {
      const folder = cost.folder(`f${i}`, { title: `Folder ${i}` })
      const report = cost.costReport(`r${i}`, { title: `Report ${i}`, folderToken: folder.out.token })
      const alert = cost.costAlert(`a${i}`, {
        title: `Alert ${i}`,
        interval: 'day',
        unitType: 'percentage',
        threshold: 20,
        reportTokens: [report.out.token],
        workspaceToken: 'wrkspc_default',
      })
      group.push(folder, report, alert)
      i++
    }
    group.length = Math.min(group.length, n - count)
    s = s.add(...group)
    count += group.length
  }
  return { stack: s, adds }
}
