/**
 * Ownership across stacks on the mock interpreter: two stacks declaring the same team firewall
 * rules — the second's plan is refused naming the first and its address; the claim goes with the
 * object (destroyed, forgotten), and an import of an object another stack made is refused too.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import * as E from 'fp-ts/Either'
import { stack } from '#trellis'
import type { EngineError } from '#trellis/engine'
import { apply, destroy, plan } from '#trellis/engine'
import { ownedBy } from '#trellis/engine'
import { mockEnv } from '#trellis/testing'
import * as hosting from '#trellis/hosting'
import * as cost from '#trellis/cost'

const test = suite('ownership across stacks')

const rules = (name = 'rules', teamId = 'team-1') =>
  hosting.teamFirewallTrafficRules(name, {
    teamId,
    published: { defaultAction: 'allow' },
    unpublished: { defaultAction: 'deny' },
  })
const right = <A>(r: E.Either<EngineError, A>): A => {
  if (E.isLeft(r)) throw new Error(`expected a Right, got ${JSON.stringify(r.left).slice(0, 400)}`)
  return r.right
}
const left = <A>(r: E.Either<EngineError, A>): EngineError => {
  if (E.isRight(r)) throw new Error('expected a Left')
  return r.left
}

test("the second stack declaring a team's firewall rules is refused at plan, naming the first and its address", async () => {
  const env = mockEnv()
  right(await apply(stack('edge').add(rules()))(env)())
  const e = left(await plan(stack('shop').add(rules('team-rules')))(env)())
  assert.is(e._tag, 'StateError')
  const msg = (e as { message: string }).message
  assert.match(msg, /stack "edge" owns/)
  assert.match(msg, /as hosting:TeamFirewallTrafficRules\/rules/)
  assert.match(msg, /hosting:TeamFirewallTrafficRules\/team-rules would take over/)
  // and apply, which plans again under the lock, sends nothing
  const before = env.handler.objects().size
  left(await apply(stack('shop').add(rules('team-rules')))(env)())
  assert.is(env.handler.objects().size, before)
})

test('another team is another object: no refusal', async () => {
  const env = mockEnv()
  right(await apply(stack('edge').add(rules()))(env)())
  right(await plan(stack('shop').add(rules('rules', 'team-2')))(env)())
})

test('a claim goes with the object: destroyed by its owner, the rules may be declared by another stack', async () => {
  const env = mockEnv()
  right(await apply(stack('edge').add(rules()))(env)())
  right(await destroy(stack('edge').add(rules()))(env)())
  const owned = right(await ownedBy(env.store)())
  assert.is(owned.size, 0)
  right(await apply(stack('shop').add(rules()))(env)())
  const now = [...right(await ownedBy(env.store)()).values()]
  assert.equal(
    now.map((c) => [c.stack, c.address]),
    [['shop', 'hosting:TeamFirewallTrafficRules/rules']],
  )
})

test('a claim goes with the object: forgotten from state (state rm), it is free', async () => {
  const env = mockEnv()
  right(await apply(stack('edge').add(rules()))(env)())
  const st = right(await env.store.read('edge')())!
  right(await env.store.write('edge', { ...st, resources: {} })())
  right(await plan(stack('shop').add(rules()))(env)())
})

test('importing an object another stack made is refused, naming that stack', async () => {
  const env = mockEnv()
  right(await apply(stack('money').add(cost.folder('finance').title('Finance')))(env)())
  const id = right(await env.store.read('money')())!.resources['cost:Folder/finance'].id
  const e = left(await plan(stack('books').add(cost.folder('mine').title('Finance').options({ importId: id })))(env)())
  assert.match((e as { message: string }).message, /stack "money" owns .*as cost:Folder\/finance/)
})

test('every object a stack applied is claimed for it (created ones by their new id)', async () => {
  const env = mockEnv()
  right(await apply(stack('money').add(cost.folder('finance').title('Finance'), rules()))(env)())
  const owned = [...right(await ownedBy(env.store)()).values()].map((c) => `${c.stack} ${c.address}`).sort()
  assert.equal(owned, ['money cost:Folder/finance', 'money hosting:TeamFirewallTrafficRules/rules'])
})

test.run()
