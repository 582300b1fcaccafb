/**
 * `plan --json` carries the per-key rows of a nested change (as the text plan and planToJson do),
 * valid against schemas/plan.json.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import Ajv from 'ajv'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { stack } from '#trellis'
import * as cost from '#trellis/cost'
import { registry } from '#trellis'
import { runMock } from '#trellis/testing'
import { planSteps } from '#src/cli/documents'
import { ROOT } from './harness'

const program = (amortize: boolean) =>
  stack('nested', { providers: {} }).add(
    cost.folder('f', { title: 'F' }),
    cost
      .costReport('r', { title: 'R', filter: "costs.provider = 'aws'" })
      .settings({ amortize, includeCredits: true, includeRefunds: false }),
  )

test('a nested change is shown by key in the plan document, with the unchanged siblings counted', async () => {
  const first = await runMock(program(true))
  const again = await runMock(program(false), { state: first.state })
  const steps = planSteps(again.plan, registry)
  const report = steps.find((s) => s.name === 'r')!
  const settings = report.diff.find((d) => d.path === 'settings') as Record<string, unknown>
  assert.equal(settings.changes, [
    { path: 'settings.amortize', keys: ['amortize'], kind: 'change', before: true, after: false },
  ])
  assert.ok((settings.unchanged as number) >= 2)
  const ajv = new Ajv({ allErrors: true })
  const schema = JSON.parse(readFileSync(join(ROOT, 'schemas', 'plan.json'), 'utf8')) as Record<string, unknown>
  const stepSchema = (schema.properties as Record<string, { items: object }>).steps.items
  for (const s of steps) assert.ok(ajv.validate(stepSchema, s), ajv.errorsText())
})

test.run()
