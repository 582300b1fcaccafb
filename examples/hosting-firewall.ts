/**
 * A team's edge protection: traffic rules for published and unpublished deploys (IP ranges in CIDR
 * form, countries and subregions) and a WAF policy over the managed `crs-basic` rule set.
 * `npx trellis plan examples/hosting-firewall.ts --emulate` runs it against the built-in emulator.
 */
import * as hosting from 'trellis/hosting'
import { stack, secret } from 'trellis'

const token = process.env.HOST_API_TOKEN

const team = hosting.getTeam('team', { slug: 'acme' })
const managed = hosting.getManagedWafRules('managed', { teamId: team.out.id })

const firewall = hosting.teamFirewallTrafficRules('firewall', {
  teamId: team.out.id,
  published: {
    defaultAction: 'allow',
    ipRestrictions: [{ addresses: ['203.0.113.0/24', '2001:db8:bad::/48'], description: 'abusive ranges' }],
    geoRestrictions: [{ countries: ['KP'], description: 'sanctioned' }],
  },
  // unpublished deploys: only the office and the CI runners get in
  unpublished: {
    defaultAction: 'deny',
    ipExceptions: [
      { addresses: ['198.51.100.0/28'], description: 'office' },
      { addresses: ['192.0.2.10'], description: 'CI runner' },
    ],
    geoExceptions: [{ countries: ['US'], subregions: ['US-CA'], description: 'remote staff in California' }],
  },
})

const waf = hosting.wafPolicy('waf', {
  teamId: team.out.id,
  name: 'baseline',
  description: 'OWASP core rules, blocking at the recommended threshold',
  ruleSets: [
    {
      managedId: 'crs-basic',
      overallThreshold: 5,
      passiveMode: false,
      categoryThresholds: { sqli: 4, xss: 4 },
      excludedPatterns: ['/api/webhooks/*'],
      // a noisy protocol rule is only logged
      ruleOverrides: { '920100': { action: 'log_only' } },
    },
  ],
})

export default stack('hosting-firewall', {
  providers: { hosting: hosting.provider(token ? { token: secret(token) } : {}) },
})
  .add(team, managed, firewall, waf)
  .export(
    'managedRuleSets',
    managed.out.ruleSets.map((sets) => Object.keys(sets)),
  )
