/**
 * Engine regression (was a bug: fixed in src/engine/run.ts):
 * rename to .test.ts once it passes): replacing a resource whose type has no delete (`delete:
 * 'forget'`, e.g. cost:Invoice) loses the NEW object from state.
 *
 * src/engine/run.ts `doDelete` drops the address unconditionally for a forget type
 * (`durable([{ t: 'drop', address: old.address }])`), while the delete path drops it only when the
 * address still holds the old id. A replacement's deferred removal of the old object runs after
 * the new object is recorded under the same address, so the new invoice vanishes from state: the
 * next plan creates yet another invoice, and invoices cannot be deleted. The journal also names
 * the old object's removal `delete` where nothing was deleted (it was only forgotten).
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { isLeft } from 'fp-ts/Either'
import { stack } from '#trellis'
import { apply, plan } from '#trellis/engine'
import { changes } from '#trellis'
import * as cost from '#trellis/cost'
import { platforms } from './harness'

const account = cost.managedAccount('acme', { name: 'Acme', contactEmail: 'finance@acme.example' })
const june = cost
  .invoice('inv', { billingPeriodStart: '2024-06-01', billingPeriodEnd: '2024-06-30' })
  .accountToken(account.out.token)
const may = june.billingPeriodStart('2024-05-01').billingPeriodEnd('2024-05-31')

test('replacing an invoice keeps the new invoice in state, and a re-plan shows no changes', async () => {
  const p = await platforms('in-process')
  const env = p.env()
  const a1 = await apply(stack('bug').add(account, june))(env)()
  if (isLeft(a1)) throw new Error(JSON.stringify(a1.left))
  const a2 = await apply(stack('bug').add(account, may))(env)()
  if (isLeft(a2)) throw new Error(JSON.stringify(a2.left))
  const invoices = p.emulators.cost
    .objects()
    .filter((o) => o.kind === 'invoices')
    .map((o) => o.id)
  assert.is(invoices.length, 2, 'the June invoice stays (no delete) and the May one is new')
  assert.ok(a2.right.state.resources['cost:Invoice/inv'], 'the new invoice is in state')
  assert.is(
    a2.right.state.resources['cost:Invoice/inv']?.id,
    invoices.find((i) => i !== a1.right.state.resources['cost:Invoice/inv'].id),
  )
  const again = await plan(stack('bug').add(account, may))(env)()
  if (isLeft(again)) throw new Error(JSON.stringify(again.left))
  assert.equal(
    changes(again.right.plan).map((s) => `${s.action} ${s.address}`),
    [],
    'no second May invoice is planned',
  )
})

test('the old invoice of a replacement is journalled as forgotten, not deleted', async () => {
  const p = await platforms('in-process')
  const env = p.env()
  const a1 = await apply(stack('bug').add(account, june))(env)()
  if (isLeft(a1)) throw new Error(JSON.stringify(a1.left))
  const a2 = await apply(stack('bug').add(account, may))(env)()
  if (isLeft(a2)) throw new Error(JSON.stringify(a2.left))
  assert.equal(
    a2.right.journal.filter((j) => j.address === 'cost:Invoice/inv').map((j) => j.action),
    ['replace', 'forget'],
  )
})

test.run()
