// The `startup` scenario's program: 10 cost resources (3 folder → report → alert chains and a
// folder), as plain JavaScript, so the compiled CLI loads it without tsx.
import { stack, secret } from 'trellis'
import { cost } from 'trellis/cost'

const items = []
for (let i = 0; i < 3; i++) {
  const folder = cost.folder(`f${i}`, { title: `Folder ${i}`, workspaceToken: 'wrkspc_default' })
  const report = cost.costReport(`r${i}`, { title: `Report ${i}`, folderToken: folder.out.token })
  const alert = cost.costAlert(`a${i}`, {
    title: `Alert ${i}`,
    interval: 'day',
    unitType: 'percentage',
    threshold: 20,
    reportTokens: [report.out.token],
    workspaceToken: 'wrkspc_default',
  })
  items.push(folder, report, alert)
}
items.push(cost.folder('f3', { title: 'Folder 3', workspaceToken: 'wrkspc_default' }))

export default stack('ten', { providers: { cost: cost.provider({ apiToken: secret('bench-token') }) } }).add(...items)
