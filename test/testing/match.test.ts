/**
 * Match: nested partial matching by default, and each matcher passing and failing with the
 * mismatch it reports (path, expected, what was there).
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { secret } from 'trellis'
import { Match } from 'trellis/testing'
import { mismatchesOf } from '#src/testing/match'
import { UNKNOWN } from '#trellis/engine'
import { ref as makeRef } from '#trellis'
import { monthly, finance } from './fixtures/finance'

const test = suite('trellis/testing Match')
const lines = (pattern: unknown, actual: unknown, original?: unknown) =>
  mismatchesOf(pattern, actual, original).map(
    (m) => `${m.path}: expected ${m.expected}, got ${JSON.stringify(m.actual)}`,
  )

const report = {
  title: 'Monthly',
  settings: { amortize: true, includeCredits: false },
  groupings: ['provider', 'service'],
}

test('plain objects match partially at every depth; arrays element by element', () => {
  assert.equal(lines({ settings: { amortize: true } }, report), [])
  assert.equal(lines({ settings: { amortize: false } }, report), ['settings.amortize: expected false, got true'])
  assert.equal(lines({ groupings: ['provider'] }, report), [
    'groupings: expected an array of 1 (["provider"]), got ["provider","service"]',
  ])
  assert.equal(lines({ missing: 'x' }, report), ['missing: expected "x", got undefined'])
})

test('Match.exact and Match.objectEquals refuse extra fields; objectLike does not', () => {
  assert.equal(lines({ settings: Match.exact({ amortize: true, includeCredits: false }) }, report), [])
  assert.equal(lines({ settings: Match.exact({ amortize: true }) }, report), [
    'settings.includeCredits: expected no such field, got false',
  ])
  assert.equal(lines({ settings: Match.objectEquals({ amortize: true }) }, report), [
    'settings.includeCredits: expected no such field, got false',
  ])
  assert.equal(lines({ settings: Match.objectEquals({ amortize: true }) }, { settings: 'x' }), [
    'settings: expected an object, got "x"',
  ])
  assert.equal(
    lines(
      Match.exact({ settings: Match.objectLike({ amortize: true }), title: 'Monthly', groupings: Match.anyValue() }),
      report,
    ),
    [],
  )
})

test('Match.arrayWith finds items in order among others; Match.arrayEquals wants exactly these', () => {
  assert.equal(lines({ groupings: Match.arrayWith(['service']) }, report), [])
  assert.equal(lines({ groupings: Match.arrayWith(['provider', 'service']) }, report), [])
  assert.equal(lines({ groupings: Match.arrayWith(['service', 'provider']) }, report), [
    'groupings: expected an array with "provider" (after position 2), got ["provider","service"]',
  ])
  assert.equal(lines({ groupings: Match.arrayEquals(['provider', 'service']) }, report), [])
  assert.equal(lines({ groupings: Match.arrayEquals(['provider']) }, report), [
    'groupings: expected an array of 1 (["provider"]), got ["provider","service"]',
  ])
  assert.equal(lines({ title: Match.arrayWith([]) }, report), ['title: expected an array, got "Monthly"'])
})

test('Match.anyValue, Match.absent and Match.not', () => {
  assert.equal(lines({ title: Match.anyValue(), filter: Match.absent() }, report), [])
  assert.equal(lines({ filter: Match.anyValue() }, report), ['filter: expected any value, got undefined'])
  assert.equal(lines({ title: Match.absent() }, report), ['title: expected absent, got "Monthly"'])
  assert.equal(lines({ title: Match.not('Weekly') }, report), [])
  assert.equal(lines({ title: Match.not(Match.stringLike(/^Month/)) }, report), [
    'title: expected not a string like /^Month/, got "Monthly"',
  ])
})

test('Match.stringLike takes a RegExp or its source', () => {
  assert.equal(lines({ title: Match.stringLike(/^Mon/) }, report), [])
  assert.equal(lines({ title: Match.stringLike('ly$') }, report), [])
  assert.equal(lines({ title: Match.stringLike(/^Week/) }, report), [
    'title: expected a string like /^Week/, got "Monthly"',
  ])
  assert.equal(lines({ settings: Match.stringLike(/x/) }, report), [
    'settings: expected a string like /x/, got {"amortize":true,"includeCredits":false}',
  ])
})

test('Match.secret and plain values for secret fields compare without printing the value', () => {
  const v = { key: secret('hunter2') }
  assert.equal(lines({ key: Match.secret() }, v), [])
  assert.equal(lines({ key: Match.secret('hunter2') }, v), [])
  assert.equal(lines({ key: 'hunter2' }, v), [])
  assert.equal(lines({ key: secret('hunter2') }, v), [])
  const wrong = [
    ...lines({ key: Match.secret('nope') }, v),
    ...lines({ key: 'nope' }, v),
    ...lines({ key: secret('no') }, v),
  ]
  assert.equal(wrong, [
    'key: expected a secret with the value given, got "[secret]"',
    'key: expected [secret] equal to the value given, got "[secret]"',
    'key: expected another secret value, got "[secret]"',
  ])
  assert.not.ok(JSON.stringify(wrong).includes('hunter2'))
  assert.equal(lines({ key: Match.secret() }, { key: 'plain' }), ['key: expected a secret, got "plain"'])
})

test('Match.unknown is a value known only after apply; a plain value never matches one', () => {
  assert.equal(lines({ folderToken: Match.unknown() }, { folderToken: UNKNOWN }), [])
  assert.equal(lines({ folderToken: Match.unknown() }, { folderToken: 'fldr_1' }), [
    'folderToken: expected (known after apply), got "fldr_1"',
  ])
  assert.equal(lines({ folderToken: 'fldr_1' }, { folderToken: UNKNOWN }), [
    'folderToken: expected "fldr_1", got "(known after apply)"',
  ])
})

test("Match.refTo checks the stack's own value (a builder, a node or an address)", () => {
  const original = monthly.node.inputs
  const planned = { ...original, folderToken: UNKNOWN }
  assert.equal(lines({ folderToken: Match.refTo(finance, 'token') }, planned, original), [])
  assert.equal(lines({ folderToken: Match.refTo('cost:Folder/finance', 'token') }, planned, original), [])
  assert.equal(lines({ folderToken: Match.refTo(finance.node, 'id') }, planned, original), [
    'folderToken: expected a ref to cost:Folder/finance.id, got "ref(cost:Folder/finance.token)"',
  ])
  // without the stack's value, an unresolved ref in the plan itself is checked
  assert.equal(lines({ t: Match.refTo(finance, 'token') }, { t: makeRef('cost:Folder/finance', ['token']) }), [])
  assert.equal(lines({ title: Match.refTo(finance, 'token') }, { title: 'x' }, { title: 'x' }), [
    'title: expected a ref to cost:Folder/finance.token, got "x"',
  ])
})

test('Match.secret() matches a list of secrets (a secret field holding a list), with or without its values', () => {
  const keys = [secret('a'), secret('b')]
  assert.equal(mismatchesOf(Match.secret(), keys), [])
  assert.equal(mismatchesOf(Match.secret(['a', 'b']), keys), [])
  assert.is(mismatchesOf(Match.secret(['a', 'c']), keys).length, 1)
  assert.is(mismatchesOf(Match.secret(), [secret('a'), 'plain']).length, 1, 'one plain item: not a secret list')
  assert.is(mismatchesOf(Match.secret(), []).length, 1, 'an empty list holds no secret')
})

test('Match.capture() keeps what it matched, as CDK Capture; with a pattern it matches only that', () => {
  const any = Match.capture<string>()
  assert.equal(mismatchesOf({ title: any, id: any }, { title: 'Finance', id: 'fldr_1' }), [])
  assert.equal([any.value, any.values], ['fldr_1', ['Finance', 'fldr_1']])
  const like = Match.capture<string>(Match.stringLike(/^fldr_/))
  assert.is(mismatchesOf({ id: like }, { id: 'rprt_1' }).length, 1)
  assert.is(like.value, undefined, 'nothing captured from a mismatch')
  assert.equal(mismatchesOf({ id: like }, { id: 'fldr_2' }), [])
  assert.is(like.value, 'fldr_2')
})

test.run()
