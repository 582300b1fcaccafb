import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { ref as makeRef } from '#trellis'
import { errorPaths, errors, planFindings, warnings } from './helpers'
import { costProvider } from '#trellis/engine'
const { BillingRule, CostAlert, Budget, KubernetesEfficiencyReport, NetworkFlowReport, Invoice, CustomProvider } =
  costProvider.resources

// ── BillingRule ──────────────────────────────────────────────────────────────
const charge = { title: 'Fee', amount: 300, category: 'Support', subCategory: 'Premium', service: 'Support' }

test('BillingRule: type is case-insensitive in the codec and in equality', () => {
  for (const type of ['charge', 'Charge', 'CHARGE']) assert.equal(errorPaths(BillingRule, { ...charge, type }), [])
  const [f] = errors(BillingRule, { ...charge, type: 'refund' })
  assert.equal([f.path, f.expected], ['type', 'one of charge, credit, exclusion, adjustment, custom (any letter case)'])
  assert.ok(BillingRule.equals!.type!('charge', 'Charge'))
  assert.not.ok(BillingRule.equals!.type!('charge', 'Credit'))
})

test('BillingRule: charge and credit need amount, category, subCategory and service', () => {
  assert.equal(errorPaths(BillingRule, { title: 'x', type: 'Credit' }), [
    'amount',
    'category',
    'subCategory',
    'service',
  ])
  assert.equal(
    errors(BillingRule, { title: 'x', type: 'charge', amount: 1, category: 'c', subCategory: 's' })[0].expected,
    'service for a charge rule',
  )
})

test('BillingRule: exclusion needs chargeType, adjustment needs percentage, custom needs sqlQuery', () => {
  assert.equal(errorPaths(BillingRule, { title: 'x', type: 'exclusion' }), ['chargeType'])
  assert.equal(errorPaths(BillingRule, { title: 'x', type: 'exclusion', chargeType: 'RIFee' }), [])
  assert.equal(errorPaths(BillingRule, { title: 'x', type: 'Adjustment' }), ['percentage'])
  assert.equal(errorPaths(BillingRule, { title: 'x', type: 'Adjustment', percentage: 75 }), [])
  assert.equal(errorPaths(BillingRule, { title: 'x', type: 'custom' }), ['sqlQuery'])
})

test('BillingRule: custom SQL other than one UPDATE statement is refused on sqlQuery, saying what it is', () => {
  const [f] = errors(BillingRule, { title: 'x', type: 'custom', sqlQuery: 'DELETE FROM costs' })
  assert.equal(
    [f.path, f.expected, f.message],
    ['sqlQuery', 'one SQL UPDATE statement (UPDATE <table> SET …)', 'is a DELETE statement.'],
  )
})

test('BillingRule: startPeriod is accepted with a warning pointing to startDate', () => {
  const w = warnings(BillingRule, { ...charge, type: 'charge', startPeriod: '2024-05-01' })
  assert.equal(
    w.map((x) => [x.path, x.severity, x.expected]),
    [['startPeriod', 'warning', 'startDate (startPeriod is deprecated)']],
  )
  assert.equal(errorPaths(BillingRule, { ...charge, type: 'charge', startPeriod: '2024-05-01' }), [])
  assert.equal(warnings(BillingRule, { ...charge, type: 'charge', startDate: '2024-05-01' }), [])
})

test('BillingRule: amounts compare numerically against decimal strings', () => {
  assert.ok(BillingRule.equals!.amount!(300, '300.0'))
  assert.not.ok(BillingRule.equals!.amount!(300, '300.5'))
})

test('BillingRule: rules ignore a type given as a ref', () => {
  assert.equal(errorPaths(BillingRule, { title: 'x', type: makeRef('cost:X/y', ['t']) }), [])
})

// ── CostAlert ────────────────────────────────────────────────────────────────
const alert = { title: 'a', interval: 'week', threshold: 10, reportTokens: ['rprt_1'], workspaceToken: 'wrkspc_1' }

test('CostAlert: minimumThreshold only with unitType percentage', () => {
  assert.equal(errorPaths(CostAlert, { ...alert, unitType: 'percentage', minimumThreshold: 50 }), [])
  const [f] = errors(CostAlert, { ...alert, unitType: 'currency', minimumThreshold: 50 })
  assert.equal([f.path, f.expected], ['minimumThreshold', 'no minimumThreshold unless unitType is `percentage`'])
})

test('CostAlert: interval and unitType are enums', () => {
  assert.equal(
    errors(CostAlert, { ...alert, unitType: 'currency', interval: 'year' })[0].expected,
    '"day" | "week" | "month" | "quarter"',
  )
  assert.equal(errors(CostAlert, { ...alert, unitType: 'dollars' })[0].expected, '"currency" | "percentage"')
})

// ── Budget ───────────────────────────────────────────────────────────────────
test('Budget: childBudgetTokens make it hierarchical; report and periods then warn', () => {
  const w = warnings(Budget, {
    name: 'all',
    childBudgetTokens: ['bdgt_1'],
    costReportToken: 'rprt_1',
    periods: [{ startAt: '2024-01-01', amount: 1 }],
  })
  assert.equal(
    w.map((x) => x.path),
    ['costReportToken', 'periods'],
  )
  assert.ok(w.every((x) => x.severity === 'warning' && x.message!.includes('hierarchical')))
  assert.equal(
    warnings(Budget, { name: 'b', costReportToken: 'rprt_1', periods: [{ startAt: '2024-01-01', amount: 1 }] }),
    [],
  )
})

test('Budget: period dates are YYYY-MM-DD and in order', () => {
  assert.equal(
    errors(Budget, { name: 'b', periods: [{ startAt: '2024-1-1', amount: 1 }] })[0].expected,
    'a date YYYY-MM-DD',
  )
  assert.equal(
    errorPaths(Budget, { name: 'b', periods: [{ startAt: '2024-02-01', endAt: '2024-01-01', amount: 1 }] }),
    ['periods.0.endAt'],
  )
})

// ── reports ──────────────────────────────────────────────────────────────────
test('KubernetesEfficiencyReport: dateInterval excludes dates; label:<name> groupings', () => {
  const base = { title: 'k', workspaceToken: 'wrkspc_1' }
  assert.equal(
    errorPaths(KubernetesEfficiencyReport, {
      ...base,
      startDate: '2024-01-01',
      endDate: '2024-01-31',
      groupings: ['label:team', 'namespace'],
    }),
    [],
  )
  assert.equal(
    errorPaths(KubernetesEfficiencyReport, {
      ...base,
      dateInterval: 'this_month',
      startDate: '2024-01-01',
      endDate: '2024-01-31',
    }),
    ['dateInterval'],
  )
  assert.equal(errors(KubernetesEfficiencyReport, { ...base, groupings: ['label:'] })[0].path, 'groupings.0')
})

test('NetworkFlowReport: dates only with custom or no interval; 23 groupings', () => {
  const base = { title: 'n', workspaceToken: 'wrkspc_1' }
  assert.equal(
    errorPaths(NetworkFlowReport, { ...base, dateInterval: 'custom', startDate: '2024-01-01', endDate: '2024-01-02' }),
    [],
  )
  assert.equal(
    errorPaths(NetworkFlowReport, {
      ...base,
      dateInterval: 'last_7_days',
      startDate: '2024-01-01',
      endDate: '2024-01-02',
    }),
    ['dateInterval'],
  )
  assert.equal(errorPaths(NetworkFlowReport, { ...base, groupings: ['srcaddr', 'traffic_path', 'vpc_id'] }), [])
  assert.equal(errorPaths(NetworkFlowReport, { ...base, groupings: ['cluster_id'] }), ['groupings.0'])
})

// ── Invoice ──────────────────────────────────────────────────────────────────
test('Invoice: whole calendar months, start not after end', () => {
  const ok = { accountToken: 'acct_1', billingPeriodStart: '2024-02-01', billingPeriodEnd: '2024-02-29' }
  assert.equal(errorPaths(Invoice, ok), [])
  assert.equal(
    errors(Invoice, { ...ok, billingPeriodEnd: '2024-02-28' })[0].expected,
    'the last day of a month (e.g. 2024-02-29)',
  )
  assert.equal(
    errors(Invoice, { ...ok, billingPeriodStart: '2024-02-02' })[0].expected,
    'the first day of a month (e.g. 2024-02-01)',
  )
  assert.equal(errorPaths(Invoice, { ...ok, billingPeriodStart: '2024-03-01' }), ['billingPeriodEnd'])
})

test('Invoice: no update, no delete: every input replaces, delete forgets', () => {
  assert.is(Invoice.wire.update, undefined)
  assert.is(Invoice.wire.delete, 'forget')
  assert.equal([...Invoice.replaceOn].sort(), ['accountToken', 'billingPeriodEnd', 'billingPeriodStart'])
})

// ── CustomProvider ───────────────────────────────────────────────────────────
test('CustomProvider: name and description are kept on update', () => {
  assert.equal([...CustomProvider.keepOnUpdate!].sort(), ['description', 'name'])
})

test('CustomProvider: removing every workspace once set is refused at plan time, with the reason', () => {
  const f = planFindings(CustomProvider, { name: 'c' }, { name: 'c', workspaces: ['wrkspc_1'] })
  assert.equal(
    f.map((x) => [x.path, x.expected]),
    [['workspaces', 'at least one workspace token (now wrkspc_1)']],
  )
  assert.ok(f[0].message!.includes('requires at least one workspace'))
  assert.equal(
    planFindings(CustomProvider, { name: 'c', workspaces: ['wrkspc_2'] }, { name: 'c', workspaces: ['wrkspc_1'] }),
    [],
  )
  assert.equal(planFindings(CustomProvider, { name: 'c' }, { name: 'c' }), [])
  assert.equal(errorPaths(CustomProvider, { name: 'c', workspaces: [] }), ['workspaces'])
})

test.run()
