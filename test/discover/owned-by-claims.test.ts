/**
 * Issue 39 item 1 with issue 36's ownership index: discovery asks the store's claims who owns what
 * (one read of the index, no stack's state read), and a store without claims falls back to reading
 * every stack's state.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { apply, discover, emulatedEnv, memoryStore, type Env } from '#trellis/engine'
import * as cost from '#trellis/cost'
import { stack } from '#trellis'
import type { StateStore } from '#trellis'
import { right } from './brownfield-helpers'

/** the addresses a stack keeps, as a state write tells the claims */
const keptList = (addresses: ReadonlyArray<string>) => ({
  has: (a: string) => addresses.includes(a),
  list: () => addresses,
})

const test = suite('discover: who owns what, from the ownership index')

const other = stack('other').add(
  cost.folder('mine', { title: 'Mine', workspaceToken: 'wrkspc_default' }),
  cost.folder('also', { title: 'Also mine', workspaceToken: 'wrkspc_default' }),
)
const unowned = cost.folder('loose', { title: 'Nobody’s', workspaceToken: 'wrkspc_default' })

/** the store with its state reads counted */
const counted = (store: StateStore): { store: StateStore; reads: () => number } => {
  let n = 0
  return {
    store: { ...store, read: (name) => (n++, store.read(name)) },
    reads: () => n,
  }
}

const folders = async (env: Env) => right(discover({ types: ['cost:Folder'] })(env))

test('with an ownership index: the claims decide, and no state is read', async () => {
  const base = emulatedEnv({ store: memoryStore(), env: {} })
  await right(apply(other)(base))
  // made by another store: nobody here claims it
  await right(
    apply(stack('loose').add(unowned))(emulatedEnv({ store: memoryStore(), env: {}, emulators: base.emulators })),
  )
  const c = counted(base.store)
  const env = { ...base, store: c.store }
  const d = await folders(env)
  assert.is(d.owned, 2)
  assert.equal(
    d.objects.map((o) => o.inputs.title),
    ['Nobody’s'],
  )
  assert.is(c.reads(), 0, 'no stack state was read')
  // the index, not the state, is what counts: a claim dropped makes the object offered again
  await right(() => base.store.owners!.retain('other', keptList(['cost:Folder/also']))())
  const after = await folders(env)
  assert.is(after.owned, 1)
  assert.equal(after.objects.map((o) => o.inputs.title).sort(), ['Mine', 'Nobody’s'])
})

test('without an ownership index: every stack’s state is read instead', async () => {
  const bare: StateStore = { ...memoryStore(), owners: undefined }
  const c = counted(bare)
  const base = emulatedEnv({ store: c.store, env: {} })
  await right(apply(other)(base))
  await right(
    apply(stack('loose').add(unowned))(emulatedEnv({ store: memoryStore(), env: {}, emulators: base.emulators })),
  )
  const before = c.reads()
  const d = await folders(base)
  assert.is(d.owned, 2)
  assert.equal(
    d.objects.map((o) => o.inputs.title),
    ['Nobody’s'],
  )
  assert.ok(c.reads() > before, 'the stacks’ states were read')
})

test.run()
