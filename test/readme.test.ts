/**
 * The README's examples, as a newcomer would write them: package imports (`trellis`,
 * `trellis/cost`, `trellis/testing`), the 10-line stack, and a mock-interpreter test of it.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { stack } from 'trellis'
import * as cost from 'trellis/cost'
import { runMock, expectPlan } from 'trellis/testing'

const finance = cost.folder('finance', { title: 'Finance' })
const monthly = cost
  .costReport('monthly', { title: 'Monthly AWS', filter: "costs.provider = 'aws'" })
  .folderToken(finance.out.token)
  .settings({ amortize: true, includeCredits: false })
const myStack = stack('finance', { providers: { cost: cost.fromEnv({ COST_API_TOKEN: 'from-env' }) } }).add(
  finance,
  monthly,
)

test('README: the finance stack creates a folder and a monthly report inside it', async () => {
  const run = await runMock(myStack)
  expectPlan(run).toCreate('cost:Folder', 'finance', { title: 'Finance' }).toCreate('cost:CostReport', 'monthly')
  const again = await runMock(myStack, { state: run.state })
  expectPlan(again).toHaveNoChanges()
  assert.is(
    run.state.resources['cost:CostReport/monthly'].inputs.folderToken,
    run.state.resources['cost:Folder/finance'].outputs.token,
  )
})

test('README: custom mocks shape outputs', async () => {
  const run = await runMock(myStack, {
    mocks: { newResource: ({ token, name }) => (token === 'cost:Folder' ? { id: `fldr_${name}` } : undefined) },
  })
  assert.is(run.state.resources['cost:Folder/finance'].id, 'fldr_finance')
})

test('bridgeConfig gives the underlying engine key names', () => {
  const b = cost.bridgeConfig(cost.provider({ apiToken: 'sekret-123', timeout: '5m' }))
  assert.equal(Object.keys(b).sort(), ['api_token', 'host', 'timeout'])
  assert.is(b.timeout, '5m')
  assert.is(b.host, 'https://api.vantage.sh')
  assert.not.ok(JSON.stringify(b).includes('sekret-123'))
})

test.run()
