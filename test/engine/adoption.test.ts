/**
 * Adoptions shown at plan (issue 34 item 6, issue 36 item 5): a node with `importId` is read at plan
 * without --refresh and its step carries the update apply will make; a singleton whose create
 * overwrites (team firewall rules) holding settings that are not the platform's default is shown
 * as an adoption with its diff and a warning — in text, the JSON document (schema-valid) and HTML.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import Ajv from 'ajv'
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import * as E from 'fp-ts/Either'
import { stack, registry } from '#trellis'
import type { EngineError, PlanOutcome } from '#trellis/engine'
import { apply, plan } from '#trellis/engine'
import { render } from '#trellis'
import { mockEnv } from '#trellis/testing'
import * as cost from '#trellis/cost'
import * as hosting from '#trellis/hosting'

const test = suite('adoptions shown at plan')
const ROOT = resolve(new URL('../..', import.meta.url).pathname)

const right = <A>(r: E.Either<EngineError, A>): A => {
  if (E.isLeft(r)) throw new Error(`expected a Right, got ${JSON.stringify(r.left).slice(0, 400)}`)
  return r.right
}
const stepOf = (o: PlanOutcome, address: string) => o.plan.steps.find((s) => s.address === address)!

const rules = (published: 'allow' | 'deny' = 'deny') =>
  hosting.teamFirewallTrafficRules('rules', {
    teamId: 'team-1',
    published: { defaultAction: published },
    unpublished: { defaultAction: 'deny' },
  })
const existingRules = (inputs: Record<string, unknown>) => ({
  token: 'hosting:TeamFirewallTrafficRules',
  id: 'team-1',
  inputs: { teamId: 'team-1', ...inputs },
})

test('an import whose title differs is read at plan (no --refresh): the step shows the rename it will make', async () => {
  const env = mockEnv({ existing: [{ token: 'cost:Folder', id: 'fldr_old2', inputs: { title: 'Old books' } }] })
  const folder = cost.folder('books').title('Books').options({ importId: 'fldr_old2' })
  const o = right(await plan(stack('adopt').add(folder))(env)())
  const s = stepOf(o, 'cost:Folder/books')
  assert.is(s.action, 'import')
  assert.is(s.adopts, 'fldr_old2')
  assert.equal(
    s.diff.map((d) => [d.path, d.before, d.after]),
    [['title', 'Old books', 'Books']],
  )
  const text = render.text(o.plan, registry)
  assert.match(text, '~ title: "Old books" → "Books"')
  assert.match(text, /read at plan: then update title to match the stack/)
})

test('the JSON plan document carries the adoption and validates against schemas/plan.json; HTML shows it', async () => {
  const env = mockEnv({ existing: [{ token: 'cost:Folder', id: 'fldr_old2', inputs: { title: 'Old books' } }] })
  const o = right(
    await plan(stack('adopt').add(cost.folder('books').title('Books').options({ importId: 'fldr_old2' })))(env)(),
  )
  const steps = render.json(o.plan, registry).steps
  const s = steps.find((x) => x.name === 'books') as Record<string, unknown>
  assert.is(s.adopts, 'fldr_old2')
  const schema = JSON.parse(readFileSync(join(ROOT, 'schemas', 'plan.json'), 'utf8')) as Record<string, unknown>
  const stepSchema = (schema.properties as Record<string, { items: object }>).steps.items
  const ajv = new Ajv({ allErrors: true })
  for (const x of steps) assert.ok(ajv.validate(stepSchema, x), ajv.errorsText())
  const html = render.html(o.plan, registry)
  assert.match(html, /Old books/)
  assert.match(html, /read at plan/)
})

test('an import the stack already matches plans no update', async () => {
  const env = mockEnv({ existing: [{ token: 'cost:Folder', id: 'fldr_1', inputs: { title: 'Books' } }] })
  const o = right(
    await plan(stack('adopt').add(cost.folder('books').title('Books').options({ importId: 'fldr_1' })))(env)(),
  )
  assert.equal(stepOf(o, 'cost:Folder/books').diff, [])
  assert.match(stepOf(o, 'cost:Folder/books').notes.join(' '), /already holds what the stack sets/)
})

test('team firewall rules someone already set are shown as an adoption with their diff and a warning, not overwritten silently', async () => {
  const env = mockEnv({
    existing: [
      existingRules({
        published: {
          defaultAction: 'allow',
          ipRestrictions: [{ addresses: ['203.0.113.0/24'], description: 'abuse' }],
        },
        unpublished: { defaultAction: 'deny' },
      }),
    ],
  })
  const o = right(await plan(stack('edge').add(rules()))(env)())
  const s = stepOf(o, 'hosting:TeamFirewallTrafficRules/rules')
  assert.is(s.action, 'create')
  assert.is(s.adopts, 'team-1')
  assert.equal(
    s.diff.map((d) => d.path),
    ['published'],
  )
  assert.match(JSON.stringify(s.diff[0].before), /203\.0\.113\.0\/24/)
  const w = o.plan.warnings.find((x) => x.node.includes('TeamFirewallTrafficRules'))
  assert.ok(w)
  assert.match(w.message ?? '', /not the platform's default: applying takes it over and updates published/)
  const text = render.text(o.plan, registry)
  assert.match(text, /adopts team-1, which holds settings not the platform's default/)
  assert.match(text, /203\.0\.113\.0\/24/)
})

test("rules at the platform's default (or none at all) are a plain create", async () => {
  for (const existing of [
    [existingRules({ published: { defaultAction: 'allow' }, unpublished: { defaultAction: 'allow' } })],
    [],
  ]) {
    const o = right(await plan(stack('edge').add(rules()))(mockEnv({ existing }))())
    const s = stepOf(o, 'hosting:TeamFirewallTrafficRules/rules')
    assert.is(s.action, 'create')
    assert.is(s.adopts, undefined)
    assert.is(o.plan.warnings.length, 0)
  }
})

test('apply of an import then makes the update the plan showed', async () => {
  const env = mockEnv({ existing: [{ token: 'cost:Folder', id: 'fldr_old2', inputs: { title: 'Old books' } }] })
  const r = right(
    await apply(stack('adopt').add(cost.folder('books').title('Books').options({ importId: 'fldr_old2' })))(env)(),
  )
  assert.is(r.state.resources['cost:Folder/books'].inputs.title, 'Books')
})

test.run()
