/**
 * How ownership claims are keyed and kept: the place in a key is what the provider declares
 * (`endpointOf`), never a configuration field the engine guesses; the claims of a run's objects are
 * taken after it (on the memory store, before the next question asked of it); and a stack whose
 * state was written before claims existed is claimed when planned, and protected before that.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import * as E from 'fp-ts/Either'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defineProvider, fileStore, makeRegistry, secret, stack } from '#trellis'
import type { EngineError } from '#trellis/engine'
import { apply, plan } from '#trellis/engine'
import { ownedBy } from '#trellis/engine'
import { mockEnv } from '#trellis/testing'
import * as cost from '#trellis/cost'
import * as hosting from '#trellis/hosting'
import { costProvider } from '#trellis/engine'
import { hostingProvider } from '#trellis/engine'
import { cloudProvider } from '#trellis/engine'
import { demoProvider } from '../../fixtures/demo-provider'
import { demo } from '../../fixtures/demo-builders'

const test = suite('ownership claims: keys, timing, stacks from before claims')

const right = <A>(r: E.Either<EngineError, A>): A => {
  if (E.isLeft(r)) throw new Error(`expected a Right, got ${JSON.stringify(r.left).slice(0, 400)}`)
  return r.right
}
const messageOf = <A>(r: E.Either<EngineError, A>): string => {
  if (E.isRight(r)) throw new Error('expected a Left')
  return (r.left as { message?: string }).message ?? JSON.stringify(r.left)
}
const keysIn = async (env: ReturnType<typeof mockEnv>) =>
  [...right(await ownedBy(env.store)()).values()].map((c) => `${c.stack} ${c.key}`).sort()
const at = (host: string) => ({ providers: { cost: cost.provider({ apiToken: secret('t'), host }) } })

test('each built-in provider declares where it speaks: host, endpoint, region (and a domain not the default)', () => {
  assert.is(costProvider.endpointOf?.({ host: 'https://cost.example', timeout: '30s' }), 'https://cost.example')
  assert.is(hostingProvider.endpointOf?.({ endpoint: 'https://api.example' }), 'https://api.example')
  assert.is(cloudProvider.endpointOf?.({ region: 'ap-tokyo', protocol: 'HTTPS' }), 'ap-tokyo')
  assert.is(
    cloudProvider.endpointOf?.({ region: 'ap-tokyo', protocol: 'HTTP', domain: '127.0.0.1:9000' }),
    '127.0.0.1:9000/ap-tokyo',
  )
})

test("a key's place is the provider's endpointOf of the instance's configuration", async () => {
  const env = mockEnv()
  right(await apply(stack('money', at('https://a.example')).add(cost.folder('finance', { title: 'F' })))(env)())
  const id = right(await env.store.read('money')())!.resources['cost:Folder/finance'].id
  assert.equal(await keysIn(env), [`money cost@https://a.example cost:Folder ${id}`])
})

test('the same id at another endpoint is another object; at the same endpoint it is refused', async () => {
  const env = mockEnv()
  right(await apply(stack('money', at('https://a.example')).add(cost.folder('finance', { title: 'F' })))(env)())
  const id = right(await env.store.read('money')())!.resources['cost:Folder/finance'].id
  const importing = (host: string) =>
    stack('books', at(host)).add(cost.folder('mine', { title: 'F' }).options({ importId: id }))
  right(await plan(importing('https://b.example'))(env)())
  assert.match(messageOf(await plan(importing('https://a.example'))(env)()), /stack "money" owns/)
})

test('a provider that declares no endpointOf is one place, whatever its configuration names', async () => {
  const plain = makeRegistry([demoProvider])
  const env = mockEnv({ registry: plain })
  right(await apply(stack('lib').add(demo.shelf('a', { title: 'A' })))(env)())
  const [key] = await keysIn(env)
  // its configuration has a region (the engine once read `region` from any provider's)
  assert.match(key, /^lib demo@default demo:Shelf /)
  const { _tag: _t, ...def } = demoProvider
  void _t
  const placed = makeRegistry([defineProvider({ ...def, endpointOf: (c) => `planet-${c.region}` })])
  const env2 = mockEnv({ registry: placed })
  right(await apply(stack('lib').add(demo.shelf('a', { title: 'A' })))(env2)())
  assert.match((await keysIn(env2))[0], /^lib demo@planet-eu demo:Shelf /)
})

test('after an apply every object is claimed once; an apply that changes nothing changes no claim', async () => {
  const env = mockEnv()
  const s = () => stack('money').add(cost.folder('a', { title: 'A' }), cost.folder('b', { title: 'B' }))
  right(await apply(s())(env)())
  const first = await keysIn(env)
  assert.is(first.length, 2)
  right(await apply(s())(env)())
  assert.equal(await keysIn(env), first)
  // a replaced object is claimed by its new id, the old one's claim let go
  right(await apply(stack('money').add(cost.folder('a', { title: 'A' })))(env)())
  assert.is((await keysIn(env)).length, 1)
})

const rules = (name: string) =>
  hosting.teamFirewallTrafficRules(name, {
    teamId: 'team-1',
    published: { defaultAction: 'allow' },
    unpublished: { defaultAction: 'deny' },
  })

test('a state written before claims: protected from another stack before it is planned, claimed when it is', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'trellis-backfill-'))
  try {
    const env = { ...mockEnv(), store: fileStore({ dir }) }
    const edge = () => stack('edge').add(rules('rules'), cost.folder('finance', { title: 'F' }))
    right(await apply(edge())(env)())
    // as a store of before the claims left it: the states, no claims file
    rmSync(join(dir, 'claims'), { recursive: true, force: true })
    assert.is(right(await ownedBy(env.store)()).size, 0)
    const id = right(await env.store.read('edge')())!.resources['cost:Folder/finance'].id
    // another stack's plan looks in the states of stacks without claims
    const shop = messageOf(await plan(stack('shop').add(rules('team-rules')))(env)())
    assert.match(shop, /stack "edge" owns .*as hosting:TeamFirewallTrafficRules\/rules/)
    assert.match(shop, /predates ownership claims/)
    const books = messageOf(
      await plan(stack('books').add(cost.folder('mine', { title: 'F' }).options({ importId: id })))(env)(),
    )
    assert.match(books, /stack "edge" owns .*as cost:Folder\/finance/)
    // planned, edge's claims are recorded: the refusal is now by claim
    right(await plan(edge())(env)())
    const owned = [...right(await ownedBy(env.store)()).values()].map((c) => `${c.stack} ${c.address}`).sort()
    assert.equal(owned, ['edge cost:Folder/finance', 'edge hosting:TeamFirewallTrafficRules/rules'])
    const again = messageOf(await plan(stack('shop').add(rules('team-rules')))(env)())
    assert.match(again, /stack "edge" owns/)
    assert.not.match(again, /predates/)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test.run()
