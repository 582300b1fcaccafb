/**
 * Every registered resource type through the real interpreter, in-process against its emulator:
 * create (the platform holds it), a no-change re-plan, refresh without drift, the row's change
 * (update or replace as the platform allows), import by the spec's import id into a fresh state
 * with a no-change plan (or only the fields the spec says the platform cannot return), and destroy
 * leaving nothing behind. Then one row per provider checks that secrets reach no state or plan.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { isLeft } from 'fp-ts/Either'
import { stack, type Stack } from '#trellis'
import { resourceNode } from '#trellis/engine'
import { apply, plan, destroy, importResource, refresh } from '#trellis/engine'
import { changes, type Plan } from '#trellis'
import { renderPlan } from '#trellis'
import { planToJson } from '#trellis'
import { registry } from '#trellis'
import { memoryStore } from '#trellis'
import type { ResourceState, State } from '#trellis'
import type { Emulator } from '#trellis/clients'
import { platforms, type Platforms } from './harness'
import { rowPlatforms } from './every-resource-platforms'
import { ROWS, SECRET_ROWS, type Row } from './every-resource-rows'
import { ok } from '../helpers'

/** The plan's changes, printed (secrets masked) when there are some: a no-change plan prints nothing. */
const changesOf = (p: Plan, only?: string): string => {
  const cs = changes(p).filter((s) => !only || s.address === only)
  return cs.length === 0 ? '' : renderPlan({ ...p, steps: cs }, registry)
}

// ── where the emulator keeps an object of a state id ─────────────────────────
type Held = (objects: ReturnType<Emulator['objects']>, r: ResourceState) => boolean
const byId =
  (f: (id: string) => string): Held =>
  (objects, r) =>
    objects.some((o) => o.id === f(r.id))
const HELD: Record<string, Held> = {
  // `<team>:<key>` or `<team>:<site>:<key>` is stored as `<team>|<site or ''>|<key>`
  'hosting:EnvironmentVariable': byId((id) => {
    const p = id.split(':')
    return p.length === 2 ? `${p[0]}||${p[1]}` : p.join('|')
  }),
  'hosting:SiteFirewallTrafficRules': byId((id) => `site:${id}`),
  'hosting:TeamFirewallTrafficRules': byId((id) => `account:${id}`),
  // settings live on the site itself
  'hosting:SiteMetricsSettings': (objects, r) =>
    objects.some(
      (o) =>
        o.kind === 'sites' &&
        o.id === r.id &&
        (o.body as Record<string, unknown>).rum_enabled === (r.inputs.realUserMetrics ?? false),
    ),
  // the binding's id has no key list; the release's none of the version
  'cloud:ApiGatewayUsagePlanAttachment': byId((id) => id.split('#').slice(0, 5).join('#')),
  // an environment is released at one version at a time: the release of this id is the current one
  'cloud:ApiGatewayServiceRelease': (objects, r) => {
    const [service, env, version] = r.id.split('#')
    return objects.some(
      (o) => o.id === `${service}#${env}` && (o.body as Record<string, unknown>).VersionName === version,
    )
  },
  'cloud:ApiGatewayIpStrategy': byId((id) => id.split('#')[1]),
}
const held = (p: Platforms, r: ResourceState): boolean => {
  const emu = p.emulators[registry.resources.get(r.token)!.provider as 'cost']
  return (HELD[r.token] ?? byId((id) => id))(emu.objects(), r)
}
const isForget = (token: string) => registry.resources.get(token)!.wire.delete === 'forget'

/** Every resource of a state imported by its spec's import id into a fresh memory store. */
const importAll = async (p: Platforms, st: Stack, s: State) => {
  const env = { ...p.env(), store: memoryStore() }
  const ids: Record<string, string> = {}
  for (const r of Object.values(s.resources)) {
    const importId = registry.resources.get(r.token)!.identity.printImportId(r.id, r.inputs)
    ids[r.address] = ok(
      await importResource(st, r.token, r.name, importId)(env)(),
      `import ${r.address} by ${importId}`,
    ).id
  }
  return { env, ids }
}

/** AFTER with every resource node adopting its object of `s` by the `importId` option. */
const withImportIds = (st: Stack, s: State): Stack =>
  stack(st.name, { providers: st.providers }).add(
    ...st.nodes.map((n) => {
      const r = s.resources[`${n.token}/${n.name}`]
      return n._tag === 'Resource' && r
        ? resourceNode(n.token, n.name, n.inputs, {
            ...n.options,
            importId: registry.resources.get(n.token)!.identity.printImportId(r.id, r.inputs),
          })
        : n
    }),
  )

// ── every type has a row ─────────────────────────────────────────────────────
const coverage = suite('every resource: coverage')
coverage('every registered resource type has exactly one row (15 cost, 9 hosting, 9 cloud)', () => {
  const tokens = [...registry.resources.keys()].sort()
  assert.equal(ROWS.map((r) => r.token).sort(), tokens)
  const per = (p: string) => tokens.filter((t) => t.startsWith(`${p}:`)).length
  assert.equal([per('cost'), per('hosting'), per('cloud')], [15, 9, 9])
})
coverage.run()

// ── the rows ─────────────────────────────────────────────────────────────────
const run = async (row: Row): Promise<void> => {
  const p = row.fixtures ? await rowPlatforms() : await platforms('in-process')
  try {
    const env = p.env()
    const address = `${row.token}/${row.name}`

    // 1. create: the platform holds the object
    const a1 = ok(await apply(row.before)(env)(), 'apply BEFORE')
    const r1 = a1.state.resources[address]
    assert.ok(r1, `${address} is in state after apply`)
    assert.ok(held(p, r1), `the emulator holds ${r1.id}`)

    // 2. a re-plan shows no changes; 6. a refresh shows no drift
    assert.is(changesOf(ok(await plan(row.before)(env)(), 're-plan BEFORE').plan), '', 're-plan of BEFORE')
    assert.equal(ok(await refresh(row.before)(env)(), 'refresh BEFORE').drift, [], 'refresh after BEFORE')

    // 3. the change takes the expected action on the node, and then shows no changes
    const change = async (
      from: ResourceState,
      to: Stack,
      what: string,
    ): Promise<{ state: State; r: ResourceState }> => {
      const a = ok(await apply(to)(env)(), `apply ${what}`)
      const r = a.state.resources[address]
      assert.ok(r, `${address} is in state after ${what}`)
      if (row.expect === 'none')
        assert.ok(
          a.journal.every((j) => j.address !== address),
          JSON.stringify(a.journal),
        )
      else {
        // a replacement is journalled as the new object's create and the old one's removal, in the
        // order they were sent: the old one first where the spec says the platform needs that
        const mine = a.journal.filter((j) => j.address === address).map((j) => `${j.action} ${j.status}`)
        const removal = `${isForget(row.token) ? 'forget' : 'delete'} done`
        const want =
          row.expect !== 'replace'
            ? ['update done']
            : registry.resources.get(row.token)!.deleteBeforeReplace
              ? [removal, 'replace done']
              : ['replace done', removal]
        assert.equal(mine, want, `journal of ${what}: ${JSON.stringify(a.journal)}`)
      }
      if (row.expect === 'replace') {
        assert.is.not(r.id, from.id, 'a replacement has a new id')
        // the old object is gone, unless the platform cannot delete it
        assert.is(
          held(p, from),
          isForget(row.token),
          `the replaced object ${from.id} is ${isForget(row.token) ? 'kept (no delete)' : 'deleted'}`,
        )
      } else assert.is(r.id, from.id)
      assert.ok(held(p, r), `the emulator holds ${r.id} after ${what}`)
      assert.is(changesOf(ok(await plan(to)(env)(), `re-plan ${what}`).plan), '', `re-plan of ${what}`)
      assert.equal(ok(await refresh(to)(env)(), `refresh ${what}`).drift, [], `refresh after ${what}`)
      return { state: a.state, r }
    }
    const { state: s2, r: r2 } = await change(r1, row.after, 'AFTER')
    const a2 = { state: s2 }

    // 6b. where the platform lists the type, a refresh of two or more objects reads them in one
    // listing (decoded without the inputs that were sent): a twin of the node, imported into a
    // copy of the state, makes the refresh take that path; it must show no drift either
    if (registry.resources.get(row.token)!.wire.list) {
      const copy = {
        ...env,
        store: memoryStore({ [row.after.name]: ok(await env.store.read(row.after.name)(), 'read state')! }),
      }
      const importId = registry.resources.get(row.token)!.identity.printImportId(r2.id, r2.inputs)
      ok(await importResource(row.after, row.token, `${row.name}-twin`, importId)(copy)(), 'import a twin')
      const drift = ok(await refresh(row.after)(copy)(), 'refresh by listing').drift
      assert.equal(
        drift.filter((x) => x.address === address),
        [],
        'refresh by listing',
      )
    }

    // 4. import every node into a fresh state: same ids, and a plan with no change for the node
    const im = await importAll(p, row.after, a2.state)
    assert.equal(
      im.ids,
      Object.fromEntries(Object.values(a2.state.resources).map((r) => [r.address, r.id])),
      'import gives the same ids',
    )
    const ip = ok(await plan(row.after)(im.env)(), 'plan AFTER on the imported state').plan
    const step = ip.steps.find((x) => x.address === address)!
    if (step.action !== 'noop') {
      const gaps = row.importGaps ?? []
      const outside = step.diff.filter((d) => !gaps.includes(d.path))
      assert.ok(
        step.action === 'update' && gaps.length > 0 && outside.length === 0,
        `plan after import (documented gaps: ${gaps.join(', ') || 'none'}):\n${changesOf(ip, address)}`,
      )
    }

    // 4b. the other way in: every node of AFTER adopted with its `importId` option into a fresh
    // state; the apply imports them all (reading with the stack's inputs), then a re-plan is clean
    const adopting = withImportIds(row.after, a2.state)
    const fresh = { ...p.env(), store: memoryStore() }
    const a3 = ok(await apply(adopting)(fresh)(), 'apply AFTER with importId options')
    assert.equal(
      a3.journal
        .filter((j) => j.action !== 'read' && (j.status !== 'done' || j.action !== 'import'))
        .map((j) => `${j.action} ${j.status} ${j.address}`),
      [],
      'every node is imported',
    )
    assert.is(a3.state.resources[address]?.id, r2.id, 'importId adopts the same object')
    assert.is(changesOf(ok(await plan(adopting)(fresh)(), 're-plan after importId').plan), '', 're-plan after importId')

    // 3b. back to BEFORE: the reverse change (fields removed, items dropped) takes the same action
    const back = await change(r2, row.before, 'BEFORE again')

    // 5. destroy: nothing of the stack is left, except what the platform cannot delete (only forgotten)
    const d = ok(await destroy(row.before)(env)(), 'destroy')
    for (const r of Object.values(back.state.resources)) {
      const j = d.journal.find((x) => x.address === r.address)
      assert.ok(j && j.status === 'done', `destroy journal has ${r.address}: ${JSON.stringify(d.journal)}`)
      if (isForget(r.token)) {
        assert.is(j.action, 'forget')
        assert.ok(held(p, r), `${r.address} (${r.id}) stays on the platform, only forgotten`)
      } else {
        assert.is(j.action, 'delete')
        assert.not.ok(held(p, r), `${r.address} (${r.id}) is deleted`)
      }
    }
    assert.equal(Object.keys(d.state.resources), [], 'state is empty after destroy')
  } finally {
    await p.close()
  }
}

for (const provider of ['cost', 'hosting', 'cloud']) {
  const test = suite(`every resource (${provider}, in-process)`)
  for (const row of ROWS.filter((r) => r.token.startsWith(`${provider}:`)))
    test(`${row.token}: create, re-plan, refresh, ${row.expect === 'none' ? 'no change' : row.expect} (${row.change}) and back, import, destroy`, () =>
      run(row))
  test.run()
}

// ── secrets reach no state and no plan ───────────────────────────────────────
const secrets = suite('every resource: secrets')
for (const row of SECRET_ROWS)
  secrets(`${row.provider}: ${row.title} appear in no state, plan text or plan JSON`, async () => {
    const p = await platforms('in-process')
    try {
      const env = p.env()
      const seen: Array<[string, string]> = []
      const look = (what: string, text: string) => seen.push([what, text])
      const lookPlan = (what: string, pl: Plan) => {
        look(`${what} text`, renderPlan(pl, registry, { all: true }))
        look(`${what} JSON`, JSON.stringify(planToJson(pl, registry)))
      }
      const stateNow = async (what: string) => {
        const s = await env.store.read(row.before.name)()
        look(what, JSON.stringify(isLeft(s) ? s.left : s.right))
      }
      const a1 = ok(await apply(row.before)(env)(), 'apply BEFORE')
      lookPlan('plan of BEFORE', a1.plan)
      look('state returned by apply', JSON.stringify(a1.state))
      await stateNow('stored state after BEFORE')
      const p2 = ok(await plan(row.after)(env)(), 'plan AFTER').plan
      lookPlan('plan of AFTER', p2)
      if (row.afterChanges) {
        assert.ok(changes(p2).length > 0, 'changing a secret shows in the plan')
        assert.match(renderPlan(p2, registry), /\[secret\]/)
      }
      const a2 = ok(await apply(row.after)(env)(), 'apply AFTER')
      lookPlan('plan applied', a2.plan)
      look('state returned by apply AFTER', JSON.stringify(a2.state))
      await stateNow('stored state after AFTER')
      const r = ok(await refresh(row.after)(env)(), 'refresh')
      look('refresh result', JSON.stringify(r))
      lookPlan('plan with refresh', ok(await plan(row.after, { refresh: true })(env)(), 'plan --refresh').plan)
      const d = ok(await destroy(row.after)(env)(), 'destroy')
      lookPlan('destroy plan', d.plan)
      for (const [what, text] of seen)
        for (const c of row.canaries) assert.not.ok(text.includes(c), `a secret appears in the ${what}`)
      assert.ok(seen.length >= 10)
    } finally {
      await p.close()
    }
  })
secrets.run()
