/**
 * The cost examples run against the emulator: apply, then a refreshed re-plan shows no change,
 * then destroy leaves nothing behind but what the platform cannot delete (invoices).
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import * as E from 'fp-ts/Either'
import { emulatedHandler } from '../../../src/cli/wiring'
import { apply, plan, destroy, formatEngineError } from '../../../src/engine/operations'
import { renderPlan } from '../../../src/engine/render'
import { registry } from '../../../src/providers'
import { memoryStore } from '../../../src/state/memory-store'
import type { Env } from '../../../src/engine/env'
import type { Stack } from '../../../src/core/stack'
import budget from '../../../examples/cost-budget'
import reports from '../../../examples/cost-reports'
import invoice from '../../../examples/cost-invoice'

const cases: ReadonlyArray<[string, Stack, ReadonlyArray<string>]> = [
  ['cost-budget', budget, []],
  ['cost-reports', reports, []],
  ['cost-invoice', invoice, ['invoices']],
]

for (const [name, st, kept] of cases)
  test(`examples/${name}.ts: apply, no-change re-plan, destroy (emulated)`, async () => {
    const { handler, emulators } = emulatedHandler()
    const e: Env = {
      registry,
      handler,
      store: memoryStore(),
      events: () => undefined,
      concurrency: 4,
      now: () => new Date('2024-07-15T12:00:00Z'),
    }
    const r = await apply(st)(e)()
    if (E.isLeft(r)) assert.unreachable(formatEngineError(r.left))
    const again = await plan(st, { refresh: true })(e)()
    if (E.isLeft(again)) assert.unreachable(formatEngineError(again.left))
    if (E.isRight(again))
      assert.ok(
        again.right.plan.steps.every((s) => s.action === 'noop' || s.action === 'read'),
        renderPlan(again.right.plan),
      )
    const d = await destroy(st)(e)()
    if (E.isLeft(d)) assert.unreachable(formatEngineError(d.left))
    const left = emulators.cost.objects().filter((o) => o.kind !== 'workspaces')
    assert.equal(
      left.map((o) => o.kind),
      kept,
    )
  })

test.run()
