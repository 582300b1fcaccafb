/**
 * Plan text and JSON name what changed inside nested fields: by key and index, unchanged siblings
 * folded, secrets masked by path. The changes diffInputs makes, rendered, are test/engine/diff.test.ts's.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { isLeft } from 'fp-ts/Either'
import { mock, stack, renderPlan, planToJson } from '#trellis'
import { cost } from '#trellis/cost'
import type { FieldChange } from '#trellis/engine'
import { displayChanges } from '#src/render/render'
import { UNKNOWN } from '#trellis/engine'
import { planOf } from './one-step-plan'

const test = suite('plan render: diffs per key')

/** the change diffInputs makes of tags a,b,c to a,B (test/engine/diff.test.ts asserts it) */
const TAGS: FieldChange = {
  path: 'tags',
  kind: 'change',
  before: ['a', 'b', 'c'],
  after: ['a', 'B'],
  replaces: false,
  inner: [
    { path: [1], kind: 'change', before: 'b', after: 'B' },
    { path: [2], kind: 'remove', before: 'c', after: undefined },
  ],
  unchanged: 1,
}

/** the change diffInputs makes of a plain nested value (test/engine/diff.test.ts asserts it) */
const PLAIN: FieldChange = {
  path: 'secretValues',
  kind: 'change',
  before: [{ context: 'all', value: 'plain-a' }],
  after: [{ context: 'all', value: 'plain-b' }],
  replaces: false,
  inner: [{ path: [0, 'value'], kind: 'change', before: 'plain-a', after: 'plain-b' }],
  unchanged: 1,
}

const monthly = cost
  .costReport('monthly', { title: 'Monthly AWS', filter: "costs.provider = 'aws'" })
  .settings({ amortize: true, includeCredits: false, includeDiscounts: true })

test('a nested change names its key and folds the unchanged siblings (a real cost report plan)', async () => {
  const first = await mock(stack('r').add(monthly))()
  if (isLeft(first)) throw new Error(JSON.stringify(first.left))
  const changed = stack('r').add(monthly.settings({ amortize: false, includeCredits: false, includeDiscounts: true }))
  const second = await mock(changed, { state: first.right.state })()
  if (isLeft(second)) throw new Error(JSON.stringify(second.left))
  const text = renderPlan(second.right.plan)
  assert.match(text, /^ {4}~ settings\.amortize: true → false$/m)
  assert.match(text, /^ {4}# \(\d+ unchanged in settings\)$/m)
  assert.not.match(text, /includeCredits/)
})

test('arrays are shown by index: changed, added and removed elements', () => {
  assert.equal(
    displayChanges(TAGS, []).map((r) => [r.path, r.kind, r.before, r.after]),
    [
      ['tags[1]', 'change', 'b', 'B'],
      ['tags[2]', 'remove', 'c', undefined],
    ],
  )
})
test('a secret path masks a plain nested value too', () => {
  const rows = displayChanges(PLAIN, ['secretValues.*.value'])
  assert.equal(rows, [{ path: 'secretValues[0].value', kind: 'change', before: '[secret]', after: '[secret]' }])
})
test('an unknown inside an array is {"unknown": true} in the document and unquoted in the text', () => {
  const d: FieldChange = { path: 'tags', kind: 'change', before: ['a'], after: ['a', UNKNOWN], replaces: false }
  const p = planOf([d])
  const text = renderPlan(p)
  assert.ok(text.includes('["a",(known after apply)]'), text)
  const json = planToJson(p)
  assert.equal(json.steps[0].diff[0].after, ['a', { unknown: true }])
  assert.not.ok(JSON.stringify(json).includes('known after apply'))
})

test.run()
