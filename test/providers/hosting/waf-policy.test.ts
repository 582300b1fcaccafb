/**
 * WAF policy category thresholds (issue 14 item 8, issue 16 item 5): the platform judges a category
 * not set at the rule set's overall threshold and reads every category back with that default
 * filled in. trellis exposes the thresholds in force as the computed output `categoryThresholds`,
 * keeps the inputs to what was set, and an imported policy plans no change.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import * as E from 'fp-ts/Either'
import { stack } from '#trellis'
import { secret } from '#trellis'
import { apply, importResource, plan } from '#trellis/engine'
import { httpHandler } from '#trellis/engine'
import type { Env } from '#trellis/engine'
import { memoryStore } from '#trellis'
import { registry } from '#trellis'
import { hostingProvider } from '#trellis/engine'
import { WAF_CATEGORIES } from '#src/providers/hosting/waf-policy'
import { buildersFor } from '#trellis/engine'
import { platformClients } from '#trellis/clients'
import { hostingEmulator, HOSTING_EMULATOR_TOKEN } from '../../../clients/emulators/hosting'

const hosting = buildersFor(hostingProvider) as any

const world = () => {
  const emu = hostingEmulator()
  const env = (): Env => ({
    registry,
    handler: httpHandler({ clients: (p, c) => platformClients({ http: emu.client })(p, c) }),
    store: memoryStore(),
    events: () => undefined,
    concurrency: 4,
    now: () => new Date('2024-05-01T10:00:00Z'),
  })
  const team = emu.objects().find((o) => o.kind === 'accounts')!.id
  return { emu, env, team }
}

const run = async <A>(rte: (env: Env) => () => Promise<E.Either<unknown, A>>, env: Env): Promise<A> => {
  const r = await rte(env)()
  if (E.isLeft(r)) throw new Error(JSON.stringify(r.left, null, 1).slice(0, 2000))
  return r.right
}
const actions = (p: { steps: ReadonlyArray<{ action: string }> }) => p.steps.map((s) => s.action)

const policy = (team: string, categoryThresholds?: Record<string, number>, overallThreshold = 5) =>
  hosting.wafPolicy('waf', {
    teamId: team,
    name: 'baseline',
    description: 'core rules',
    ruleSets: [
      {
        managedId: 'crs-basic',
        overallThreshold,
        passiveMode: false,
        ...(categoryThresholds ? { categoryThresholds } : {}),
      },
    ],
  })

test('the emulator reads every category back, the ones not set at the overall threshold', async () => {
  const w = world()
  await run(
    apply(
      stack('waf', { providers: { hosting: hosting.provider({ token: secret(HOSTING_EMULATOR_TOKEN) }) } }).add(
        policy(w.team, { sqli: 3 }),
      ),
    ),
    w.env(),
  )
  const stored = w.emu.objects().find((o) => o.kind === 'waf_policies')!.body as {
    rule_sets: Array<{ category_thresholds: Record<string, number> }>
  }
  const cats = stored.rule_sets[0].category_thresholds
  assert.equal(Object.keys(cats).sort(), [...WAF_CATEGORIES].sort())
  assert.is(cats.sqli, 3)
  assert.is(cats.xss, 5)
})

test('categoryThresholds is an output of every threshold in force; the inputs stay as set, and re-plan is empty', async () => {
  const w = world()
  const env = w.env()
  const s = stack('waf', { providers: { hosting: hosting.provider({ token: secret(HOSTING_EMULATOR_TOKEN) }) } }).add(
    policy(w.team, { sqli: 3, xss: 8 }, 6),
  )
  const r = await run(apply(s), env)
  const st = r.state.resources['hosting:WafPolicy/waf']
  const inForce = (st.outputs as { categoryThresholds: Array<Record<string, number>> }).categoryThresholds
  assert.is(inForce.length, 1)
  assert.equal(inForce[0], Object.fromEntries(WAF_CATEGORIES.map((c) => [c, c === 'sqli' ? 3 : c === 'xss' ? 8 : 6])))
  assert.equal((st.inputs as { ruleSets: Array<{ categoryThresholds: unknown }> }).ruleSets[0].categoryThresholds, {
    sqli: 3,
    xss: 8,
  })
  const again = await run(plan(s, { refresh: true }), env)
  assert.equal(actions(again.plan), ['noop'])
  // a new overall threshold moves the defaults with it
  const s2 = stack('waf', { providers: { hosting: hosting.provider({ token: secret(HOSTING_EMULATOR_TOKEN) }) } }).add(
    policy(w.team, { sqli: 3, xss: 8 }, 7),
  )
  const r2 = await run(apply(s2), env)
  const after = (
    r2.state.resources['hosting:WafPolicy/waf'].outputs as { categoryThresholds: Array<Record<string, number>> }
  ).categoryThresholds[0]
  assert.is(after.rce, 7)
  assert.is(after.sqli, 3)
})

test('import, then plan: no change, with or without thresholds set (the filled-in defaults are no drift)', async () => {
  const cases: Array<Record<string, number> | undefined> = [undefined, { sqli: 3 }, { sqli: 5, rce: 2 }]
  for (const cats of cases) {
    const w = world()
    const s = stack('waf', { providers: { hosting: hosting.provider({ token: secret(HOSTING_EMULATOR_TOKEN) }) } }).add(
      policy(w.team, cats),
    )
    const made = await run(apply(s), w.env())
    const id = made.state.resources['hosting:WafPolicy/waf'].id
    const fresh = w.env()
    const imported = await run(importResource(s, 'hosting:WafPolicy', 'waf', `${w.team}:${id}`), fresh)
    assert.equal(
      Object.keys((imported.outputs as { categoryThresholds: Array<Record<string, number>> }).categoryThresholds[0])
        .length,
      WAF_CATEGORIES.length,
    )
    const p = await run(plan(s), fresh)
    assert.equal(actions(p.plan), ['noop'], `import with categoryThresholds ${JSON.stringify(cats)}`)
  }
})

test('a category set back to the overall threshold is no change; another value is an update', async () => {
  const w = world()
  const env = w.env()
  const prov = { providers: { hosting: hosting.provider({ token: secret(HOSTING_EMULATOR_TOKEN) }) } }
  await run(apply(stack('waf', prov).add(policy(w.team, { sqli: 3 }))), env)
  const same = await run(plan(stack('waf', prov).add(policy(w.team, { sqli: 3, xss: 5 }))), env)
  assert.equal(actions(same.plan), ['noop'])
  const changed = await run(plan(stack('waf', prov).add(policy(w.team, { sqli: 4 }))), env)
  assert.equal(actions(changed.plan), ['update'])
})

test.run()
