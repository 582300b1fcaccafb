// The `startup` scenario's program: 10 cost resources (3 folder → report → alert chains and a
// folder), as TypeScript: the compiled CLI loads it through tsx.
import { stack, secret } from 'trellis'
import { cost } from 'trellis/cost'

// three folder -> report -> alert chains, then a lone folder
const chains = [0, 1, 2].flatMap((i) => {
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
  return [folder, report, alert]
})
const lone = cost.folder('f3', { title: 'Folder 3', workspaceToken: 'wrkspc_default' })

export default stack('ten', { providers: { cost: cost.provider({ apiToken: secret('bench-token') }) } }).add(
  ...chains,
  lone,
)
