/**
 * Plan text and JSON name what changed inside nested fields: by key and index, unchanged siblings
 * folded, long texts as a line diff, secrets masked at any depth.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { isLeft } from 'fp-ts/Either'
import { mock, stack, renderPlan, planToJson, secret, type Plan } from '#trellis'
import { cost } from '#trellis/cost'
import type { FieldChange } from '#trellis/engine'
import { diffInputs } from '#src/engine/diff'
import { displayChanges } from '#src/render/render'
import { UNKNOWN } from '#trellis/engine'
import { makeProtector } from '#trellis/engine'
import { addressOf } from '#trellis'

const test = suite('plan render: diffs per key')

const protector = makeProtector('salt')
const options = { replaceOn: [], ignore: [], equals: {}, updatable: true, protector }
const diff = (b: Record<string, unknown>, a: Record<string, unknown>): FieldChange[] => diffInputs(b, a, options)

/** a one-step plan holding the given diff, rendered as text */
const planOf = (d: ReadonlyArray<FieldChange>, secrets = false): Plan => ({
  version: 1,
  stack: 's',
  lineage: 'l',
  baseSerial: 1,
  warnings: [],
  steps: [
    {
      address: addressOf({ token: secrets ? 'hosting:EnvironmentVariable' : 'demo:Thing', name: 'x' }),
      token: secrets ? 'hosting:EnvironmentVariable' : 'demo:Thing',
      name: 'x',
      kind: 'Resource',
      action: 'update',
      provider: 'p',
      diff: d,
      inputs: {},
      deps: [],
      notes: [],
    },
  ],
})

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

test('arrays are diffed by index: changed, added and removed elements', () => {
  const [d] = diff({ tags: ['a', 'b', 'c'] }, { tags: ['a', 'B'] })
  assert.equal(
    displayChanges(d, []).map((r) => [r.path, r.kind, r.before, r.after]),
    [
      ['tags[1]', 'change', 'b', 'B'],
      ['tags[2]', 'remove', 'c', undefined],
    ],
  )
  assert.is(d.unchanged, 1)
})

test('deep paths: objects in arrays in objects, and keys that are not identifiers', () => {
  const [d] = diff(
    { rules: { list: [{ name: 'x', 'odd key': 1 }] } },
    { rules: { list: [{ name: 'x', 'odd key': 2 }, { name: 'y' }] } },
  )
  const text = renderPlan(planOf([d]))
  assert.ok(text.includes('    ~ rules.list[0]["odd key"]: 1 → 2'), text)
  assert.ok(text.includes('    + rules.list[1] = {"name":"y"}'), text)
})

test('a long text changes as a line diff with the unchanged lines folded', () => {
  const sql = (v: string) =>
    ['SELECT *', 'FROM costs', 'WHERE 1 = 1', 'AND a = 1', 'AND b = 2', `AND provider = '${v}'`].join('\n')
  const [d] = diff({ query: sql('aws') }, { query: sql('gcp') })
  const text = renderPlan(planOf([d]))
  assert.ok(text.includes('    ~ query:\n'), text)
  assert.ok(text.includes("        - AND provider = 'aws'\n        + AND provider = 'gcp'"), text)
  assert.ok(text.includes('          … 3 unchanged lines'), text)
  const json = planToJson(planOf([d])) as unknown as { steps: { diff: { lines: { op: string; text: string }[] }[] }[] }
  assert.is(json.steps[0].diff[0].lines.filter((l) => l.op !== ' ').length, 2)
})

test('a long single-line filter shows before and after on lines of their own', () => {
  const f = (v: string) => `costs.provider = '${v}' AND costs.service = 'AmazonEC2' AND tags.team = 'platform'`
  const [d] = diff({ filter: f('aws') }, { filter: f('gcp') })
  const text = renderPlan(planOf([d]))
  assert.ok(text.includes(`    ~ filter:\n        - ${f('aws')}\n        + ${f('gcp')}`), text)
})

test('a secret is [secret] at any depth, by type or by the spec secret path, and an unchanged one is folded', () => {
  const before = {
    secretValues: [
      { context: 'all', value: protector.protect('old-value') },
      { context: 'dev', value: protector.protect('same-value') },
    ],
    nested: { deep: { token: protector.protect('t0') } },
  }
  const after = {
    secretValues: [
      { context: 'all', value: secret('new-value') },
      { context: 'dev', value: secret('same-value') },
    ],
    nested: { deep: { token: secret('t1') } },
  }
  const d = diff(before, after)
  const p = planOf(d, true)
  const text = renderPlan(p)
  const json = JSON.stringify(planToJson(p))
  for (const plain of ['old-value', 'new-value', 'same-value', 't0', 't1'])
    assert.not.ok(text.includes(plain) || json.includes(plain), plain)
  assert.ok(text.includes('    ~ secretValues[0].value: [secret] → [secret]'), text)
  assert.ok(text.includes('    ~ nested.deep.token: [secret] → [secret]'), text)
  assert.not.ok(text.includes('secretValues[1]'), text)
})

test('a secret path masks a plain nested value too', () => {
  const [d] = diff(
    { secretValues: [{ context: 'all', value: 'plain-a' }] },
    { secretValues: [{ context: 'all', value: 'plain-b' }] },
  )
  const rows = displayChanges(d, ['secretValues.*.value'])
  assert.equal(rows, [{ path: 'secretValues[0].value', kind: 'change', before: '[secret]', after: '[secret]' }])
})

test('plan JSON is the plan document of format 3 and carries the rows per key, with their keys', () => {
  const [d] = diff({ settings: { a: 1, b: 2, c: 3 } }, { settings: { a: 1, b: 5, c: 3 } })
  const json = planToJson(planOf([d]))
  assert.is(json.formatVersion, 3)
  assert.is(json.kind, 'plan')
  assert.equal(json.steps[0].diff[0], {
    path: 'settings',
    kind: 'change',
    before: { a: 1, b: 2, c: 3 },
    after: { a: 1, b: 5, c: 3 },
    replaces: false,
    changes: [{ path: 'settings.b', keys: ['b'], kind: 'change', before: 2, after: 5 }],
    unchanged: 2,
  })
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
