/**
 * A provider whose codecs come from another copy of io-ts than trellis's: a consumer project with
 * io-ts 2.2.20 installed beside the packed trellis (which brings its own 2.2.22) defines a provider
 * with `defineProvider` — two resources, one lookup, its own `client` recipe — and runs it through
 * `runMock`, `workspace({ registry })` and trellis/engine's `apply` over `liveEnv`, its requests
 * answered by an in-process transport. trellis tells codecs by io-ts's `_tag`, so the consumer's
 * exact codecs still refuse an unknown field and a wrong type, naming the field (a class check
 * would not see the foreign codecs' fields at all). The project installs into its own temporary
 * directory: io-ts 2.2.20 comes from the npm cache, else the registry.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { installOffline, ok, pack, pinned, run, write } from './scratch'

const test = suite('package: a provider of another io-ts copy')
const OTHER_IO_TS = '2.2.20'

const PROGRAM = `import * as t from 'io-ts'
import { createRequire } from 'node:module'
import { stack, workspace } from 'trellis'
import { apply, liveEnv, memoryStore, defineProvider, defineResource, defineLookup, makeRegistry, buildersFor, byToken, rest } from 'trellis/engine'
import { runMock } from 'trellis/testing'

const require = createRequire(import.meta.url)
const mine = require('io-ts/package.json').version
const theirs = createRequire(require.resolve('trellis'))('io-ts/package.json').version
if (mine === theirs) throw new Error('one io-ts copy only: ' + mine)

const right = (x) => ({ _tag: 'Right', right: x })
const crud = (path) => ({
  create: (i) => rest('POST', path, { body: i }),
  read: (id) => rest('GET', path + '/' + id),
  update: (id, i) => rest('PUT', path + '/' + id, { body: i }),
  delete: (id) => rest('DELETE', path + '/' + id),
  decode: ({ id, ...inputs }) => right({ id, inputs, outputs: { id } }),
})
const Out = t.exact(t.type({ id: t.string }), 'KvOut')
const Bucket = defineResource({
  token: 'kv:Bucket', doc: 'A bucket.', outputs: Out, identity: byToken(), replaceOn: ['region'], secrets: [], rules: [],
  inputs: t.exact(t.type({ name: t.string, region: t.string }), 'BucketInputs'),
  wire: crud('/buckets'),
  examples: { valid: { name: 'b', region: 'r' }, invalid: [[{}, 'name']], outputs: { id: 'bkt_1' } },
})
const Entry = defineResource({
  token: 'kv:Entry', doc: 'An entry.', outputs: Out, identity: byToken(), replaceOn: ['key'], secrets: [], rules: [],
  inputs: t.exact(t.intersection([t.type({ bucketId: t.string, key: t.string }), t.partial({ value: t.string })]), 'EntryInputs'),
  wire: crud('/entries'),
  examples: { valid: { bucketId: 'b', key: 'k' }, invalid: [[{}, 'key']], outputs: { id: 'ent_1' } },
})
const getRegion = defineLookup({
  token: 'kv:getRegion', doc: 'The home region.', secrets: [], rules: [],
  args: t.exact(t.partial({}), 'GetRegionArgs'), result: t.exact(t.type({ region: t.string }), 'GetRegionResult'),
  wire: { request: () => rest('GET', '/region'), decode: (r) => right(r) },
  examples: { valid: {}, invalid: [], result: { region: 'north' } },
})
const kvProvider = defineProvider({
  name: 'kv', doc: 'a key-value platform', secrets: [], rules: [],
  config: t.exact(t.intersection([t.type({ endpoint: t.string }), t.partial({ token: t.string })]), 'KvConfig'),
  env: { token: 'KV_TOKEN' },
  bridge: (c) => ({ endpoint: c.endpoint }),
  client: (c, kit) => kit.rest({ baseUrl: c.endpoint, token: c.token }),
  resources: { Bucket, Entry }, lookups: { getRegion },
})
const registry = makeRegistry([kvProvider])
const kv = buildersFor(kvProvider)
const program = (extra = {}) => {
  const region = kv.getRegion('home', {})
  const bucket = kv.bucket('b', { name: 'books', region: region.out.region, ...extra })
  const entry = kv.entry('e', { bucketId: bucket.out.id, key: 'title', value: 'Dune' })
  return stack('shelf', { providers: { kv: kv.provider({ endpoint: 'https://kv.invalid' }) } }).add(region, bucket, entry)
}

// the platform, in process: every request logged and answered
const sent = []
const transport = (req) => async () => {
  const path = new URL(req.url).pathname
  sent.push(req.method + ' ' + path + ' ' + req.headers['authorization'])
  const body = req.body ? JSON.parse(req.body) : {}
  const reply = path === '/region' ? { region: 'north' } : { id: path.slice(1, 4) + '_1', ...body }
  return right({ status: req.method === 'POST' ? 201 : 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(reply) })
}

const mocked = await runMock(program(), { registry })
const creates = mocked.plan.steps.filter((s) => s.action === 'create').map((s) => s.address)
if (creates.join() !== 'kv:Bucket/b,kv:Entry/e') throw new Error('runMock: ' + creates)

const refused = await runMock(program({ name: 3, colour: 'red' }), { registry }).then(() => 'accepted', (e) => String(e.message))
if (!/field \`name\`: expected string/.test(refused) || !/\`colour\`/.test(refused)) throw new Error('not refused: ' + refused)

const ws = workspace({ registry, store: memoryStore(), transport, env: { KV_TOKEN: 'kv-token' } })
const applied = await ws.apply(program())
if (applied.changes !== 2) throw new Error('workspace apply: ' + applied.changes)

const r = await apply(program())(liveEnv({ registry, store: memoryStore(), transport, env: { KV_TOKEN: 'kv-token' } }))()
if (r._tag !== 'Right' || r.right.state.resources['kv:Entry/e'].id !== 'ent_1') throw new Error('engine apply: ' + JSON.stringify(r))

console.log('io-ts ' + mine + ' beside trellis\\'s ' + theirs)
console.log('refused: ' + refused.split('\\n').filter((l) => /name|colour/.test(l)).join(' | '))
console.log('sent: ' + sent.join(', '))
`

test('a provider defined with another io-ts version runs through runMock, workspace() and trellis/engine', async () => {
  const root = mkdtempSync(join(tmpdir(), 'trellis-foreign-io-ts-'))
  const packed = await pack(root) // builds dist/ and docs/api/ first when stale
  const project = join(root, 'project')
  write(project, {
    'package.json': JSON.stringify({
      name: 'foreign-io-ts',
      private: true,
      type: 'module',
      dependencies: { trellis: `file:${packed.tarball}`, 'io-ts': OTHER_IO_TS, 'fp-ts': pinned('fp-ts') },
    }),
    'index.mjs': PROGRAM,
  })
  ok(await installOffline(project), `npm install of the tarball beside io-ts ${OTHER_IO_TS}`)
  const r = ok(await run(process.execPath, ['index.mjs'], { cwd: project, timeoutMs: 60_000 }), 'node index.mjs')
  assert.match(r.out, new RegExp(`io-ts ${OTHER_IO_TS.replace(/\./g, '\\.')} beside trellis's 2\\.2\\.2[2-9]`))
  assert.match(r.out, /refused: .*name.*colour|refused: .*colour.*name/)
  // each apply: the lookup, then the bucket and the entry, with the token of KV_TOKEN
  const sent = /sent: (.*)/.exec(r.out)?.[1]?.split(', ') ?? []
  assert.is(sent.filter((s) => s === 'POST /buckets Bearer kv-token').length, 2)
  assert.is(sent.filter((s) => s === 'POST /entries Bearer kv-token').length, 2)
})

test.run()
