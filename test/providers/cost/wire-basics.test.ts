import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { emulated, roundTrip, call } from './helpers'
import { costProvider } from '#trellis/engine'
const { Folder, CostReport } = costProvider.resources

test('Folder round trip against the emulator', async () => {
  const { client, emu } = emulated()
  const r = await roundTrip(
    Folder,
    client,
    { title: 'Finance', workspaceToken: 'wrkspc_default' },
    { title: 'Finance 2', workspaceToken: 'wrkspc_default', savedFilterTokens: [] },
  )
  assert.match(r.id, /^fldr_/)
  assert.is(emu.objects().filter((o) => o.kind === 'folders').length, 0)
})

test('CostReport round trip: server defaults do not show as inputs; the full-state PUT keeps chart type', async () => {
  const { client } = emulated()
  const folder = (await call(
    client,
    Folder.wire.create({ title: 'F', workspaceToken: 'wrkspc_default' }, { config: {} }),
  )) as { token: string }
  const r = await roundTrip(
    CostReport,
    client,
    {
      title: 'Monthly',
      folderToken: folder.token,
      filter: "costs.provider = 'aws'",
      chartType: 'bar',
      groupings: 'service,provider',
    },
    {
      title: 'Monthly',
      folderToken: folder.token,
      chartType: 'bar',
      settings: { amortize: false },
      startDate: '2024-01-01',
      endDate: '2024-03-31',
    },
  )
  assert.match(r.id, /^rprt_/)
  assert.equal(r.updated, {
    title: 'Monthly',
    folderToken: folder.token,
    chartType: 'bar',
    settings: { amortize: false },
    startDate: '2024-01-01',
    endDate: '2024-03-31',
  })
})

test.run()
