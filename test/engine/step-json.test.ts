/**
 * One step mapper serves the plan document (format 3: planToJson, the CLI's plan --json, saved
 * plans) and the HTML report's display JSON: on a plan reaching every branch, each output is byte
 * for byte fixtures/step-json.golden.json (written when planToJson and plan --json became one
 * document; before, by the three separate mappers they replaced), except
 * that a saved plan now keeps a step's deleteBeforeReplace, movedFrom and readAtApply when read
 * back (before, `show FILE` called a delete-first replacement create-first and lost moves), and a
 * nested change's rows by key and index (before, a saved plan showed such a change as one row).
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { hasChanges, planToJson, registry, stack, summary } from '#trellis'
import { planDoc, planSteps } from '#src/cli/documents'
import { readSavedPlan, savedPlanDoc, writeSavedPlan } from '#src/cli/saved-plan'
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
  // planToJson is the CLI's plan document without what a run saw (drift, pending entries, …)
  const {
    refreshed,
    hasChanges: _h,
    changedOutside,
    pending,
    leftOut,
    ...rest
  } = planDoc(
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
  void [refreshed, _h, changedOutside, pending, leftOut]
  assert.equal(rest, planToJson(plan, registry))
})

test("the CLI's plan steps: markers, flags last", () => {
  same('planSteps', planSteps(plan, registry))
  const [first] = planSteps(plan, registry) as unknown as Array<Record<string, unknown>>
  assert.equal(Object.keys(first).slice(-2), ['notes', 'deleteBeforeReplace'])
  assert.equal((first.inputs as Record<string, unknown>).stored, { secret: true })
})

test('a saved plan read back renders as before', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'trellis-step-json-'))
  try {
    const file = join(dir, 'plan.json')
    const r = {
      stack: 'st',
      plan,
      hasChanges: hasChanges(plan),
      summary: summary(plan),
      refreshed: false,
      changedOutside: [],
      pending: [],
      leftOut: [],
      findings: [],
    }
    await writeSavedPlan(file, savedPlanDoc(r, stack('st'), 'prog.ts', {}, registry, undefined))
    const saved = readSavedPlan(file)
    same('savedPlanRead', {
      planToJson: planToJson(saved.approved, registry),
      planDoc: planDoc(saved.result, registry),
    })
    // the flags that change what a step means survive the round trip (a delete-first replacement,
    // a move, a read at apply)
    const flags = (p: typeof plan) =>
      // (a create-first replacement is written deleteBeforeReplace: false, and read back so)
      p.steps.map((s) => [s.address, s.deleteBeforeReplace ?? false, s.movedFrom, s.readAtApply ?? false])
    assert.equal(flags(saved.approved), flags(plan))
    // so do a nested change's rows by key and index, and the count of siblings left as they were
    // (their values below: secrets stay masked, the saved plan never held them)
    const nested = (p: typeof plan) =>
      p.steps.flatMap((s) =>
        s.diff.flatMap((d) =>
          d.inner ? [[s.address, d.path, d.unchanged ?? 0, d.inner.map((c) => [c.path, c.kind])]] : [],
        ),
      )
    assert.ok(nested(plan).length > 0)
    assert.equal(nested(saved.approved), nested(plan))
    // and both documents' diffs read back are the plan's own
    const diffs = (steps: ReadonlyArray<unknown>) => (steps as Array<{ diff: unknown }>).map((s) => s.diff)
    const display = (p: typeof plan) => (planToJson(p, registry) as { steps: unknown[] }).steps
    assert.equal(diffs(display(saved.approved)), diffs(display(plan)))
    assert.equal(diffs(planDoc(saved.result, registry).steps), diffs(planSteps(plan, registry)))
    // no secret value is written: the protected 'kept', the lookup's 'n'
    assert.not.match(readFileSync(file, 'utf8'), /"kept"|"n"/)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test.run()
