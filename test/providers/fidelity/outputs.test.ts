/**
 * What users read back (issue 14 items 8 and 9): the upstream schemas' attributes that trellis
 * carries, round-tripped through the emulator without drift.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { validateValue } from '#trellis/engine'
import { call, emulated, roundTrip } from '../cost/helpers'
import { setup as cloudSetup } from '../cloud/harness'
import { costProvider, cloudProvider } from '#trellis/engine'
const { BusinessMetric, CostReport } = costProvider.resources
const { ApiGatewayApiKey } = cloudProvider.resources

const ctx = { config: {} }

test('BusinessMetric: attached reports carry calculationType and label, sent and read back unchanged', async () => {
  const { client } = emulated()
  const rp = (
    (await call(client, CostReport.wire.create({ title: 'r', workspaceToken: 'wrkspc_default' }, ctx))) as {
      token: string
    }
  ).token
  const attached = {
    costReportToken: rp,
    unitScale: 'per_thousand' as const,
    calculationType: 'gross_margin' as const,
    label: 'Gross Margin',
  }
  const r = await roundTrip(
    BusinessMetric,
    client,
    { title: 'Revenue', costReportTokensWithMetadatas: [attached] },
    {
      title: 'Revenue',
      costReportTokensWithMetadatas: [{ ...attached, calculationType: 'raw_business_metric' as const, label: 'Raw' }],
    },
  )
  assert.equal(r.created.costReportTokensWithMetadatas, [attached])
  assert.equal(r.updated?.costReportTokensWithMetadatas, [
    { ...attached, calculationType: 'raw_business_metric', label: 'Raw' },
  ])
  // the platform's default (unit_cost) does not show as a change when nothing was sent
  const plain = await roundTrip(
    BusinessMetric,
    client,
    { title: 'Plain', costReportTokensWithMetadatas: [{ costReportToken: rp }] },
    undefined,
  )
  assert.equal(plain.created.costReportTokensWithMetadatas, [{ costReportToken: rp }])
  assert.equal(
    validateValue(BusinessMetric.inputs, {
      title: 'x',
      costReportTokensWithMetadatas: [{ costReportToken: rp, calculationType: 'margin' }],
    }).map((f) => f.path),
    ['costReportTokensWithMetadatas.0.calculationType'],
  )
})

test('CostReport: a relative dateInterval reads back with the dates the platform computed, as outputs only', async () => {
  const { client } = emulated()
  const inputs = { title: 'Quarter', workspaceToken: 'wrkspc_default', dateInterval: 'last_3_months' as const }
  const r = await roundTrip(CostReport, client, inputs, undefined)
  assert.match(String(r.outputs.startDate), /^\d{4}-\d{2}-\d{2}$/)
  assert.match(String(r.outputs.endDate), /^\d{4}-\d{2}-\d{2}$/)
  assert.ok(String(r.outputs.startDate) < String(r.outputs.endDate))
  // the inputs stay as given: the moving dates are no drift
  assert.is(r.created.startDate, undefined)
})

test('ApiGatewayApiKey: accessKeyType is an output, `auto` when none was given', async () => {
  const h = cloudSetup()
  const k = await h.create(ApiGatewayApiKey, { secretName: 'reader' })
  assert.is(k.outputs.accessKeyType, 'auto')
  const read = await h.read(ApiGatewayApiKey, k.id, { secretName: 'reader' })
  assert.is(read.outputs.accessKeyType, 'auto')
})

test.run()
