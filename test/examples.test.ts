/**
 * Every example runs on the mock interpreter: it compiles, applies, and a second run plans no
 * changes. A new file under examples/ is picked up by itself.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { readdirSync } from 'node:fs'
import { runMock, expectPlan } from '#trellis/testing'
import type { Stack } from '#trellis'

const test = suite('examples')
const dir = new URL('../examples/', import.meta.url)
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.ts'))
  .sort()

test('there is a quickstart and at least one example per provider', () => {
  assert.ok(files.includes('quickstart.ts'))
})

for (const f of files)
  test(`examples/${f} runs on the mock interpreter and a second run plans no changes`, async () => {
    const mod = (await import(new URL(f, dir).href)) as { default: Stack }
    assert.is(mod.default._tag, 'Stack', `${f} must export default a stack`)
    const first = await runMock(mod.default)
    assert.ok(
      first.plan.steps.some((s) => s.action === 'create'),
      'the first run creates something',
    )
    const second = await runMock(mod.default, { state: first.state })
    expectPlan(second).toHaveNoChanges()
  })

test.run()
