/**
 * addressOf keeps one address string per frozen node (refs made through a builder's `.out` and
 * compile's vertices then share it, so the maps keyed by address hash it once): what it gives is
 * always the node's own `token/name`, and an object that can change is worked out afresh.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import * as E from 'fp-ts/Either'
import { addressOf } from '#trellis'
import { resourceNode } from '#trellis/engine'
import { stack } from '#trellis'
import { compileWith as compile } from '#trellis/engine'
import { registry } from '#trellis'
import { cost } from '#trellis/cost'
import { secret } from '#trellis'

test('a frozen node has one address, its own token/name; nodes never share one by mistake', () => {
  const nodes = Array.from({ length: 200 }, (_, i) => resourceNode(`demo:T${i % 3}`, `n-${i}`, {}))
  for (const [i, n] of nodes.entries()) {
    const a = addressOf(n)
    assert.is(a, `demo:T${i % 3}/n-${i}`)
    assert.is(addressOf(n), a)
  }
})

test('an object that can change is not remembered: its address follows its fields', () => {
  const n = { token: 'demo:T', name: 'before' }
  assert.is(addressOf(n), 'demo:T/before')
  n.name = 'after'
  assert.is(addressOf(n), 'demo:T/after')
})

test('refs from .out, the compiled vertices and their dependencies name the node by its address', () => {
  const folder = cost.folder('finance', { title: 'Finance' })
  const report = cost.costReport('monthly', { title: 'Monthly', folderToken: folder.out.token })
  const s = stack('addresses', { providers: { cost: cost.provider({ apiToken: secret('test-token') }) } }).add(
    folder,
    report,
  )
  const g = compile(registry)(s)
  if (E.isLeft(g)) throw new Error(JSON.stringify(g.left.issues))
  const ref = folder.out.token
  assert.is(ref.node, 'cost:Folder/finance')
  assert.is(ref.node, addressOf(folder.node))
  assert.is(g.right.vertices.get('cost:Folder/finance')!.address, ref.node)
  assert.equal(g.right.vertices.get('cost:CostReport/monthly')!.deps, ['cost:Folder/finance'])
  assert.equal(g.right.order, ['cost:Folder/finance', 'cost:CostReport/monthly'])
})

test.run()
