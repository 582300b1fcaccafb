/**
 * An update whose outcome was unknown (the run was killed, or the reply lost) is settled by the
 * next run from what the platform shows, field by field. Issue 20 item 3's root cause: a chain of
 * writes applied in part was recorded as not applied at all, so state kept the old values for the
 * fields that did change; a stack asking for those old values then planned no change, and only a
 * refresh showed the platform held something else.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { stack } from '#trellis'
import { apply, plan } from '#trellis/engine'
import { changes } from '#trellis'
import { mockHandler } from '#trellis/testing'
import type { Env } from '#trellis/engine'
import { memoryStore } from '#trellis'
import { emptyState } from '#trellis/engine'
import type { State } from '#trellis'
import { demo } from '../fixtures/demo-builders'
import { demoRegistry } from '../fixtures/demo-provider'
import { ok } from '../helpers'

const test = suite('reconcile an update')
const address = 'demo:Shelf/s'
/** state after a run killed while updating the shelf {title A, colour red} to {title B, colour blue} */
const killedMidUpdate = (): State => ({
  ...emptyState('k', 'lineage', 'salt'),
  serial: 3,
  resources: {
    [address]: {
      address,
      token: 'demo:Shelf',
      name: 's',
      provider: 'demo',
      id: 'shf-1',
      inputs: { title: 'A', colour: 'red' },
      outputs: { token: 'shf-1' },
      dependencies: [],
      changedAt: {},
    },
  },
  pending: {
    'run.1': {
      opId: 'run.1',
      op: 'update',
      address,
      token: 'demo:Shelf',
      name: 's',
      provider: 'demo',
      inputs: { title: 'B', colour: 'blue' },
      id: 'shf-1',
      startedAt: '2026-01-01T00:00:00Z',
    },
  },
})
const envOf = (platformInputs: Record<string, unknown>): Env & { store: ReturnType<typeof memoryStore> } => ({
  registry: demoRegistry,
  // the platform applied the title and not the colour (the write chain stopped between them)
  handler: mockHandler(
    {},
    new Map([['shf-1', { token: 'demo:Shelf', inputs: platformInputs, outputs: { token: 'shf-1' } }]]),
  ),
  store: memoryStore({ k: killedMidUpdate() }),
  events: () => undefined,
  concurrency: 2,
  now: () => new Date('2026-01-01T00:00:00Z'),
})

test('applied in part: state records what the platform shows, and a stack asking for the old values plans the change', async () => {
  const env = envOf({ title: 'B', colour: 'red' })
  const back = stack('k').add(demo.shelf('s', { title: 'A', colour: 'red' }))
  const p = ok(await plan(back)(env)())
  assert.equal(p.state.resources[address].inputs, { title: 'B', colour: 'red' })
  assert.equal(
    changes(p.plan).map((s) => [
      s.address,
      s.action,
      s.diff.map((d) => `${d.path}: ${String(d.before)} → ${String(d.after)}`),
    ]),
    [[address, 'update', ['title: B → A']]],
  )
  const r = ok(await apply(back)(env)())
  assert.equal(r.state.pending, {})
  assert.equal(changes(ok(await plan(back)(env)()).plan), [])
})

test('applied whole: the sent values are recorded', async () => {
  const env = envOf({ title: 'B', colour: 'blue' })
  const p = ok(await plan(stack('k').add(demo.shelf('s', { title: 'B', colour: 'blue' })))(env)())
  assert.equal(p.state.resources[address].inputs, { title: 'B', colour: 'blue' })
  assert.equal(changes(p.plan), [])
})

test('not applied: the prior values stay', async () => {
  const env = envOf({ title: 'A', colour: 'red' })
  const p = ok(await plan(stack('k').add(demo.shelf('s', { title: 'B', colour: 'blue' })))(env)())
  assert.equal(p.state.resources[address].inputs, { title: 'A', colour: 'red' })
  assert.is(changes(p.plan).length, 1)
})

test.run()
