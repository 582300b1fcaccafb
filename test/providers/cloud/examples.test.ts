/**
 * The cloud examples run against the emulator: plan, apply, a refreshed re-plan shows no change,
 * destroy leaves nothing behind, and no key appears in plans or results.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import * as E from 'fp-ts/Either'
import { apply, plan, destroy, formatEngineError } from '../../../src/engine/operations'
import { httpHandler } from '../../../src/engine/http-handler'
import { renderPlan } from '../../../src/engine/render'
import { registry } from '../../../src/providers'
import { memoryStore } from '../../../src/state/memory-store'
import type { Env } from '../../../src/engine/env'
import type { Stack } from '../../../src/core/stack'
import { secret } from '../../../src/core/secret'
import { platformClients } from '../../../clients/platforms'
import { cloudEmulator, EMULATOR_SECRET_ID, EMULATOR_SECRET_KEY } from '../../../clients/emulators/cloud'
import api from '../../../examples/cloud-api'
import plugin from '../../../examples/cloud-plugin'

const cases: ReadonlyArray<[string, Stack]> = [
  ['cloud-api', api],
  ['cloud-plugin', plugin],
]

for (const [name, st] of cases)
  test(`examples/${name}.ts: apply, no-change re-plan, destroy (emulated)`, async () => {
    const emu = cloudEmulator({ visibleAfter: 2 })
    // the examples configure no keys when the environment has none: use the emulator's
    const withKeys = (c: Readonly<Record<string, unknown>>) => ({
      ...c,
      secretId: EMULATOR_SECRET_ID,
      secretKey: secret(EMULATOR_SECRET_KEY),
    })
    const handler = httpHandler({
      clients: (p, c) => platformClients({ http: emu.client, sleep: async () => undefined })(p, withKeys(c)),
    })
    const e: Env = {
      registry,
      handler,
      store: memoryStore(),
      events: () => undefined,
      concurrency: 4,
      now: () => new Date(),
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
    assert.not.ok(JSON.stringify(r).includes(EMULATOR_SECRET_KEY))
    const d = await destroy(st)(e)()
    if (E.isLeft(d)) assert.unreachable(formatEngineError(d.left))
    assert.equal(emu.objects(), [])
  })

test.run()
