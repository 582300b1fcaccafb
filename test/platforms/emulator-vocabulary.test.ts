/**
 * The emulators are the specs' oracle, so their vocabulary is the platforms' own: the cost
 * emulator's enumerations typed as unions in @vantage-sh/vantage-client are checked by tsc
 * (clients/emulators/exactly.ts); what the client states only in its doc text — `@default` tags,
 * "Valid groupings: …", "Defaults to '…'" — is read here from its declarations and compared with
 * what the emulator restates and does.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import * as VOCAB from '../../clients/emulators/cost/vocabulary'
import { exactly } from '../../clients/emulators/exactly'
import * as GW from '../../clients/emulators/cloud/apigateway/vocabulary'

const test = suite('emulator vocabulary: the official packages, never the specs')
const dts = readFileSync(
  join(process.cwd(), 'node_modules', '@vantage-sh', 'vantage-client', 'dist', 'index.d.ts'),
  'utf8',
).split('\n')

/** the lines of one request schema (`components.schemas.<name>`), from its opening to its closing brace */
const schema = (name: string): string[] => {
  const start = dts.findIndex((l) => l === `        ${name}: {`)
  assert.ok(start > 0, `the SDK declares ${name}`)
  const end = dts.findIndex((l, i) => i > start && l === '        };')
  return dts.slice(start, end)
}
/** the `@default` tags of a block, by the field each documents */
const defaultsIn = (lines: string[]): Record<string, string> => {
  const out: Record<string, string> = {}
  let pending: string | undefined
  for (const l of lines) {
    const d = /@default (\S+)/.exec(l)
    if (d) pending = d[1]
    const field = /^\s*(\w+)\??: /.exec(l)
    if (field && pending !== undefined) {
      out[field[1]] = pending
      pending = undefined
    }
  }
  return out
}
const textOf = (lines: string[]) => lines.join('\n')
const validGroupings = (name: string): string[] => {
  const m = /Valid groupings: ([^.]+)\./.exec(textOf(schema(name)))
  assert.ok(m, `${name} lists its groupings`)
  return m[1].split(', ').filter((g) => !g.includes('<'))
}
const defaultInterval = (name: string): string => {
  const m = /Defaults to '(\w+)'/.exec(textOf(schema(name)))
  assert.ok(m, `${name} states its default interval`)
  return m[1]
}

test('a cost report: the settings, chart type and date bin the server fills in are the SDK’s @default tags', () => {
  const lines = schema('createCostReport')
  const from = lines.findIndex((l) => /^\s*settings\?: \{$/.test(l))
  const to = lines.findIndex((l, i) => i > from && /^ {12}\};$/.test(l))
  const settings = defaultsIn(lines.slice(from, to))
  const ours = Object.fromEntries(Object.entries(VOCAB.SETTINGS_DEFAULTS).map(([k, v]) => [k, String(v)]))
  assert.equal(ours, settings)
  const top = defaultsIn(lines)
  assert.is(top.chart_type, VOCAB.REPORT_DEFAULTS.chart_type)
  assert.is(top.date_bin, VOCAB.REPORT_DEFAULTS.date_bin)
  assert.is(defaultInterval('createCostReport'), VOCAB.REPORT_DEFAULTS.date_interval)
  assert.ok(/Defaults to \['date'\]/.test(textOf(lines)), "x_axis_dimension defaults to ['date']")
  assert.equal(VOCAB.CHART_DEFAULTS.x_axis_dimension, ['date'])
})

test('a business metric’s report link: unit scale and calculation type default as the SDK tags them', () => {
  const d = defaultsIn(schema('createBusinessMetric'))
  assert.is(d.unit_scale, VOCAB.METRIC_LINK_DEFAULTS.unit_scale)
  assert.is(d.calculation_type, VOCAB.METRIC_LINK_DEFAULTS.calculation_type)
})

test('report groupings and default intervals are the SDK’s descriptions', () => {
  assert.equal([...VOCAB.K8S_GROUPINGS].sort(), validGroupings('createKubernetesEfficiencyReport').sort())
  assert.equal([...VOCAB.FCR_GROUPINGS].sort(), validGroupings('createFinancialCommitmentReport').sort())
  assert.equal([...VOCAB.NFR_GROUPINGS].sort(), validGroupings('createNetworkFlowReport').sort())
  assert.is(defaultInterval('createKubernetesEfficiencyReport'), VOCAB.K8S_DEFAULT_INTERVAL)
  assert.is(defaultInterval('createFinancialCommitmentReport'), VOCAB.FCR_DEFAULT_INTERVAL)
  assert.is(defaultInterval('createNetworkFlowReport'), VOCAB.NFR_DEFAULTS.date_interval)
  assert.ok(/Defaults to costs/.test(textOf(schema('createNetworkFlowReport'))))
  assert.is(VOCAB.NFR_DEFAULTS.flow_weight, 'costs')
})

test('a cost alert’s interval and unit type are the options its description lists', () => {
  const text = textOf(schema('createCostAlert'))
  const options = (field: string) => {
    const m = new RegExp(`used to compare costs\\. Options are ([^.]+)\\.\\s*\\*/\\s*${field}:`).exec(text)
    assert.ok(m, `createCostAlert lists the options of ${field}`)
    return [...m[1].matchAll(/'(\w+)'/g)].map((x) => x[1])
  }
  assert.equal(options('interval'), VOCAB.ALERT_INTERVALS)
  assert.equal(options('unit_type'), VOCAB.ALERT_UNIT_TYPES)
})

const gwModels = readFileSync(
  join(
    process.cwd(),
    'node_modules/tencentcloud-sdk-nodejs/tencentcloud/services/apigateway/v20180808/apigateway_models.d.ts',
  ),
  'utf8',
)
/** the words (latin letters, `&`) of the doc comment over one field of one SDK model */
const gwWords = (model: string, field: string): string[] => {
  const body = new RegExp(`export interface ${model} \\{([\\s\\S]*?)\\n\\}`).exec(gwModels)
  assert.ok(body, `the SDK declares ${model}`)
  const doc = new RegExp(`/\\*\\*((?:(?!\\*/)[\\s\\S])*)\\*/\\s*${field}\\??:`).exec(body[1])
  assert.ok(doc, `${model}.${field} has a description`)
  return [...doc[1].matchAll(/[A-Za-z][A-Za-z&]*/g)].map((m) => m[0])
}

test('the API gateway emulator’s enumerations are the values the SDK’s field descriptions list', () => {
  const rows: Array<[ReadonlyArray<string>, string, string]> = [
    [GW.SERVICE_PROTOCOLS, 'CreateServiceRequest', 'Protocol'],
    [GW.NET_TYPES, 'CreateServiceRequest', 'NetTypes'],
    [GW.AUTH_TYPES, 'CreateApiRequest', 'AuthType'],
    [GW.API_PROTOCOLS, 'CreateApiRequest', 'Protocol'],
    [GW.SERVICE_TYPES, 'CreateApiRequest', 'ServiceType'],
    [GW.ACCESS_KEY_TYPES, 'CreateApiKeyRequest', 'AccessKeyType'],
    [GW.BIND_TYPES, 'BindEnvironmentRequest', 'BindType'],
    [GW.STRATEGY_TYPES, 'CreateIPStrategyRequest', 'StrategyType'],
    [GW.PLUGIN_TYPES, 'CreatePluginRequest', 'PluginType'],
  ]
  for (const [ours, model, field] of rows) {
    const words = gwWords(model, field)
    for (const v of ours) assert.ok(words.includes(v), `${model}.${field} lists ${v} (it lists ${words.join(' ')})`)
  }
  // the one list the emulator narrows: back ends it does not serve
  const types = gwWords('CreateApiRequest', 'ServiceType')
  assert.equal(
    types.filter((t) => t === t.toUpperCase() && !GW.SERVICE_TYPES.includes(t) && t !== 'API'),
    ['EB', 'VPC', 'UPSTREAM', 'GRPC'],
  )
})

test('exactly: a list that leaves out or adds a member of the union does not type-check', () => {
  type U = 'a' | 'b' | 'c'
  const all = exactly<U>()(['a', 'b', 'c'])
  // @ts-expect-error 'c' is missing (tsc fails on this file if exactly lets it through)
  const short = exactly<U>()(['a', 'b'])
  // @ts-expect-error 'd' is not a member
  const long = exactly<U>()(['a', 'b', 'c', 'd'])
  assert.equal([all.length, short.length, long.length], [3, 2, 4])
})

test.run()
