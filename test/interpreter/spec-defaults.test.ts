/**
 * Spec defaults on the cost emulator: reports left without an interval or weight show the
 * platform's defaults in the plan, record them in state, and re-plan, refresh and import clean.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { stack } from '#trellis'
import { apply, plan, refresh, importResource } from '#trellis/engine'
import { changes } from '#trellis'
import { renderPlan } from '#trellis'
import { registry } from '#trellis'
import { memoryStore } from '#trellis'
import * as cost from '#trellis/cost'
import { platforms } from './harness'
import { ok } from '../helpers'

const test = suite('spec defaults (cost emulator)')

for (const [what, node, want] of [
  [
    'a network flow report without dateInterval or flowWeight',
    cost.networkFlowReport('flows', { title: 'Flows', workspaceToken: 'wrkspc_default' }),
    { dateInterval: 'last_7_days', flowWeight: 'costs' },
  ],
  [
    'a Kubernetes efficiency report without dates or interval',
    cost.kubernetesEfficiencyReport('k8s', { title: 'K8s', workspaceToken: 'wrkspc_default' }),
    { dateInterval: 'this_month' },
  ],
] as const)
  test(`${what}: the defaults show in the plan and state; re-plan, refresh and import are clean`, async () => {
    const p = await platforms('in-process')
    try {
      const env = p.env({ store: memoryStore() })
      const s = stack('defaults').add(node)
      const text = renderPlan(ok(await plan(s)(env)(), 'plan').plan, registry)
      for (const [k, v] of Object.entries(want)) assert.match(text, `+ ${k} = ${JSON.stringify(v)}`)
      const r = ok(await apply(s)(env)(), 'apply')
      const address = `${node.node.token}/${node.node.name}`
      const st = r.state.resources[address]
      for (const [k, v] of Object.entries(want)) assert.is(st.inputs[k], v, `state records ${k}`)
      assert.equal(changes(ok(await plan(s)(env)(), 're-plan').plan), [])
      assert.equal(ok(await refresh(s)(env)(), 'refresh').drift, [])
      const fresh = p.env({ store: memoryStore() })
      ok(await importResource(s, node.node.token, node.node.name, st.id)(fresh)(), 'import')
      const after = ok(await plan(s)(fresh)(), 'plan after import').plan
      assert.equal(changes(after), [], renderPlan(after, registry))
    } finally {
      await p.close()
    }
  })

test.run()
