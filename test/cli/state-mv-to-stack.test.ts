/**
 * `trellis state mv ADDRESS --stack FROM --to-stack OTHER` (issue 36 item 2): the record moves into
 * the other stack's state (made when it has none, with the same salt), its ownership claim with it;
 * a record another in FROM depends on, or an address OTHER already holds, is refused.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import * as E from 'fp-ts/Either'
import { fileStore } from '#trellis'
import { ownedBy } from '#trellis/engine'
import { emptyState } from '#trellis/engine'
import type { ResourceState, State } from '#trellis'
import { EXIT } from '#src/cli/main'
import { run, tempDir } from './harness'

const test = suite('state mv --to-stack')

const resource = (address: string, id: string, dependencies: string[] = []): ResourceState => ({
  address,
  token: address.slice(0, address.indexOf('/')),
  name: address.slice(address.indexOf('/') + 1),
  provider: 'hosting',
  id,
  inputs: { teamId: id, published: { defaultAction: 'allow' }, unpublished: { defaultAction: 'deny' } },
  outputs: {},
  dependencies,
  changedAt: {},
})

/** a file store holding stack `shop` with the given resources, each claimed for shop */
const seeded = async (resources: ResourceState[]) => {
  const dir = tempDir()
  const store = fileStore({ dir })
  const s: State = {
    ...emptyState('shop', 'lin-shop', 'salt-1'),
    resources: Object.fromEntries(resources.map((r) => [r.address, r])),
  }
  const w = await store.write('shop', { ...s, serial: 0 })()
  if (E.isLeft(w)) throw new Error(w.left.message)
  await store.owners!.claim(
    'shop',
    resources.map((r) => ({ key: `k ${r.id}`, address: r.address })),
  )()
  return { dir, store }
}
const right = async <A>(te: () => Promise<E.Either<{ message: string }, A>>): Promise<A> => {
  const r = await te()
  if (E.isLeft(r)) throw new Error(r.left.message)
  return r.right
}

test('the record and its claim move to a stack with no state yet; the source no longer holds it', async () => {
  const { dir, store } = await seeded([resource('hosting:TeamFirewallTrafficRules/rules', 'team-1')])
  const r = await run([
    'state',
    'mv',
    'hosting:TeamFirewallTrafficRules/rules',
    '--stack',
    'shop',
    '--to-stack',
    'edge',
    '--state-dir',
    dir,
  ])
  assert.is(r.code, EXIT.ok, r.err)
  assert.match(r.out, /from the state of shop to .* in the state of edge/)
  const shop = await right(store.read('shop'))
  const edge = await right(store.read('edge'))
  assert.equal(Object.keys(shop!.resources), [])
  assert.equal(Object.keys(edge!.resources), ['hosting:TeamFirewallTrafficRules/rules'])
  assert.is(edge!.salt, 'salt-1')
  const owned = [...(await right(ownedBy(store))).values()]
  assert.equal(
    owned.map((c) => [c.stack, c.address]),
    [['edge', 'hosting:TeamFirewallTrafficRules/rules']],
  )
})

test('a record another resource of the stack depends on is refused, naming the dependent; nothing moves', async () => {
  const { dir, store } = await seeded([
    resource('hosting:DnsZone/zone', 'z1'),
    resource('hosting:DnsRecord/www', 'r1', ['hosting:DnsZone/zone']),
  ])
  const r = await run([
    'state',
    'mv',
    'hosting:DnsZone/zone',
    '--stack',
    'shop',
    '--to-stack',
    'edge',
    '--state-dir',
    dir,
  ])
  assert.is(r.code, EXIT.failed)
  assert.match(r.err, /hosting:DnsRecord\/www in shop depends on hosting:DnsZone\/zone: move it first/)
  assert.is(await right(store.read('edge')), undefined)
})

test('without --to-stack, state mv still needs TO (a usage error)', async () => {
  const { dir } = await seeded([resource('hosting:DnsZone/zone', 'z1')])
  const r = await run(['state', 'mv', 'hosting:DnsZone/zone', '--stack', 'shop', '--state-dir', dir])
  assert.is(r.code, EXIT.usage)
  assert.match(r.err, /state mv needs FROM TO \(or FROM --to-stack OTHER\)/)
})

test.run()
