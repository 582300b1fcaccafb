/**
 * The cloud examples run against the emulator: plan, apply, a refreshed re-plan shows no change,
 * destroy leaves nothing behind, and no key appears in plans or results.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { httpHandler } from '#trellis/engine'
import type { Stack } from '#trellis'
import { exampleLifecycle } from '../example-lifecycle'
import { secret } from '#trellis'
import { platformClients } from '#trellis/clients'
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
    const texts = await exampleLifecycle(st, handler, new Date())
    for (const text of texts) assert.not.ok(text.includes(EMULATOR_SECRET_KEY))
    assert.equal(emu.objects(), [])
  })

test.run()
