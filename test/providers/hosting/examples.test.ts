/**
 * The hosting examples run against the emulator: apply, then a refreshed re-plan shows no change,
 * then destroy leaves nothing behind; secret values appear in no result or plan text.
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
import dns from '../../../examples/hosting-dns'
import env from '../../../examples/hosting-env'
import firewall from '../../../examples/hosting-firewall'

const cases: ReadonlyArray<[string, Stack]> = [
  ['hosting-dns', dns],
  ['hosting-env', env],
  ['hosting-firewall', firewall],
]

for (const [name, st] of cases)
  test(`examples/${name}.ts: apply, no-change re-plan, destroy (emulated)`, async () => {
    const { handler, emulators } = emulatedHandler()
    const e: Env = {
      registry,
      handler,
      store: memoryStore(),
      events: () => undefined,
      concurrency: 4,
      now: () => new Date('2024-05-01T10:00:00Z'),
    }
    const first = await plan(st)(e)()
    if (E.isLeft(first)) assert.unreachable(formatEngineError(first.left))
    const r = await apply(st)(e)()
    if (E.isLeft(r)) assert.unreachable(formatEngineError(r.left))
    const again = await plan(st, { refresh: true })(e)()
    if (E.isLeft(again)) assert.unreachable(formatEngineError(again.left))
    if (E.isRight(again))
      assert.ok(
        again.right.plan.steps.every((s) => s.action === 'noop' || s.action === 'read'),
        renderPlan(again.right.plan),
      )
    for (const text of [
      E.isRight(first) ? renderPlan(first.right.plan) : '',
      JSON.stringify(r),
      E.isRight(again) ? renderPlan(again.right.plan) : '',
    ])
      assert.not.ok(/change-me-in-(production|previews)/.test(text))
    const d = await destroy(st)(e)()
    if (E.isLeft(d)) assert.unreachable(formatEngineError(d.left))
    const left = emulators.hosting.objects().filter((o) => !['accounts', 'sites', 'deploy_keys'].includes(o.kind))
    assert.equal(left, [])
  })

test.run()
