/**
 * Two spec declarations the generic engine reads. `defaults`: what the platform gives fields left
 * out shows in the plan and is recorded in state, never sent. `computed` (optional + computed):
 * left out, the platform's value is kept — recorded as an output, never diffed, sent back
 * unchanged by an update; set, it is managed like any input.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { isLeft } from 'fp-ts/Either'
import { stack } from '#trellis'
import { apply, plan, refresh, importResource } from '#trellis/engine'
import { changes } from '#trellis'
import { mockHandler } from '#trellis/testing'
import type { Handler } from '#trellis/engine'
import type { Obs } from '#trellis/engine'
import type { Env } from '#trellis/engine'
import { renderPlan } from '#trellis'
import { memoryStore } from '#trellis'
import { notes, notesRegistry } from './notes-provider'
import { ok } from '../helpers'

const test = suite('spec defaults and computed inputs')
/** a platform that fills `labels` when a note has none and applies the default kind; records what is sent */
const platform = () => {
  const m = mockHandler()
  const sent: Array<[string, Readonly<Record<string, unknown>>]> = []
  const fill = (i: Readonly<Record<string, unknown>>) => ({
    kind: i.date === undefined ? 'plain' : 'dated',
    labels: ['inbox'],
    ...i,
  })
  const h: Handler = {
    ...m,
    create: (c, i) => {
      sent.push(['create', i])
      return m.create(c, fill(i))
    },
    update: (c, id, i, p, o) => {
      sent.push(['update', i])
      return m.update(c, id, fill(i), p, o)
    },
  }
  return { h, sent, m }
}
const envOf = (h: Handler, store = memoryStore()): Env => ({
  registry: notesRegistry,
  handler: h,
  store,
  events: () => undefined,
  concurrency: 2,
  now: () => new Date('2026-01-01T00:00:00Z'),
})
const addr = 'notes:Note/n'

test('a default shows in the plan and is recorded in state, and is not sent', async () => {
  const { h, sent } = platform()
  const env = envOf(h)
  const s = stack('d').add(notes.note('n', { title: 'A' }))
  const p = ok(await plan(s)(env)()).plan
  const text = renderPlan(p, notesRegistry)
  assert.match(text, '+ kind = "plain"')
  assert.match(text, '# defaults the platform applies: kind = "plain"')
  const r = ok(await apply(s)(env)())
  assert.equal(sent[0], ['create', { title: 'A' }])
  assert.is(r.state.resources[addr].inputs.kind, 'plain')
  assert.equal(changes(ok(await plan(s)(env)()).plan), [])
  // the default follows what is set: a date makes it `dated`, and that is a change of kind
  const dated = ok(await plan(stack('d').add(notes.note('n', { title: 'A', date: '2026-01-02' })))(env)()).plan
  assert.equal(
    changes(dated)[0].diff.map((d) => `${d.path} ${String(d.before)} → ${String(d.after)}`),
    ['kind plain → dated', 'date undefined → 2026-01-02'],
  )
})

test('a computed input left out: the platform value is recorded as an output, never diffed, and kept by updates', async () => {
  const { h, sent } = platform()
  const env = envOf(h)
  const r = ok(await apply(stack('c').add(notes.note('n', { title: 'A' })))(env)())
  assert.equal(r.state.resources[addr].outputs.labels, ['inbox'], 'shown in state')
  assert.not.ok('labels' in r.state.resources[addr].inputs)
  assert.equal(changes(ok(await plan(stack('c').add(notes.note('n', { title: 'A' })))(env)()).plan), [])
  ok(await apply(stack('c').add(notes.note('n', { title: 'B' })))(env)())
  assert.equal(sent[1], ['update', { title: 'B', labels: ['inbox'] }], 'the update sends the platform value back')
  // set, it is managed; left out again, the platform keeps what it has (no clearing change)
  const set = ok(await plan(stack('c').add(notes.note('n', { title: 'B', labels: ['work'] })))(env)()).plan
  assert.equal(
    changes(set)[0].diff.map((d) => d.path),
    ['labels'],
  )
  ok(await apply(stack('c').add(notes.note('n', { title: 'B', labels: ['work'] })))(env)())
  assert.equal(changes(ok(await plan(stack('c').add(notes.note('n', { title: 'B' })))(env)()).plan), [])
})

test('a computed input set later to the value the platform holds is no change; another value shows it as before', async () => {
  const { h } = platform()
  const env = envOf(h)
  ok(await apply(stack('k').add(notes.note('n', { title: 'A' })))(env)())
  assert.equal(
    changes(ok(await plan(stack('k').add(notes.note('n', { title: 'A', labels: ['inbox'] })))(env)()).plan),
    [],
  )
  const other = ok(await plan(stack('k').add(notes.note('n', { title: 'A', labels: ['work'] })))(env)()).plan
  assert.equal(
    changes(other)[0].diff.map((d) => [d.path, d.before, d.after]),
    [['labels', ['inbox'], ['work']]],
  )
})

test('a refresh keeps showing the platform value of a computed input left out, so the next update still sends it back', async () => {
  const { h, sent } = platform()
  const env = envOf(h)
  ok(await apply(stack('r').add(notes.note('n', { title: 'A' })))(env)())
  const r = ok(await refresh(stack('r').add(notes.note('n', { title: 'A' })))(env)())
  assert.equal(r.drift, [])
  assert.equal(r.state.resources[addr].outputs.labels, ['inbox'], 'still shown in state')
  ok(await apply(stack('r').add(notes.note('n', { title: 'B' })))(env)())
  assert.equal(sent[1], ['update', { title: 'B', labels: ['inbox'] }])
})

test('an update is given a prior without the defaults the stack still leaves out (a full-body PUT must not clear them)', async () => {
  const { h } = platform()
  const priors: Array<Readonly<Record<string, unknown>>> = []
  const env = envOf({ ...h, update: (c, id, i, p, o) => (priors.push(p), h.update(c, id, i, p, o)) })
  ok(await apply(stack('u').add(notes.note('n', { title: 'A' })))(env)())
  ok(await apply(stack('u').add(notes.note('n', { title: 'B' })))(env)())
  // state records kind = plain, but it was never sent: a wire clearing removed fields would clear it
  assert.equal(priors[0], { title: 'A' })
  // a default that stops applying (a date given) is still in the prior: the platform changes it
  ok(await apply(stack('u').add(notes.note('n', { title: 'B', date: '2026-01-02' })))(env)())
  assert.equal(priors[1], { title: 'B', kind: 'plain' })
})

test('import, then plan: no change for defaults or computed fields the stack leaves out', async () => {
  const { h, m } = platform()
  const made = await h.create(
    { spec: notesRegistry.resources.get('notes:Note')!, address: addr, name: 'n', provider: 'notes', config: {} },
    { title: 'A' },
  )()
  assert.ok(!isLeft(made))
  const id = (made as { right: Obs }).right.id
  assert.ok(m.objects().has(id))
  const env = envOf(h)
  const s = stack('i').add(notes.note('n', { title: 'A' }))
  const imported = ok(await importResource(s, 'notes:Note', 'n', id)(env)())
  assert.equal(imported.inputs, { kind: 'plain', title: 'A' })
  assert.equal(imported.outputs.labels, ['inbox'])
  assert.equal(changes(ok(await plan(s)(env)()).plan), [])
})

test.run()
