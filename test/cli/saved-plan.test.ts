/**
 * A saved plan written and read back (`plan --out FILE`, then `apply FILE` or `show FILE`): on a plan
 * reaching every branch (test/engine/step-json-plan.ts), its documents read back are byte for byte
 * test/engine/fixtures/step-json.golden.json's, the flags that change what a step means survive the
 * round trip (a delete-first replacement, a move, a read at apply), so do a nested change's rows by
 * key and index, and no secret value is written.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { hasChanges, planToJson, registry, stack, summary } from '#trellis'
import { readSavedPlan, savedPlanDoc, writeSavedPlan } from '#src/cli/saved-plan'
import { everyBranchPlan as plan } from '../engine/step-json-plan'

const test = suite('a saved plan read back')
const golden = JSON.parse(
  readFileSync(new URL('../engine/fixtures/step-json.golden.json', import.meta.url), 'utf8'),
) as Record<string, unknown>
const same = (name: string, value: unknown) =>
  assert.fixture(JSON.stringify(value, null, 2), JSON.stringify(golden[name], null, 2), name)

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
    // the CLI's document of the result read back: its plan's planToJson, then what the run saw
    // (test/cli/documents.test.ts: planDoc is exactly that; none of these needs the registry here)
    const { refreshed, hasChanges: changes, changedOutside, pending, leftOut } = saved.result
    same('savedPlanRead', {
      planToJson: planToJson(saved.approved, registry),
      planDoc: {
        ...planToJson(saved.result.plan, registry),
        refreshed,
        hasChanges: changes,
        changedOutside,
        pending,
        leftOut,
      },
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
    assert.equal(diffs(display(saved.result.plan)), diffs(display(plan)))
    // no secret value is written: the protected 'kept', the lookup's 'n'
    assert.not.match(readFileSync(file, 'utf8'), /"kept"|"n"/)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test.run()
