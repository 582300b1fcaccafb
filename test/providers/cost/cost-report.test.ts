import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { isLeft, isRight } from 'fp-ts/Either'
import { CostReport } from '#src/providers/cost/cost-report'
import { ref as makeRef } from '#trellis'
import { errorPaths, errors } from './helpers'

test('the example inputs are valid', () => {
  assert.equal(errorPaths(CostReport, CostReport.examples.valid), [])
})

test('every invalid example fails on its path', () => {
  for (const [input, path] of CostReport.examples.invalid)
    assert.ok(
      errorPaths(CostReport, input).includes(path),
      `${JSON.stringify(input)} → ${path}: ${JSON.stringify(errors(CostReport, input))}`,
    )
})

test('chartType names the allowed values', () => {
  const [f] = errors(CostReport, { title: 'r', chartType: 'donut' })
  assert.is(f.path, 'chartType')
  assert.is(f.expected, '"area" | "line" | "pie" | "bar" | "multi_bar"')
})

test('dates go with the custom interval or none', () => {
  assert.equal(
    errorPaths(CostReport, { title: 'r', dateInterval: 'custom', startDate: '2024-01-01', endDate: '2024-01-31' }),
    [],
  )
  assert.equal(errorPaths(CostReport, { title: 'r', startDate: '2024-01-01', endDate: '2024-01-31' }), [])
  assert.equal(
    errorPaths(CostReport, { title: 'r', dateInterval: 'this_month', startDate: '2024-01-01', endDate: '2024-01-31' }),
    ['dateInterval'],
  )
})

test('an end date before the start is refused', () => {
  const f = errors(CostReport, { title: 'r', startDate: '2024-02-01', endDate: '2024-01-31' })
  assert.equal(
    f.map((x) => [x.path, x.expected]),
    [['endDate', 'a date not before startDate (2024-02-01)']],
  )
})

test('rules ignore refs', () => {
  assert.equal(
    errorPaths(CostReport, {
      title: 'r',
      dateInterval: makeRef('cost:X/y', ['i']),
      startDate: '2024-01-01',
      endDate: '2024-01-31',
    }),
    [],
  )
})

test('unknown settings fields are refused by name', () => {
  assert.equal(errorPaths(CostReport, { title: 'r', settings: { amortise: true } }), ['settings.amortise'])
})

test('decode drops server defaults the user did not set and keeps what differs', () => {
  const r = CostReport.wire.decode(CostReport.examples.reply, {
    config: {},
    inputs: { title: 'Monthly AWS', folderToken: 'fldr_1', dateInterval: 'last_3_months' },
  })
  if (isLeft(r)) throw new Error(r.left)
  assert.equal(r.right.inputs, {
    title: 'Monthly AWS',
    folderToken: 'fldr_1',
    filter: "costs.provider = 'aws'",
    groupings: 'service,provider',
    chartType: 'bar',
    dateBin: 'month',
    dateInterval: 'last_3_months',
  })
  // the dates the platform computed for the relative interval are outputs, not inputs
  assert.equal(r.right.outputs, {
    token: 'rprt_1a2b3c',
    createdAt: '2024-07-01T00:00:00Z',
    startDate: '2024-05-01',
    endDate: '2024-07-31',
  })
})

test('decode keeps settings the user set even when they equal the defaults', () => {
  const r = CostReport.wire.decode(CostReport.examples.reply, {
    config: {},
    inputs: { title: 't', settings: { amortize: true }, chartSettings: { xAxisDimensions: ['date'] } },
  })
  assert.ok(isRight(r))
  if (isRight(r)) {
    assert.equal(r.right.inputs.settings, { amortize: true })
    assert.equal(r.right.inputs.chartSettings, { xAxisDimensions: ['date'] })
  }
})

test('the update is a full-state PUT: every desired field, removed groupings as "", saved filters left out (computed: the engine sends the platform\'s)', () => {
  const prior = { title: 'a', groupings: 'service', chartType: 'bar' as const }
  const req = CostReport.wire.update!(
    'rprt_1',
    { title: 'b', chartType: 'bar', dateBin: 'day', settings: { amortize: false } },
    { config: {}, prior, outputs: { token: 'rprt_1' } },
  )
  assert.equal(req, {
    _tag: 'Rest',
    method: 'PUT',
    path: '/v2/cost_reports/rprt_1',
    body: {
      title: 'b',
      groupings: '',
      chart_type: 'bar',
      date_bin: 'day',
      settings: { amortize: false },
    },
  })
})

test('dates are sent with the custom interval', () => {
  const req = CostReport.wire.create(
    { title: 'q', workspaceToken: 'wrkspc_1', startDate: '2024-01-01', endDate: '2024-03-31' },
    { config: {} },
  )
  assert.equal((req as { body: unknown }).body, {
    title: 'q',
    date_interval: 'custom',
    start_date: '2024-01-01',
    end_date: '2024-03-31',
    workspace_token: 'wrkspc_1',
  })
})

test.run()
