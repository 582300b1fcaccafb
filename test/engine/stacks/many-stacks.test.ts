/**
 * One run across stacks on the mock interpreter: producers first (destroy: consumers first), another
 * stack's export put in as a value, known after apply while its producer changes, consumers recorded
 * so that dropping a consumed export is refused naming the consumer.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import * as E from 'fp-ts/Either'
import * as t from 'io-ts'
import type { Ref } from '#trellis'
import { stack } from '#trellis'
import { stackOutputs } from '#trellis'
import type { EngineError } from '#trellis/engine'
import { applyStacks, destroyStacks, planStacks } from '#src/engine/stacks/many-stacks'
import { mockEnv } from '#trellis/testing'
import * as hosting from '#trellis/hosting'
import { network, networkWithoutExport, sites } from '../../fixtures/two-stacks'

const test = suite('many stacks, one run')

const right = <A>(r: E.Either<EngineError, A>): A => {
  if (E.isLeft(r)) throw new Error(`expected a Right, got ${JSON.stringify(r.left).slice(0, 400)}`)
  return r.right
}
const left = <A>(r: E.Either<EngineError, A>): EngineError => {
  if (E.isRight(r)) throw new Error('expected a Left')
  return r.left
}
const stepOf = (run: { result?: unknown }, address: string) =>
  (
    run.result as { plan: { steps: ReadonlyArray<{ address: string; action: string; diff: unknown }> } }
  ).plan.steps.find((s) => s.address === address)

test('a plan runs the producer first, whatever order the program gives, and the consumer sees the id as unknown', async () => {
  const net = network()
  const r = right(await planStacks([sites('dev', net), net])(mockEnv())())
  assert.equal(
    r.runs.map((x) => [x.stack, x.status]),
    [
      ['network-dev', 'done'],
      ['sites-dev', 'done'],
    ],
  )
  const www = stepOf(r.runs[1], 'hosting:DnsRecord/www')
  assert.is(www?.action, 'create')
  assert.match(JSON.stringify(www?.diff), /Unknown/)
})

test('apply puts the applied zone id in; destroy runs consumers first and leaves nothing', async () => {
  const env = mockEnv()
  const net = network()
  const applied = right(await applyStacks([net, sites('dev', net)])(env)())
  const zoneId = await env.store.read('network-dev')()
  const zone = E.isRight(zoneId) ? zoneId.right?.resources['hosting:DnsZone/zone'].id : undefined
  const rec = await env.store.read('sites-dev')()
  const record = E.isRight(rec) ? rec.right : undefined
  assert.ok(zone)
  assert.is(record?.resources['hosting:DnsRecord/www'].inputs.zoneId, zone)
  assert.equal(record?.consumes, { 'network-dev': ['zoneId'] })
  assert.equal(
    applied.runs.map((x) => x.status),
    ['done', 'done'],
  )
  const gone = right(await destroyStacks([net, sites('dev', net)])(env)())
  assert.equal(
    gone.runs.map((x) => [x.stack, x.status]),
    [
      ['sites-dev', 'done'],
      ['network-dev', 'done'],
    ],
  )
  assert.is(env.handler.objects().size, 0)
})

test('dropping an export another stack consumes is refused at plan, naming the consumer', async () => {
  const env = mockEnv()
  right(await applyStacks([network(), sites()])(env)())
  // the program now neither exports nor reads the zone id: sites must be applied without it first
  const bare = stack('sites-dev').add(
    hosting.dnsRecord('www', { hostname: 'www', type: 'A', value: '192.0.2.1', zoneId: 'z' }),
  )
  const r = right(await planStacks([networkWithoutExport(), bare])(env)())
  const first = r.runs[0]
  assert.is(first.status, 'failed')
  assert.equal(first.error?._tag === 'PlanError' ? first.error.issues.map((i) => i.message) : [], [
    'stack sites-dev consumes output zoneId of stack network-dev: apply sites-dev without it first (no stack is left reading an output that is gone)',
  ])
  // selecting the consumer alone (it reads network no more) goes ahead
  const alone = right(await planStacks([networkWithoutExport(), bare], { select: ['sites-dev'] })(env)())
  assert.equal(
    alone.runs.map((x) => [x.stack, x.status]),
    [['sites-dev', 'done']],
  )
})

test("a failed producer's consumers do not start; a selected consumer brings its producer along", async () => {
  const broken = stack('network-dev')
    .add(hosting.dnsZone('zone', { name: '', teamSlug: 'acme' }))
    .export('zoneId', 'x')
  const r = right(await planStacks([broken, sites('dev', broken)], { select: ['sites-dev'] })(mockEnv())())
  assert.equal(
    r.runs.map((x) => [x.stack, x.status, x.waitedOn]),
    [
      ['network-dev', 'failed', undefined],
      ['sites-dev', 'skipped', 'network-dev'],
    ],
  )
})

test('an unknown stack selected is refused with the closest name; a cycle is refused naming it', async () => {
  const e = left(await planStacks([network(), sites()], { select: ['netwrk-dev'] })(mockEnv())())
  assert.equal(e._tag === 'CompileError' ? e.issues.map((i) => i.message) : [], [
    'no stack named netwrk-dev (did you mean network-dev?)',
  ])
  // `a` reads `b` by name (stackOutputs), `b` reads `a`: neither can go first
  const rec = (name: string, zoneId: Ref<string>) =>
    hosting.dnsRecord(name, { hostname: name, type: 'A', value: '192.0.2.1' }).zoneId(zoneId)
  const a = stack('a')
    .add(rec('x', stackOutputs('b', { id: t.string }).output('id')))
    .export('id', 'za')
  const b = stack('b')
    .add(rec('y', a.output('id')))
    .export('id', 'zb')
  const cycle = left(await planStacks([a, b])(mockEnv())())
  assert.equal(cycle._tag === 'CompileError' ? cycle.issues.map((i) => i.message) : [], [
    'stacks read each other in a cycle: a → b → a',
  ])
})

test('stackOutputs reads a store-only stack, decoded at plan, and records its serial', async () => {
  const env = mockEnv()
  right(await applyStacks([network('prod')])(env)())
  const prod = stackOutputs('network-prod', { zoneId: t.string })
  const reader = stack('sites-prod').add(
    hosting.dnsRecord('www', { hostname: 'www', type: 'A', value: '192.0.2.1' }).zoneId(prod.output('zoneId')),
  )
  const r = right(await planStacks([reader])(env)())
  const st = await env.store.read('network-prod')()
  assert.is(r.read['network-prod'], E.isRight(st) ? st.right?.serial : -1)
  const www = stepOf(r.runs[0], 'hosting:DnsRecord/www')
  assert.is(www?.action, 'create')
  assert.not.match(JSON.stringify(www?.diff), /Unknown/)
  // a codec the recorded value does not satisfy: an error at plan naming stack, output and both types
  const wrong = stackOutputs('network-prod', { zoneId: t.number })
  const bad = stack('sites-prod').add(
    hosting
      .dnsRecord('www', { hostname: 'www', type: 'A', value: '192.0.2.1' })
      .zoneId(wrong.output('zoneId').map(String)),
  )
  const failed = right(await planStacks([bad])(env)()).runs[0]
  assert.is(failed.status, 'failed')
  const issue = failed.error?._tag === 'CompileError' ? failed.error.issues[0] : undefined
  assert.is(issue?.path, 'zoneId')
  assert.is(issue?.expected, 'number')
  assert.match(issue?.message ?? '', /stack network-prod's output zoneId/)
  const none = left(
    await planStacks([
      stack('x').add(
        hosting
          .dnsRecord('w', { hostname: 'w', type: 'A', value: '192.0.2.1' })
          .zoneId(stackOutputs('nowhere', { zoneId: t.string }).output('zoneId')),
      ),
    ])(env)(),
  )
  assert.match(JSON.stringify(none), /stack nowhere is read \(outputs zoneId\) but has no state here/)
})

test.run()
