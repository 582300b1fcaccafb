import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { stack } from '#trellis'
import { secret } from '#trellis'
import { demo } from '../fixtures/demo-builders'

const test = suite('builders')

test('every call returns a new frozen builder; the original is unchanged and can be shared', () => {
  const base = demo.shelf('a', { title: 'A' })
  const red = base.colour('red')
  assert.is.not(base, red)
  assert.ok(
    Object.isFrozen(base) && Object.isFrozen(red) && Object.isFrozen(red.node) && Object.isFrozen(red.node.inputs),
  )
  assert.equal(base.node.inputs, { title: 'A' })
  assert.equal(red.node.inputs, { title: 'A', colour: 'red' })
  assert.throws(() => ((red.node.inputs as Record<string, unknown>).title = 'B'))
})

test('nodes, stacks, refs and secrets serialise to JSON; a secret only as a marker', () => {
  const shelf = demo.shelf('a', { title: 'A' })
  const book = demo.book('b').shelfToken(shelf.out.token).title('T').code(secret('pw'))
  const s = stack('lib').add(shelf, book)
  const json = JSON.parse(JSON.stringify(s))
  assert.equal(json.nodes[1].inputs.shelfToken, { _tag: 'Ref', node: 'demo:Shelf/a', path: ['token'], mapped: 0 })
  assert.equal(json.nodes[1].inputs.code, { _tag: 'Secret' })
  assert.not.ok(JSON.stringify(s).includes('pw'))
  assert.equal(JSON.parse(JSON.stringify(book)).node.name, 'b')
})

test('out gives refs for inputs, outputs and id; map records derived values', () => {
  const lib = demo.getLibrary('l')
  const r = lib.out.rooms.map((x) => x.length)
  assert.is(r._tag, 'Ref')
  assert.is(r.mapped, 1)
  assert.equal(demo.shelf('s', { title: 'x' }).out.id.path, ['id'])
})

test('options record lifecycle settings and dependencies by address', () => {
  const a = demo.shelf('a', { title: 'A' })
  const b = demo
    .shelf('b', { title: 'B' })
    .options({ dependsOn: [a], protect: true, ignoreChanges: ['tags'], deleteBeforeReplace: true })
  assert.equal(b.node.options, {
    dependsOn: ['demo:Shelf/a'],
    protect: true,
    ignoreChanges: ['tags'],
    deleteBeforeReplace: true,
  })
})

test('provider instances and env fallbacks: explicit values win, secrets are wrapped', () => {
  const p = demo.fromEnv({ DEMO_KEY: 'k1', DEMO_REGION: 'us' }, { region: 'eu' })
  assert.is(p.config.region, 'eu')
  assert.equal(JSON.stringify(p.config.key), '{"_tag":"Secret"}')
})

test('stack.add is immutable too', () => {
  const s0 = stack('x')
  const s1 = s0.add(demo.shelf('a', { title: 'A' }))
  assert.is(s0.nodes.length, 0)
  assert.is(s1.nodes.length, 1)
  assert.ok(Object.isFrozen(s1))
})

test.run()
