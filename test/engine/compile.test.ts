import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { isLeft, isRight } from 'fp-ts/Either'
import { stack, providerInstance } from '#trellis'
import { ref as makeRef } from '#trellis'
import { secret } from '#trellis'
import { resourceNode } from '#trellis/engine'
import { compile } from '#src/engine/compile'
import { formatIssue } from '#trellis'
import { demo } from '../fixtures/demo-builders'
import { demoRegistry } from '../fixtures/demo-provider'

const test = suite('compile')
const c = compile(demoRegistry)
const issuesOf = (s: ReturnType<typeof stack>) => {
  const r = c(s)
  if (isRight(r)) throw new Error('expected errors')
  return r.left.issues.map(formatIssue)
}

test('every error in the stack is reported at once, naming node, field, expected and given', () => {
  const bad1 = resourceNode('demo:Shelf', 'a', { title: 3 })
  const bad2 = resourceNode('demo:Book', 'b', { title: 'x', pages: 'many' })
  assert.equal(issuesOf(stack('s').add(bad1, bad2)), [
    'demo:Shelf "a" field `title`: expected string, got 3',
    'demo:Book "b" field `shelfToken`: expected string, got nothing',
    'demo:Book "b" field `pages`: expected number, got "many"',
  ])
})

test('wrong enum values and unknown fields are errors', () => {
  const n = resourceNode('demo:Shelf', 'a', { title: 'x', colour: 'green', size: 3 })
  assert.equal(issuesOf(stack('s').add(n)), [
    'demo:Shelf "a" field `size`: unknown field. expected no field `size` (known fields: title, room, tags, colour), got 3',
    'demo:Shelf "a" field `colour`: expected "red" | "blue", got "green"',
  ])
})

test('cross-field rules run and name their field', () => {
  const b = demo.book('p', { shelfToken: 's', title: 't', kind: 'poem' })
  assert.equal(issuesOf(stack('s').add(b)), [
    'demo:Book "p" field `rhyme`: expected a rhyme scheme for a poem, got nothing',
  ])
})

test('warnings do not fail compilation', () => {
  const b = demo.book('p', { shelfToken: 's', title: 't', pages: 2000 })
  const r = c(stack('s').add(b))
  assert.ok(isRight(r))
  if (isRight(r)) assert.is(r.right.warnings[0].path, 'pages')
})

test('dangling refs, refs to undeclared outputs and duplicate names are errors', () => {
  const shelf = demo.shelf('main', { title: 'x' })
  const dangling = demo.book('a', { shelfToken: shelf.out.token, title: 't' })
  const undeclared = demo.book('b', { shelfToken: makeRef('demo:Shelf/main', ['nope']) as never, title: 't' })
  const out = issuesOf(stack('s').add(dangling))
  assert.match(out[0], /dangling ref to demo:Shelf "main"/)
  const out2 = issuesOf(stack('s').add(shelf, undeclared, demo.shelf('main', { title: 'y' })))
  assert.ok(
    out2.some((l) => l.includes('duplicate name')),
    out2.join('\n'),
  )
  assert.ok(
    out2.some((l) => l.includes('ref to undeclared output `nope`')),
    out2.join('\n'),
  )
})

test('a repeated name is a duplicate of the first node that compiled; one that did not is checked on its own', () => {
  // the first `main` names a provider instance the stack does not declare (so it has no vertex):
  // the second is checked as any node, and its own error shows
  const bad = issuesOf(
    stack('s').add(
      demo.shelf('main', { title: 'x' }).options({ provider: 'nope' }),
      demo.shelf('main', { title: 6 as never }),
    ),
  )
  assert.is(bad.filter((l) => l.includes('duplicate name')).length, 0, bad.join('\n'))
  assert.is(bad.filter((l) => l.includes('field `title`')).length, 1, bad.join('\n'))
  assert.is(bad.filter((l) => l.includes('options.provider')).length, 1, bad.join('\n'))
  // the first compiles: every later one is a duplicate
  const three = issuesOf(stack('s').add(...['x', 'y', 'z'].map((t) => demo.shelf('main', { title: t }))))
  assert.is(three.filter((l) => l.includes('duplicate name')).length, 2, three.join('\n'))
})

test("the graph's vertices: every node by address in declaration order; `ordered` the same vertices, dependencies first", () => {
  const shelf = demo.shelf('a', { title: 'x' })
  const book = demo.book('b', { shelfToken: shelf.out.token, title: 't' })
  const other = demo.shelf('c', { title: 'y' })
  const r = c(stack('s').add(book, other, shelf))
  if (isLeft(r)) throw new Error(r.left.issues.map(formatIssue).join('\n'))
  const g = r.right
  assert.equal([...g.vertices.keys()], ['demo:Book/b', 'demo:Shelf/c', 'demo:Shelf/a'])
  assert.equal(
    g.ordered.map((v) => v.address),
    g.order,
  )
  assert.ok(g.order.indexOf('demo:Shelf/a') < g.order.indexOf('demo:Book/b'))
  for (const v of g.ordered) assert.is(g.vertices.get(v.address), v)
  // a copy of the graph (as providers' configuration makes) has the same vertices
  assert.equal([...{ ...g }.vertices.keys()], [...g.vertices.keys()])
})

test('a dependency cycle is an error that names the cycle', () => {
  const a = demo.shelf('a', { title: makeRef<string>('demo:Shelf/b', ['title']) })
  const b = demo.shelf('b', { title: a.out.title })
  const out = issuesOf(stack('s').add(a, b))
  assert.match(out[0], /dependency cycle: demo:Shelf "(a|b)" → demo:Shelf "(a|b)" → demo:Shelf "(a|b)"/)
})

test('provider configuration is decoded with defaults and checked by its rules', () => {
  const ok = c(
    stack('s', { providers: { demo: providerInstance('demo', { key: secret('k') }) } }).add(
      demo.shelf('a', { title: 'x' }),
    ),
  )
  assert.ok(isRight(ok))
  if (isRight(ok)) assert.is(ok.right.providers.get('demo')!.config.region, 'eu')
  const bad = issuesOf(
    stack('s', { providers: { demo: providerInstance('demo', { region: 'mars' }) } }).add(
      demo.shelf('a', { title: 'x' }),
    ),
  )
  assert.equal(bad, ['provider demo field `region`: expected an earthly region, got "mars"'])
})

test('a secret given where a number is expected is reported without its value', () => {
  const b = demo.book('p', { shelfToken: 's', title: 't', pages: secret('lots') as never })
  const out = issuesOf(stack('s').add(b))
  assert.equal(out, ['demo:Book "p" field `pages`: expected number, got [secret]'])
})

test('a malformed import id is an error naming the expected format', () => {
  const b = demo.book('p', { shelfToken: 's', title: 't' }).options({ importId: 'no-colon' })
  const out = issuesOf(stack('s').add(b))
  assert.match(out[0], /field `options.importId`: .*expected <shelf_token>:<book_token>, got "no-colon"/)
})

test('compiling is pure: the same stack gives the same order', () => {
  const s = stack('s').add(
    demo.shelf('a', { title: 'x' }),
    demo.book('b', { shelfToken: demo.shelf('a', { title: 'x' }).out.token, title: 't' }),
  )
  const r1 = c(s)
  const r2 = c(s)
  assert.ok(isRight(r1) && isRight(r2))
  if (isRight(r1) && isRight(r2)) assert.equal(r1.right.order, r2.right.order)
  assert.ok(!isLeft(r1))
})

test.run()
