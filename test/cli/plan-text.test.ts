/**
 * Warnings are never hidden by "No changes" (issue 34 item 4): a custom provider's `name` is fixed
 * after creation, so changing it plans no change and warns; the text plan prints that warning and
 * the step's note, as the JSON plan carries them.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { stack, workspace } from '#trellis'
import * as cost from '#trellis/cost'
import { registry } from '#trellis'
import { planText } from '#src/cli/plan-text'
import { tempDir } from './harness'

const program = (name: string) => stack('custom').add(cost.customProvider('snowflake', { name }))

test('a plan of no change prints its warnings and notes (text), as JSON carries them', async () => {
  const ws = workspace({ stateDir: tempDir(), emulate: true, env: {} })
  await ws.apply(program('Snowflake'))
  const p = await ws.plan(program('Snowflake (renamed)'))
  assert.is(p.hasChanges, false)
  assert.ok(p.plan.warnings.length > 0, 'the plan carries the warning')
  const text = planText(p, registry, { colour: false })
  assert.match(text, 'No changes to the stack')
  assert.match(text, 'cost:CustomProvider "snowflake" field `name`')
  assert.match(text, 'is fixed after creation; the existing value is kept.')
  assert.match(text, 'name cannot change after creation: keeping the existing value')
})

test.run()
