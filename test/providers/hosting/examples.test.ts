/**
 * The hosting examples run against the emulator: apply, then a refreshed re-plan shows no change,
 * then destroy leaves nothing behind; secret values appear in no result or plan text.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { emulatedHandler } from '#trellis/engine'
import type { Stack } from '#trellis'
import { exampleLifecycle } from '../example-lifecycle'
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
    const texts = await exampleLifecycle(st, handler, new Date('2024-05-01T10:00:00Z'))
    for (const text of texts) assert.not.ok(/change-me-in-(production|previews)/.test(text))
    const left = emulators.hosting.objects().filter((o) => !['accounts', 'sites', 'deploy_keys'].includes(o.kind))
    assert.equal(left, [])
  })

test.run()
