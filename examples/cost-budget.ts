/**
 * A budget for the AWS bill: a cost report of AWS costs and a budget with monthly periods over it
 * (the last period without an end date: the platform fills in the month's end). `npx trellis plan
 * examples/cost-budget.ts --emulate` runs it against the built-in emulator; with COST_API_TOKEN set
 * it speaks to the real platform.
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

const aws = cost
  .costReport('aws', {
    title: 'AWS costs',
    filter: "costs.provider = 'aws'",
    groupings: 'service',
    dateBin: 'month',
    dateInterval: 'last_3_months',
  })
  .workspaceToken(workspace)

const budget = cost
  .budget('aws-q3', {
    name: 'AWS Q3 2024',
    periods: [
      { startAt: '2024-07-01', endAt: '2024-07-31', amount: 10000 },
      { startAt: '2024-08-01', endAt: '2024-08-31', amount: 10500 },
      { startAt: '2024-09-01', amount: 11000 },
    ],
  })
  .costReportToken(aws.out.token)
  .workspaceToken(workspace)

export default stack('cost-budget', { providers: { cost: cost.provider(token ? { apiToken: secret(token) } : {}) } })
  .add(ws, aws, budget)
  .export('budget', budget.out.token)
