/**
 * diffInputs: the field changes of two values, as a plan's steps hold them, shown through the public
 * renderers (plan text and the plan document): arrays by index, deep paths and odd keys, long texts as
 * a line diff, secrets masked at any depth (by type or by the spec's secret path), rows per key.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { renderPlan, planToJson, secret } from '#trellis'
import { makeProtector, type FieldChange } from '#trellis/engine'
import { diffInputs } from '#src/engine/diff'
import { planOf } from '../render/one-step-plan'

const test = suite('diffInputs: field changes by key and index')

const protector = makeProtector('salt')
const options = { replaceOn: [], ignore: [], equals: {}, updatable: true, protector }
const diff = (b: Record<string, unknown>, a: Record<string, unknown>): FieldChange[] => diffInputs(b, a, options)

test('arrays are diffed by index: changed, added and removed elements', () => {
  const [d] = diff({ tags: ['a', 'b', 'c'] }, { tags: ['a', 'B'] })
  // (test/render/render.test.ts shows this change as rows tags[1] and tags[2])
  assert.equal(d, {
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
  })
  assert.is(d.unchanged, 1)
  // the plan document's rows of it (its type leaves the rows out: they are there only for a nested change)
  type Row = { path: string; kind: string; before: unknown; after: unknown }
  const [change] = planToJson(planOf([d])).steps[0].diff as unknown as Array<{ changes: Row[] }>
  const rows = change.changes.map((r) => [r.path, r.kind, r.before, r.after])
  assert.equal(rows, [
    ['tags.1', 'change', 'b', 'B'],
    ['tags.2', 'remove', 'c', null],
  ])
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

test('a plain nested value changes inside its element (a secret path masks it when rendered)', () => {
  const [d] = diff(
    { secretValues: [{ context: 'all', value: 'plain-a' }] },
    { secretValues: [{ context: 'all', value: 'plain-b' }] },
  )
  // (test/render/render.test.ts masks this change by the path secretValues.*.value)
  assert.equal(d.inner, [{ path: [0, 'value'], kind: 'change', before: 'plain-a', after: 'plain-b' }])
  assert.is(d.unchanged, 1)
})

test.run()
