/**
 * The cost examples run against the emulator: apply, then a refreshed re-plan shows no change,
 * then destroy leaves nothing behind but what the platform cannot delete (invoices).
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { emulatedHandler } from '#trellis/engine'
import type { Stack } from '#trellis'
import { exampleLifecycle } from '../example-lifecycle'
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
    await exampleLifecycle(st, handler, new Date('2024-07-15T12:00:00Z'))
    const left = emulators.cost.objects().filter((o) => o.kind !== 'workspaces')
    assert.equal(
      left.map((o) => o.kind),
      kept,
    )
  })

test.run()
