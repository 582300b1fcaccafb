/**
 * `plan --json` carries the per-key rows of a nested change (as the text plan and planToJson do),
 * valid against schemas/plan.json. The CLI's plan document is planToJson's plus what the run saw,
 * and its steps are byte for byte test/engine/fixtures/step-json.golden.json's (see
 * test/engine/step-json.test.ts: one step mapper, three documents).
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import Ajv from 'ajv'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { planToJson, stack, summary } from '#trellis'
import * as cost from '#trellis/cost'
import { registry } from '#trellis'
import { runMock } from '#trellis/testing'
import { planDoc, planSteps } from '#src/cli/documents'
import { everyBranchPlan as plan } from '../engine/step-json-plan'
import { ROOT } from './harness'

const golden = JSON.parse(
  readFileSync(new URL('../engine/fixtures/step-json.golden.json', import.meta.url), 'utf8'),
) as Record<string, unknown>
const same = (name: string, value: unknown) =>
  assert.fixture(JSON.stringify(value, null, 2), JSON.stringify(golden[name], null, 2), name)

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

test("the CLI's plan document is planToJson's and what the run saw beside it", () => {
  const { refreshed, hasChanges, changedOutside, pending, leftOut, ...rest } = planDoc(
    {
      stack: 'st',
      plan,
      hasChanges: true,
      summary: summary(plan),
      refreshed: false,
      changedOutside: [],
      pending: [],
      leftOut: [],
      findings: [],
    },
    registry,
  )
  // (test/cli/saved-plan.test.ts leans on this: a read-back result's document is its plan's, plus these)
  assert.equal(
    { refreshed, hasChanges, changedOutside, pending, leftOut },
    {
      refreshed: false,
      hasChanges: true,
      changedOutside: [],
      pending: [],
      leftOut: [],
    },
  )
  assert.equal(rest, planToJson(plan, registry))
})

test("the CLI's plan steps: markers, flags last", () => {
  same('planSteps', planSteps(plan, registry))
  const [first] = planSteps(plan, registry) as unknown as Array<Record<string, unknown>>
  assert.equal(Object.keys(first).slice(-2), ['notes', 'deleteBeforeReplace'])
  assert.equal((first.inputs as Record<string, unknown>).stored, { secret: true })
})

test.run()
