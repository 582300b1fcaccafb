/**
 * DNS for a site: a zone for the site's domain, the apex and www pointing at the site, mail
 * exchangers and a CAA record. `npx trellis plan examples/hosting-dns.ts --emulate` runs it against
 * the built-in emulator; with HOST_API_TOKEN set it speaks to the real platform.
 */
import * as hosting from 'trellis/hosting'
import { stack, secret } from 'trellis'

const token = process.env.HOST_API_TOKEN

const site = hosting.getSite('site', { name: 'acme-www', teamSlug: 'acme' })
const zone = hosting.dnsZone('zone', { name: 'acme.test', teamSlug: 'acme' })

// the platform serves the site at <name>.netlify.app; targets may keep their trailing dot
const target = site.out.name.map((n) => `${n}.netlify.app.`)
const apex = hosting.dnsRecord('apex', { zoneId: zone.out.id, hostname: 'acme.test', type: 'ALIAS', value: target })
const www = hosting.dnsRecord('www', { zoneId: zone.out.id, hostname: 'www', type: 'CNAME', value: target, ttl: 300 })
const mx1 = hosting.dnsRecord('mx1', {
  zoneId: zone.out.id,
  hostname: 'acme.test',
  type: 'MX',
  value: 'mx1.mail.example.',
  priority: 10,
})
const mx2 = hosting.dnsRecord('mx2', {
  zoneId: zone.out.id,
  hostname: 'acme.test',
  type: 'MX',
  value: 'mx2.mail.example.',
  priority: 20,
})
const caa = hosting.dnsRecord('caa', {
  zoneId: zone.out.id,
  hostname: 'acme.test',
  type: 'CAA',
  value: 'letsencrypt.org',
  flag: 0,
  tag: 'issue',
})

export default stack('hosting-dns', { providers: { hosting: hosting.provider(token ? { token: secret(token) } : {}) } })
  .add(site, zone, apex, www, mx1, mx2, caa)
  .export('nameServers', zone.out.dnsServers)
