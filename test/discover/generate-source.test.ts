/**
 * Issue 39, generation in small: names from the objects' own names (valid, unique, stable), refs
 * only where a field holds another object's id, secrets from the environment (an unset one fails
 * naming the variable), importId and protect on every builder, platform defaults left out.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { registry } from '#trellis/engine'
import { generateSource, outsideKey } from '#trellis/engine'
import type { DiscoveredObject } from '#trellis'
import { loadProgram, removeProgram } from './brownfield-helpers'

const test = suite('generate: the source of discovered objects')

const obj = (token: string, id: string, inputs: Record<string, unknown>, outputs = {}): DiscoveredObject => ({
  token,
  provider: token.split(':')[0],
  id,
  importId: id,
  inputs,
  outputs,
})

const folders = [
  obj('cost:Folder', 'fldr_2', { title: 'Finance' }, { token: 'fldr_2' }),
  obj('cost:Folder', 'fldr_1', { title: 'Finance' }, { token: 'fldr_1' }),
  obj('cost:Folder', 'fldr_3', { title: 'Sub', parentFolderToken: 'fldr_1' }, { token: 'fldr_3' }),
]

test('same names get -2, a nested folder refers to its parent, each builder imports and is protected', () => {
  const src = generateSource(registry, folders, { stack: 'legacy' })
  assert.match(src, 'cost.folder("finance", { title: "Finance" })')
  assert.match(src, 'cost.folder("finance-2", { title: "Finance" })')
  assert.match(src, 'parentFolderToken: folderFinance2.out.token')
  assert.is(src.match(/protect: true/g)?.length, 3)
  assert.match(src, '.options({ importId: "fldr_3", protect: true })')
  // the parent is declared before the folder that refers to it
  assert.ok(src.indexOf('const folderFinance2 =') < src.indexOf('const folderSub ='))
  assert.is(generateSource(registry, folders, { stack: 'legacy' }), src, 'stable')
})

test('a value equal to a platform default is left out; an id in a non-id field stays literal', () => {
  const zone = obj('hosting:DnsZone', 'z1', { name: 'shop.test' })
  const rec = obj('hosting:DnsRecord', 'z1:r1', { zoneId: 'z1', hostname: 'z1', type: 'TXT', value: 'x', ttl: 3600 })
  const src = generateSource(registry, [zone, rec], { stack: 'legacy' })
  assert.match(src, 'zoneId: zoneShopTest.out.id, hostname: "z1"')
  assert.not.match(src, 'ttl')
})

test('a secret the platform does not return is read from the environment; unset, loading fails naming it', async () => {
  const drain = obj('hosting:LogDrain', 'site_1:d1', {
    siteId: 'site_1',
    destination: 'http',
    logTypes: ['functions'],
    serviceConfig: { url: { _tag: 'Secret' } },
  })
  const src = generateSource(registry, [drain], { stack: 'legacy' })
  assert.match(src, 'url: secret(env("DRAIN_HTTP_SERVICE_CONFIG_URL"))')
  delete process.env.DRAIN_HTTP_SERVICE_CONFIG_URL
  let message = ''
  try {
    removeProgram((await loadProgram(src, 'secret')).file)
  } catch (e) {
    message = e instanceof Error ? e.message : String(e)
  }
  assert.match(message, 'DRAIN_HTTP_SERVICE_CONFIG_URL is not set')
})

test('an id outside the selection: a lookup where one finds it, else a literal said to be one', () => {
  const variable = obj('hosting:EnvironmentVariable', 'team_1:K', { teamId: 'team_1', key: 'K', values: [] })
  const api = obj('cloud:ApiGatewayApi', 'service-1#api-1', { serviceId: 'service-1', apiName: 'list' })
  const outside = {
    lookups: [{ provider: 'hosting', fn: 'getTeam', node: 'acme', words: 'team acme', args: { slug: 'acme' } }],
    refs: new Map([[outsideKey('hosting', 'teamId', 'team_1'), { lookup: 0, expr: '.out.id' }]]),
  }
  const src = generateSource(registry, [variable, api], { stack: 'legacy', outside })
  assert.match(src, 'const teamAcme = hosting.getTeam("acme", { slug: "acme" })')
  assert.match(src, 'teamId: teamAcme.out.id')
  assert.match(src, '.add(teamAcme, ')
  // no lookup finds an API gateway service: its id stays literal, and the program says why
  assert.match(src, 'serviceId: "service-1" /* outside the selection, and no lookup finds it: a literal id */')
  const without = generateSource(registry, [variable], { stack: 'legacy' })
  assert.match(without, 'teamId: "team_1" /* outside the selection')
  assert.not.match(without, 'getTeam')
})

test.run()
