/**
 * A step's time budget: 2 minutes by default, the provider's `stepTimeout`, plus the longest wait its
 * type declares. That it bounds an apply against a hostile server is test/reliability/step-budget.test.ts.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import * as E from 'fp-ts/Either'
import { registry } from '#trellis'
import { budgetMsOf, DEFAULT_STEP_BUDGET_MS } from '#src/engine/apply/step-budget'

test('the budgets: 2 minutes by default, the provider setting (cost, hosting, cloud), plus the waits its type declares', () => {
  const inst = (provider: string, config: Record<string, unknown>) => ({ name: provider, provider, config })
  assert.is(DEFAULT_STEP_BUDGET_MS, 120_000)
  const cost = registry.providers.get('cost')!
  const hostingP = registry.providers.get('hosting')!
  const decoded = (p: typeof cost, raw: Record<string, unknown>) => {
    const d = p.config.decode(raw)
    if (E.isLeft(d)) throw new Error('config did not decode')
    return d.right as Record<string, unknown>
  }
  assert.is(budgetMsOf(registry, inst('cost', decoded(cost, {})), 'cost:Folder'), 120_000)
  assert.is(budgetMsOf(registry, inst('hosting', decoded(hostingP, {})), 'hosting:DnsZone'), 120_000)
  assert.is(budgetMsOf(registry, inst('cost', decoded(cost, { stepTimeout: '5m' })), 'cost:Folder'), 300_000)
  assert.is(budgetMsOf(registry, inst('hosting', decoded(hostingP, { stepTimeout: '90s' })), 'hosting:DnsZone'), 90_000)
  // the cloud's waits stay valid: its polls of up to 180 s and 300 s come on top of the provider's
  assert.is(budgetMsOf(registry, inst('cloud', {}), 'cloud:ApiGatewayServiceRelease'), 120_000 + 180_000)
  assert.is(budgetMsOf(registry, inst('cloud', {}), 'cloud:ApiGatewayUsagePlanAttachment'), 120_000 + 300_000)
  assert.is(budgetMsOf(registry, inst('cloud', {}), 'cloud:ApiGatewayApi'), 120_000)
  const cloudP = registry.providers.get('cloud')!
  assert.is(
    budgetMsOf(registry, inst('cloud', decoded(cloudP, { stepTimeout: '1m' })), 'cloud:ApiGatewayService'),
    60_000 + 180_000 + 60_000,
  )
  // a bad setting is refused with the field named
  const bad = cost.config.decode({ stepTimeout: 'soon' })
  assert.ok(E.isLeft(bad))
})

test.run()
