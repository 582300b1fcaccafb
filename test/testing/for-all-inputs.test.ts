/**
 * forAllInputs: valid inputs generated from a spec's codec (variations of its example), a user's
 * property run on each, a failure shrunk and reported as an AssertionError; fast-check loaded
 * lazily, with a clear error when it is not installed.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { AssertionError } from 'node:assert'
import { stack } from 'trellis'
import * as cost from 'trellis/cost'
import { forAllInputs, runMock, expectPlan, Match } from 'trellis/testing'
import { registry } from '#trellis'
import { compileWith as compile } from '#trellis/engine'
import { lookupNode, resourceNode } from '#trellis/engine'
import { isLeft } from 'fp-ts/Either'
import { finance } from './fixtures/finance'
import { costProvider } from '#trellis/engine'
const { CostReport } = costProvider.resources

const test = suite('trellis/testing forAllInputs')

test('every generated input is valid for the spec, and they vary', async () => {
  const seen: unknown[] = []
  await forAllInputs('cost:CostReport', (inputs) => void seen.push(inputs), { numRuns: 60, seed: 7 })
  assert.is(seen.length, 60)
  for (const v of seen) assert.is(CostReport.inputs.decode(v)._tag, 'Right', JSON.stringify(v))
  const distinct = new Set(seen.map((v) => JSON.stringify(v)))
  assert.ok(distinct.size > 20, `${distinct.size} distinct inputs of 60`)
  // variations leave out optional fields and change the example's values
  assert.ok(seen.some((v) => !('settings' in (v as object))))
  assert.ok(seen.some((v) => (v as { title: string }).title !== CostReport.examples.valid.title))
})

test('every built-in resource type and lookup gets valid inputs (none refused by its own validation)', async () => {
  const tokens = [...registry.resources.keys(), ...registry.lookups.keys()]
  const check = compile(registry)
  for (const token of tokens)
    await forAllInputs(
      token,
      (inputs) => {
        const node = registry.resources.has(token) ? resourceNode(token, 'g', inputs) : lookupNode(token, 'g', inputs)
        const compiled = check(stack('v').add(node))
        assert.ok(!isLeft(compiled), `${token}: ${JSON.stringify(isLeft(compiled) ? compiled.left.issues : [])}`)
      },
      { numRuns: 5, seed: 1 },
    )
  assert.ok(tokens.length > 80)
})

test("a property of the user's stack holds over generated reports: each lands in the folder", async () => {
  await forAllInputs(
    'cost:CostReport',
    async (inputs) => {
      const report = cost.costReport('r', inputs).folderToken(finance.out.token)
      const run = await runMock(stack('p').add(finance, report))
      expectPlan(run).toCreate('cost:CostReport', 'r', { folderToken: Match.refTo(finance, 'token') })
    },
    { numRuns: 25, seed: 3 },
  )
})

test('a failing property is shrunk and reported as an AssertionError with the inputs and the seed', async () => {
  const e = await forAllInputs('cost:Folder', (inputs) => assert.ok(!/\d/.test(inputs.title), 'a title with a digit'), {
    numRuns: 200,
    seed: 42,
  }).catch((x: unknown) => x)
  assert.instance(e, AssertionError)
  assert.is((e as AssertionError).operator, 'forAllInputs')
  // shrunk to the smallest title with a digit
  assert.match(
    (e as Error).message,
    /^the property fails for cost:Folder inputs \{"title":"0"[^}]*\} \(seed 42, after \d+ runs? and [1-9]\d* shrinks\):\na title with a digit$/,
  )
})

test('without fast-check installed, a clear error says what to install', async () => {
  const missing = () =>
    Promise.reject(Object.assign(new Error("Cannot find package 'fast-check'"), { code: 'ERR_MODULE_NOT_FOUND' }))
  const e = await forAllInputs('cost:Folder', () => {}, { load: missing }).catch((x: unknown) => x)
  assert.is(
    (e as Error).message,
    'forAllInputs needs fast-check, an optional peer dependency of trellis: npm install --save-dev fast-check',
  )
  const unknown = await forAllInputs('cost:Foldr' as never, () => {}).catch((x: unknown) => x)
  assert.is((unknown as Error).message, 'forAllInputs: no resource type or lookup cost:Foldr in the registry')
})

test.run()
