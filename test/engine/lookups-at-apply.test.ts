/**
 * Lookups that depend on what the same stack changes (through a ref or dependsOn) are planned as
 * reads whose results are known after apply, and read during apply after their dependencies; the
 * others stay at plan time. Mock and emulator.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { stack } from '#trellis'
import { apply, plan } from '#trellis/engine'
import { mockHandler, type MockHandler } from '#trellis/testing'
import type { Env } from '#trellis/engine'
import { renderPlan } from '#trellis'
import { planToJson } from '#trellis'
import { memoryStore } from '#trellis'
import { demo } from '../fixtures/demo-builders'
import { demoRegistry } from '../fixtures/demo-provider'
import * as hosting from '#trellis/hosting'
import { platforms } from '../interpreter/harness'
import { ok } from '../helpers'

const test = suite('lookups at apply')
/** a mock platform whose library lists the titles of the shelves it holds, and counts its reads */
const platform = () => {
  let reads = 0
  const h: MockHandler = mockHandler({
    call: () => {
      reads++
      return { id: 'lib', rooms: [...h.objects().values()].map((o) => String(o.inputs.title)).sort() }
    },
  })
  return { h, reads: () => reads }
}
const envOf = (h: MockHandler, store = memoryStore()): Env => ({
  registry: demoRegistry,
  handler: h,
  store,
  events: () => undefined,
  concurrency: 4,
  now: () => new Date('2026-01-01T00:00:00Z'),
})

test('a lookup that depends on a shelf being created is read during apply, after it', async () => {
  const { h, reads } = platform()
  const shelf = demo.shelf('main', { title: 'Main' })
  const lib = demo.getLibrary('lib').options({ dependsOn: [shelf] })
  const s = stack('l').add(shelf, lib).export('rooms', lib.out.rooms)
  const store = memoryStore()
  const p = ok(await plan(s)(envOf(h, store))()).plan
  assert.is(reads(), 0, 'not read at plan time')
  const step = p.steps.find((x) => x.address === 'demo:getLibrary/lib')!
  assert.equal([step.action, step.readAtApply], ['read', true])
  assert.match(renderPlan(p, demoRegistry), '<= demo:getLibrary "lib" will be read during apply')
  assert.match(renderPlan(p, demoRegistry), 'Changes to outputs:\n    + rooms = (known after apply)')
  const json = planToJson(p) as { steps: Array<{ address: string; readAtApply?: boolean }> }
  assert.is(json.steps.find((x) => x.address === 'demo:getLibrary/lib')!.readAtApply, true)

  const r = ok(await apply(s)(envOf(h, store))())
  assert.equal(r.outputs, { rooms: ['Main'] }, 'the result reflects the shelf the apply made')
  assert.equal(store.snapshot('l')!.outputs, { rooms: ['Main'] })
  // nothing changes now: the lookup depends on an unchanged shelf and is read at plan time
  const again = ok(await plan(s)(envOf(h, store))()).plan
  assert.is(again.steps.find((x) => x.address === 'demo:getLibrary/lib')!.readAtApply, undefined)
})

test('through a ref: a lookup whose args come from a shelf being updated waits for the update', async () => {
  const { h } = platform()
  const store = memoryStore()
  const shelf = (title: string) => demo.shelf('main', { title })
  const lib = (t: string) => demo.getLibrary('lib', { city: shelf(t).out.title })
  ok(await apply(stack('r').add(shelf('A'), lib('A')).export('rooms', lib('A').out.rooms))(envOf(h, store))())
  const s = stack('r').add(shelf('B'), lib('B')).export('rooms', lib('B').out.rooms)
  const p = ok(await plan(s)(envOf(h, store))()).plan
  assert.is(p.steps.find((x) => x.address === 'demo:getLibrary/lib')!.readAtApply, true)
  const r = ok(await apply(s)(envOf(h, store))())
  assert.equal(r.outputs, { rooms: ['B'] })
})

test('a lookup depending on nothing that changes is still read at plan time', async () => {
  const { h, reads } = platform()
  const lib = demo.getLibrary('lib')
  const p = ok(await plan(stack('n').add(demo.shelf('x', { title: 'X' }), lib))(envOf(h))()).plan
  assert.is(reads(), 1)
  assert.is(p.steps.find((x) => x.address === 'demo:getLibrary/lib')!.readAtApply, undefined)
})

test('emulator: a DNS zone looked up by name in the stack that creates it', async () => {
  const pl = await platforms('in-process')
  try {
    const env = pl.env({ store: memoryStore() })
    const zone = hosting.dnsZone('zone', { name: 'lookup.test', teamSlug: 'acme' })
    const found = hosting.getDnsZone('found', { name: 'lookup.test' }).options({ dependsOn: [zone] })
    const s = stack('z').add(zone, found).export('zoneId', found.out.id).export('created', zone.out.id)
    const p = ok(await plan(s)(env)()).plan
    assert.is(p.steps.find((x) => x.address === 'hosting:getDnsZone/found')!.readAtApply, true)
    const r = ok(await apply(s)(env)())
    assert.is(r.outputs.zoneId, r.outputs.created)
  } finally {
    await pl.close()
  }
})

test.run()
