/**
 * The DNS zone spec's decoding of the registrar domain a zone reply carries.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { decodeDomain } from '#src/providers/hosting/dns-zone'

test('DnsZone: registrar domain timestamps re-printed as RFC 3339; absent ones are the zero time', () => {
  const d = decodeDomain({
    id: 'd1',
    name: 'example.com',
    auto_renew: true,
    registered_at: '2024-01-02T03:04:05.000+01:00',
    expires_at: null,
    renewal_price: 12.5,
  })
  assert.equal(d, {
    autoRenew: true,
    autoRenewAt: '0001-01-01T00:00:00Z',
    expiresAt: '0001-01-01T00:00:00Z',
    id: 'd1',
    name: 'example.com',
    registeredAt: '2024-01-02T02:04:05Z',
    renewalPrice: '12.5',
  })
  assert.is(decodeDomain(null), undefined)
})

test.run()
