import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { stack } from '#src/core/stack'
import { resourceNode } from '#trellis/engine'
import type { Node } from '#trellis'
import { ref as makeRef } from '#trellis'

const node = (name: string): Node => resourceNode('demo:Shelf', name, { title: name })
const names = (s: { readonly nodes: ReadonlyArray<Node> }) => s.nodes.map((n) => n.name)

test('add shares the stack it extends: two adds to one stack do not see each other', () => {
  const base = stack('x').add(node('a'))
  const left = base.add(node('b'))
  const right = base.add(node('c'), node('d'))
  assert.equal(names(base), ['a'])
  assert.equal(names(left), ['a', 'b'])
  assert.equal(names(right), ['a', 'c', 'd'])
})

test('a loop of adds keeps every node in order, whether or not the stacks between were read', () => {
  let s = stack('x')
  const want: string[] = []
  for (let g = 0; g < 50; g++) {
    const group = [node(`n${g}a`), node(`n${g}b`)]
    s = s.add(...group)
    want.push(`n${g}a`, `n${g}b`)
    // read some stacks along the way: later reads start from what those put together
    if (g % 7 === 3) assert.equal(names(s), want)
  }
  assert.equal(names(s), want)
  assert.is(s.nodes.length, 100)
})

test('nodes read twice are the same frozen array', () => {
  const s = stack('x').add(node('a'), node('b'))
  assert.is(s.nodes, s.nodes)
  assert.ok(Object.isFrozen(s.nodes))
  assert.throws(() => (s.nodes as Node[]).push(node('c')))
})

test('a stack is plain data to JSON and spreads: nodes and outputs as fields, methods hidden', () => {
  const s = stack('x').add(node('a')).export('out', 1)
  assert.equal(Object.keys(s), ['_tag', 'name', 'providers', 'nodes', 'outputs'])
  const json = JSON.parse(JSON.stringify(s)) as Record<string, unknown>
  assert.equal(json, {
    _tag: 'Stack',
    name: 'x',
    providers: {},
    nodes: [JSON.parse(JSON.stringify(node('a')))],
    outputs: { out: 1 },
  })
  assert.equal(names({ ...s }), ['a'])
  assert.ok(Object.isFrozen(s))
  assert.ok(Object.isFrozen(s.outputs))
})

test('export and an empty add keep the nodes', () => {
  const s = stack('x').add(node('a'))
  assert.equal(names(s.export('k', 'v')), ['a'])
  assert.equal(names(s.add()), ['a'])
  assert.equal(s.export('k', 'v').add(node('b')).outputs, { k: 'v' })
})

test('a ref shares a frozen path and copies one that could still change', () => {
  const frozen = Object.freeze(['token'])
  assert.is(makeRef('demo:Shelf/a', frozen).path, frozen)
  const open = ['token']
  const r = makeRef('demo:Shelf/a', open)
  open[0] = 'changed'
  assert.equal(r.path, ['token'])
  assert.ok(Object.isFrozen(r.path))
})

test('a node is frozen through its inputs and options, and nodes given no options share one', () => {
  const n = resourceNode('demo:Shelf', 'a', { tags: ['x'], nested: { deep: [1] } })
  assert.ok(Object.isFrozen(n))
  assert.ok(Object.isFrozen(n.inputs.tags))
  assert.ok(Object.isFrozen((n.inputs.nested as { deep: number[] }).deep))
  assert.ok(Object.isFrozen(n.options))
  assert.is(node('b').options, node('c').options)
  const withOptions = resourceNode('demo:Shelf', 'd', {}, { dependsOn: ['demo:Shelf/a'] })
  assert.ok(Object.isFrozen(withOptions.options.dependsOn))
})

test.run()
