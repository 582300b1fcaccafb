/**
 * The firewall rule set both firewall specs share: its wire form (rules in the platform's order,
 * disabled ones dropped) and back (regrouped), and its equality.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { ruleSetFromWire, ruleSetToWire, sameRuleSet } from '#src/providers/hosting/shared/firewall-rules'

const published = {
  defaultAction: 'allow' as const,
  ipRestrictions: [{ addresses: ['203.0.113.0/24'], description: 'abusive' }],
  geoRestrictions: [{ countries: ['KP'], description: 'sanctions' }],
  ipExceptions: [{ addresses: ['198.51.100.7'], description: 'office' }],
  geoExceptions: [{ countries: ['US'], subregions: ['US-CA'], description: 'california' }],
}

test('firewall rule set: wire order, disabled rules dropped, regrouped on read', () => {
  const w = ruleSetToWire(published) as { default: string; rules: Array<{ type: string; action: string }> }
  assert.equal(
    w.rules.map((r) => `${r.type}/${r.action}`),
    ['ip/deny', 'geo/deny', 'ip/allow', 'geo/allow'],
  )
  const back = ruleSetFromWire({
    ...w,
    rules: [
      ...w.rules,
      { type: 'ip', action: 'deny', description: 'off', data: { addresses: ['10.0.0.0/8'] }, disabled: true },
    ],
  })
  assert.equal(back, published)
  assert.ok(sameRuleSet({ defaultAction: 'allow', ipRestrictions: [] }, { defaultAction: 'allow' }))
  assert.not.ok(sameRuleSet({ defaultAction: 'allow' }, { defaultAction: 'deny' }))
})

test.run()
