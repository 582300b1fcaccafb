/**
 * A provider of your own, made with defineProvider (two resources, one lookup, its own `client`
 * recipe), run end to end through every door: workspace({ registry }), trellis/engine's operations
 * over liveEnv, and runMock — its requests answered by a scripted transport, so the test asserts
 * what was sent (the bearer token from the provider's environment fallback, the paths, the bodies).
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import * as t from 'io-ts'
import * as E from 'fp-ts/Either'
import { stack, workspace } from '#trellis'
import {
  apply,
  buildersFor,
  defineLookup,
  defineProvider,
  defineResource,
  liveEnv,
  makeRegistry,
  memoryStore,
  plan,
} from '#trellis/engine'
import { runMock } from '#trellis/testing'
import { byToken } from '#trellis/engine'
import { rest } from '#trellis/engine'
import { SecretString } from '#trellis/engine'
import { scripted, type Scripted } from '../../../clients/scripted'
import type { HttpRequest } from '#trellis/clients'

const test = suite('a defineProvider provider through every door')

const crud = (path: string) => ({
  create: (i: unknown) => rest('POST', path, { body: i }),
  read: (id: string) => rest('GET', `${path}/${id}`),
  update: (id: string, i: unknown) => rest('PUT', `${path}/${id}`, { body: i }),
  delete: (id: string) => rest('DELETE', `${path}/${id}`),
  decode: (r: unknown) => {
    const { id, ...inputs } = r as { id: string }
    return E.right({ id, inputs: inputs as never, outputs: { id } as never })
  },
})
const Out = t.exact(t.type({ id: t.string }), 'KvOut')

const Bucket = defineResource({
  token: 'kv:Bucket',
  doc: 'A bucket.',
  inputs: t.exact(t.type({ name: t.string, region: t.string }), 'BucketInputs'),
  outputs: Out,
  identity: byToken(),
  replaceOn: ['region'],
  secrets: [],
  rules: [],
  wire: crud('/buckets'),
  examples: { valid: { name: 'b', region: 'r' }, invalid: [[{}, 'name']], outputs: { id: 'bkt_1' } },
})
const Entry = defineResource({
  token: 'kv:Entry',
  doc: 'An entry of a bucket.',
  inputs: t.exact(t.type({ bucketId: t.string, key: t.string, value: t.string }), 'EntryInputs'),
  outputs: Out,
  identity: byToken(),
  replaceOn: ['bucketId', 'key'],
  secrets: [],
  rules: [],
  wire: crud('/entries'),
  examples: { valid: { bucketId: 'b', key: 'k', value: 'v' }, invalid: [[{}, 'key']], outputs: { id: 'ent_1' } },
})
const getRegion = defineLookup({
  token: 'kv:getRegion',
  doc: 'The account home region.',
  args: t.exact(t.partial({}), 'GetRegionArgs'),
  result: t.exact(t.type({ region: t.string }), 'GetRegionResult'),
  secrets: [],
  rules: [],
  wire: { request: () => rest('GET', '/region'), decode: (r) => E.right(r as never) },
  examples: { valid: {}, invalid: [], result: { region: 'north' } },
})
const kvProvider = defineProvider({
  name: 'kv',
  doc: 'a key-value platform of a test',
  config: t.exact(t.intersection([t.type({ endpoint: t.string }), t.partial({ token: SecretString })]), 'KvConfig'),
  secrets: ['token'],
  env: { token: 'KV_TOKEN' },
  rules: [],
  bridge: (c) => ({ endpoint: c.endpoint }),
  client: (c, kit) => kit.rest({ baseUrl: c.endpoint, token: c.token, tokenHint: 'set KV_TOKEN' }),
  resources: { Bucket, Entry },
  lookups: { getRegion },
})
const registry = makeRegistry([kvProvider])
const kv = buildersFor(kvProvider)

const ENDPOINT = 'https://kv.invalid'
const program = () => {
  const region = kv.getRegion('home', {})
  const bucket = kv.bucket('b', { name: 'books', region: region.out.region })
  const entry = kv.entry('e', { bucketId: bucket.out.id, key: 'title', value: 'Dune' })
  return stack('shelf', { providers: { kv: kv.provider({ endpoint: ENDPOINT }) } }).add(region, bucket, entry)
}

/** The platform, scripted: the lookup (twice), then each object's create. */
const platform = (): Scripted => {
  const s = scripted()
  const json = (status: number, body: unknown) => ({
    status,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  const made = (prefix: string) => (req: HttpRequest) =>
    json(201, { id: `${prefix}_1`, ...(JSON.parse(req.body ?? '{}') as object) })
  // the lookup is read by each run: the plan, then the apply
  s.expect('GET', `${ENDPOINT}/region`)
    .respond(() => json(200, { region: 'north' }))
    .times(2)
  s.expect('POST', `${ENDPOINT}/buckets`, { body: { name: 'books', region: 'north' } }).respond(made('bkt'))
  s.expect('POST', `${ENDPOINT}/entries`, { body: { bucketId: 'bkt_1', key: 'title', value: 'Dune' } }).respond(
    made('ent'),
  )
  return s
}
const sent = (s: Scripted) => s.calls().map((c) => `${c.method} ${new URL(c.url).pathname}`)

test('workspace({ registry }): planned, applied over the provider’s own client, token from KV_TOKEN', async () => {
  const s = platform()
  const ws = workspace({ registry, store: memoryStore(), transport: s.client, env: { KV_TOKEN: 'kv-secret' } })
  const planned = await ws.plan(program())
  assert.is(planned.summary.create, 2)
  assert.is(planned.summary.read, 1, 'the lookup')
  const r = await ws.apply(program())
  assert.is(r.changes, 2)
  s.assertNoPending()
  assert.equal(sent(s).slice(-3), ['GET /region', 'POST /buckets', 'POST /entries'])
  for (const c of s.calls()) assert.is(c.headers['authorization'], 'Bearer kv-secret')
  const st = await ws.state('shelf')
  assert.equal(Object.keys(st?.resources ?? {}).sort(), ['kv:Bucket/b', 'kv:Entry/e'])
  assert.is(st?.resources['kv:Entry/e']?.id, 'ent_1')
})

test('trellis/engine plan and apply over liveEnv({ registry, transport }) send the same requests', async () => {
  const s = platform()
  const env = liveEnv({ registry, store: memoryStore(), transport: s.client, env: { KV_TOKEN: 'kv-secret' } })
  const p = await plan(program())(env)()
  assert.ok(E.isRight(p), JSON.stringify(p))
  assert.is(E.isRight(p) && p.right.plan.steps.filter((x) => x.action === 'create').length, 2)
  const r = await apply(program())(env)()
  assert.ok(E.isRight(r), JSON.stringify(r))
  s.assertNoPending()
  assert.is(E.isRight(r) && r.right.state.resources['kv:Bucket/b']?.id, 'bkt_1')
  assert.ok(sent(s).includes('POST /entries'))
})

test('runMock({ registry }) runs the same program with no request at all', async () => {
  const run = await runMock(program(), { registry, mocks: { call: () => ({ region: 'west' }) } })
  assert.equal(
    run.plan.steps.filter((x) => x.action === 'create').map((x) => x.address),
    ['kv:Bucket/b', 'kv:Entry/e'],
  )
  assert.is(run.state.resources['kv:Bucket/b']?.inputs['region'], 'west', 'the lookup’s answer reached the bucket')
})

test('a provider with no client recipe and no built-in one is refused naming it', async () => {
  const { client: _recipe, _tag: _spec, ...def } = kvProvider
  const bare = defineProvider({ ...def, name: 'kv2', resources: {}, lookups: {} })
  const { platformClients } = await import('#trellis/clients')
  const f = platformClients({ http: scripted().client, registry: makeRegistry([bare]) })
  assert.throws(() => f('kv2', {}), /no platform client for provider "kv2"/)
})

test.run()
