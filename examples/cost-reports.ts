/**
 * A folder of cost reports with an alert: a finance folder, two reports in it (one with custom
 * dates and settings), and a cost alert on both that fires when daily costs rise by 20 % (and at
 * least 100 in money). Runs against the emulator with `--emulate`.
 */
import * as cost from 'trellis/cost'
import { stack, secret } from 'trellis'

const token = process.env.COST_API_TOKEN

const ws = cost.getWorkspaces('ws')
// the account's first workspace (the map runs at plan time: an account without one stops the plan here)
const workspace = ws.out.workspaces.map((w) => {
  if (w[0] === undefined) throw new Error('the account has no workspace')
  return w[0].token
})

const finance = cost.folder('finance', { title: 'Finance' }).workspaceToken(workspace)

const monthly = cost
  .costReport('monthly', {
    title: 'Monthly AWS',
    filter: "costs.provider = 'aws'",
    groupings: 'service,region',
    chartType: 'bar',
    dateBin: 'month',
  })
  .folderToken(finance.out.token)
  .settings({ amortize: true, includeCredits: false, aggregateBy: 'cost' })

const q1 = cost
  .costReport('q1', { title: 'Q1 by account', groupings: 'account_id', startDate: '2024-01-01', endDate: '2024-03-31' })
  .folderToken(finance.out.token)
  .chartSettings({ xAxisDimensions: ['date'], yAxisDimension: 'cost' })

const spike = cost
  .costAlert('spike', {
    title: 'Daily spike',
    interval: 'day',
    unitType: 'percentage',
    threshold: 20,
    minimumThreshold: 100,
  })
  .reportTokens([monthly.out.token, q1.out.token])
  .workspaceToken(workspace)
  .emailRecipients(['finops@example.com'])

export default stack('cost-reports', { providers: { cost: cost.provider(token ? { apiToken: secret(token) } : {}) } })
  .add(ws, finance, monthly, q1, spike)
  .export('reports', [monthly.out.token, q1.out.token])
