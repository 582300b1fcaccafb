/**
 * The pipeline's named insertion points, each exercised: `afterPlan` sees the plan and may refuse
 * it (nothing run, nothing written) or change it; `aroundLoad` gives the state the plan starts
 * from; `beforeStep` is asked before each request with the step's resolved inputs, and a refusal
 * fails that step and stops new ones.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import * as E from 'fp-ts/Either'
import * as RTE from 'fp-ts/ReaderTaskEither'
import { stack } from '#trellis'
import { apply, plan, type ApplyError, type EngineError } from '#trellis/engine'
import { mockHandler } from '#trellis/testing'
import type { Env } from '#trellis/engine'
import type { PipelineHooks } from '#src/engine/pipeline/hooks'
import type { State } from '#trellis'
import { memoryStore } from '#trellis'
import { demo } from '../../fixtures/demo-builders'
import { demoRegistry } from '../../fixtures/demo-provider'

const test = suite('pipeline hooks: afterPlan, aroundLoad, beforeStep')
const envOf = (hooks: PipelineHooks, extra: Partial<Env> = {}): Env => ({
  registry: demoRegistry,
  handler: mockHandler(),
  store: memoryStore(),
  events: () => undefined,
  concurrency: 1,
  now: () => new Date('2026-01-01T00:00:00Z'),
  hooks,
  ...extra,
})
// a chain s0 <- s1 <- s2: one step at a time, in a known order
const chain = () => {
  const s0 = demo.shelf('s0', { title: 'S0' })
  const s1 = demo.shelf('s1', { title: 'S1' }).options({ dependsOn: [s0] })
  const s2 = demo.shelf('s2', { title: 'S2' }).options({ dependsOn: [s1] })
  return stack('chain').add(s0, s1, s2)
}
const refusal: EngineError = {
  _tag: 'CompileError',
  issues: [{ severity: 'error', node: 'policy', path: '', expected: 'no shelves', given: '3 shelves' }],
}

test('afterPlan sees the plan; its Left refuses the apply before any step, nothing written', async () => {
  const seen: string[][] = []
  const env = envOf({
    afterPlan: (o) => (seen.push(o.plan.steps.map((s) => `${s.action} ${s.address}`)), RTE.left(refusal)),
  })
  const r = await apply(chain())(env)()
  assert.equal(r, E.left(refusal))
  assert.equal(seen, [['create demo:Shelf/s0', 'create demo:Shelf/s1', 'create demo:Shelf/s2']])
  assert.equal(await env.store.read('chain')(), E.right(undefined), 'no state written')
})

test('afterPlan may change the outcome the rest of the pipeline runs: a plan without s2', async () => {
  const env = envOf({
    afterPlan: (o) =>
      RTE.right({ ...o, plan: { ...o.plan, steps: o.plan.steps.filter((s) => s.address !== 'demo:Shelf/s2') } }),
  })
  const r = await apply(chain())(env)()
  assert.ok(E.isRight(r), JSON.stringify(r))
  const st = E.isRight(r) ? r.right.state : undefined
  assert.equal(Object.keys(st?.resources ?? {}).sort(), ['demo:Shelf/s0', 'demo:Shelf/s1'])
})

test('aroundLoad gives the state to plan from: another run’s state makes every step a noop', async () => {
  const first = await apply(chain())(envOf({}))()
  assert.ok(E.isRight(first))
  const recorded: State = E.isRight(first) ? first.right.state : (undefined as never)
  const names: string[] = []
  const env = envOf({ aroundLoad: (name) => (names.push(name), RTE.right(recorded)) })
  const r = await plan(chain())(env)()
  assert.ok(E.isRight(r), JSON.stringify(r))
  assert.equal(names, ['chain'])
  assert.equal(E.isRight(r) ? r.right.plan.steps.map((s) => s.action) : [], ['noop', 'noop', 'noop'])
})

test('aroundLoad wraps the load: it runs the store read it is given, and its Left stops the plan', async () => {
  let reads = 0
  const inner = memoryStore()
  const store = { ...inner, read: (s: string) => (reads++, inner.read(s)) }
  const loaded: Array<State | undefined> = []
  const around: PipelineHooks['aroundLoad'] = (_name, load) =>
    RTE.tap(load, (st) => (loaded.push(st), RTE.right(undefined)))
  const ok = await plan(chain())(envOf({ aroundLoad: around }, { store }))()
  assert.ok(E.isRight(ok))
  assert.is(reads, 1, 'the wrapped load read the store once')
  assert.is(loaded.length, 1)
  const stateError: EngineError = { _tag: 'StateError', kind: 'Corrupt', message: 'held elsewhere' }
  const refused = await plan(chain())(envOf({ aroundLoad: () => RTE.left(stateError) }))()
  assert.equal(refused, E.left(stateError))
})

test('beforeStep is asked with each step’s resolved inputs; a refusal fails that step, no new step starts', async () => {
  const asked: Array<[string, unknown]> = []
  const env = envOf({
    beforeStep: (step, inputs) => {
      asked.push([step.address, inputs['title']])
      return step.address === 'demo:Shelf/s1' ? E.left('s1 is not allowed now') : E.right(undefined)
    },
  })
  const r = await apply(chain())(env)()
  assert.ok(E.isLeft(r))
  const e = r.left as ApplyError
  assert.is(e._tag, 'ApplyError')
  assert.equal(asked, [
    ['demo:Shelf/s0', 'S0'],
    ['demo:Shelf/s1', 'S1'],
  ])
  const byStatus = (s: string) => e.result.journal.filter((j) => j.status === s).map((j) => j.address)
  assert.equal(byStatus('done'), ['demo:Shelf/s0'])
  assert.equal(byStatus('failed'), ['demo:Shelf/s1'])
  assert.match(e.failures[0]?.message ?? '', /s1 is not allowed now/)
  assert.equal(Object.keys(e.result.state.resources), ['demo:Shelf/s0'], 'what was done is saved')
})

test.run()
