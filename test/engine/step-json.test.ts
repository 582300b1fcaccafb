/**
 * One step mapper serves the plan document (format 3: planToJson, the CLI's plan --json, saved
 * plans) and the HTML report's display JSON: on a plan reaching every branch, each output is byte
 * for byte fixtures/step-json.golden.json (written when planToJson and plan --json became one
 * document; before, by the three separate mappers they replaced), except
 * that a saved plan now keeps a step's deleteBeforeReplace, movedFrom and readAtApply when read
 * back (before, `show FILE` called a delete-first replacement create-first and lost moves), and a
 * nested change's rows by key and index (before, a saved plan showed such a change as one row).
 * Here planToJson's; the CLI's plan document and steps in test/cli/documents.test.ts, a saved plan
 * read back in test/cli/saved-plan.test.ts, each its own module's suite.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { readFileSync } from 'node:fs'
import { planToJson, registry } from '#trellis'
import { everyBranchPlan as plan } from './step-json-plan'

const test = suite('plan steps as JSON: one mapper, three documents')
const golden = JSON.parse(readFileSync(new URL('./fixtures/step-json.golden.json', import.meta.url), 'utf8')) as Record<
  string,
  unknown
>
const same = (name: string, value: unknown) =>
  assert.fixture(JSON.stringify(value, null, 2), JSON.stringify(golden[name], null, 2), name)

test('planToJson, with and without a registry', () => {
  same('planToJson', planToJson(plan, registry))
  same('planToJsonNoRegistry', planToJson(plan))
  const steps = (planToJson(plan, registry) as { steps: Array<Record<string, unknown>> }).steps
  assert.equal(Object.keys(steps[0]).slice(0, 6), ['address', 'token', 'name', 'kind', 'action', 'provider'])
})

test.run()
