/**
 * Issue 36 item 2: `state mv --to-stack` is one journaled change over two states. The intent is
 * written into the source state first; a failure (or a crash) between the writes is settled by the
 * next read of the source — finished when the other state holds the record, else undone — so the
 * record is never in both states nor in neither, and the next write keeps that.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import * as E from 'fp-ts/Either'
import * as TE from 'fp-ts/TaskEither'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileStore } from '#trellis'
import { stateMoveToStack } from '#src/cli/state-move-stack'
import { ownedBy } from '#trellis/engine'
import { emptyState } from '#trellis/engine'
import type { ResourceState, State } from '#trellis'
import type { StateStore } from '#trellis'
import { stateError } from '#trellis/engine'
import type { Workspace } from '#trellis'

const test = suite('state mv --to-stack: one journaled change')

const ADDRESS = 'hosting:DnsZone/zone'
const zone: ResourceState = {
  address: ADDRESS,
  token: 'hosting:DnsZone',
  name: 'zone',
  provider: 'hosting',
  id: 'z1',
  inputs: { name: 'shop.test' },
  outputs: {},
  dependencies: [],
  changedAt: {},
}

const right = async <A>(te: TE.TaskEither<{ message: string }, A>): Promise<A> => {
  const r = await te()
  if (E.isLeft(r)) throw new Error(r.left.message)
  return r.right
}

/** a file store holding stack `shop` with the zone, claimed for shop */
const shop = async (): Promise<string> => {
  const dir = mkdtempSync(join(tmpdir(), 'trellis-move-'))
  const store = fileStore({ dir })
  await right(store.write('shop', { ...emptyState('shop', 'lin-shop', 'salt-1'), resources: { [ADDRESS]: zone } }))
  await right(store.owners!.claim('shop', [{ key: 'hosting@default hosting:DnsZone z1', address: ADDRESS }]))
  return dir
}

/** the store with the writes `fails` picks failing, as a full disk or a killed process would leave them */
const failing = (store: StateStore, fails: (stack: string, s: State) => boolean): StateStore => ({
  ...store,
  write: (stack, s) => (fails(stack, s) ? TE.left(stateError('Io', 'no space left on device')) : store.write(stack, s)),
})

const move = (store: StateStore) =>
  stateMoveToStack({ store } as unknown as Workspace, 'shop', 'edge', ADDRESS, ADDRESS).then(
    () => '',
    (e: Error) => e.message,
  )

const where = async (store: StateStore) => ({
  shop: Object.keys((await right(store.read('shop')))?.resources ?? {}),
  edge: Object.keys((await right(store.read('edge')))?.resources ?? {}),
})

test('the other state’s write fails: the next read of the source undoes the move; a retry then moves it', async () => {
  const dir = await shop()
  const broken = failing(fileStore({ dir }), (stack) => stack === 'edge')
  const why = await move(broken)
  assert.match(why, 'stopped part way (state: no space left on device)')
  assert.match(why, 'the next command that reads the state of shop finishes it or undoes it')
  // the next open (a fresh store over the same files, as after a crash)
  const reopened = fileStore({ dir })
  assert.equal(await where(reopened), { shop: [ADDRESS], edge: [] })
  assert.is((await right(reopened.read('shop')))?.moving, undefined)
  assert.is(await move(reopened), '')
  assert.equal(await where(reopened), { shop: [], edge: [ADDRESS] })
})

test('the source’s last write fails: the next read of the source finishes the move, and a write keeps it', async () => {
  const dir = await shop()
  const broken = failing(fileStore({ dir }), (stack, s) => stack === 'shop' && !s.moving)
  const why = await move(broken)
  assert.match(why, 'stopped part way')
  const reopened = fileStore({ dir })
  assert.equal(await where(reopened), { shop: [], edge: [ADDRESS] })
  const settled = (await right(reopened.read('shop')))!
  assert.is(settled.moving, undefined)
  // the claim went with the record before the failing write
  assert.equal(
    [...(await right(ownedBy(reopened))).values()].map((c) => [c.stack, c.address]),
    [['edge', ADDRESS]],
  )
  // the next write of the source keeps the settled view: read raw after it, the record stays gone
  await right(reopened.write('shop', settled))
  assert.equal(await where(fileStore({ dir })), { shop: [], edge: [ADDRESS] })
})

test('a crash after the other state’s write, before the claim is handed over: the next read hands it over', async () => {
  const dir = await shop()
  const real = fileStore({ dir })
  const lost: StateStore = {
    ...real,
    owners: { ...real.owners!, move: () => TE.left(stateError('Io', 'killed before the claims were written')) },
  }
  assert.match(await move(lost), 'killed before the claims were written')
  const reopened = fileStore({ dir })
  assert.equal(await where(reopened), { shop: [], edge: [ADDRESS] })
  const claims = async () => [...(await right(ownedBy(reopened))).values()].map((c) => [c.stack, c.address])
  assert.equal(await claims(), [['edge', ADDRESS]])
  // the source's next write (which drops the claims of what it no longer holds) leaves it with edge
  await right(reopened.write('shop', (await right(reopened.read('shop')))!))
  assert.equal(await claims(), [['edge', ADDRESS]])
})

test('the intent’s own write fails: nothing changed anywhere', async () => {
  const dir = await shop()
  const broken = failing(fileStore({ dir }), (stack, s) => stack === 'shop' && s.moving !== undefined)
  const why = await move(broken)
  assert.match(why, 'no space left on device')
  assert.equal(await where(fileStore({ dir })), { shop: [ADDRESS], edge: [] })
})

test.run()
