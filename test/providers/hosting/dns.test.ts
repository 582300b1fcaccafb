import { test } from 'uvu'
import * as assert from 'uvu/assert'
import * as E from 'fp-ts/Either'
import { validateValue } from '#trellis/engine'
import { setup } from './harness'
import { hostingProvider } from '#trellis/engine'
const { DnsZone, DnsRecord } = hostingProvider.resources

const rulesOf = (
  spec: { rules: ReadonlyArray<{ check: (i: any, c: any) => ReadonlyArray<{ path: string }> }> },
  inputs: unknown,
  config = {},
) => spec.rules.flatMap((r) => r.check(inputs, { config, now: new Date() })).map((f) => f.path)

test('DnsRecord: codec accepts the nine types and rejects others on `type`', () => {
  assert.equal(validateValue(DnsRecord.inputs, { zoneId: 'z', hostname: 'www', type: 'CNAME', value: 'a.b' }), [])
  assert.equal(
    validateValue(DnsRecord.inputs, { zoneId: 'z', hostname: 'www', type: 'PTR', value: 'a.b' }).map((f) => f.path),
    ['type'],
  )
})

test('DnsRecord: MX needs a priority, CAA a flag and tag, and A takes neither', () => {
  assert.equal(rulesOf(DnsRecord, { zoneId: 'z', hostname: 'm', type: 'MX', value: 'mx.example.com' }), ['priority'])
  assert.equal(
    rulesOf(DnsRecord, { zoneId: 'z', hostname: 'm', type: 'MX', value: 'mx.example.com', priority: 10 }),
    [],
  )
  assert.equal(rulesOf(DnsRecord, { zoneId: 'z', hostname: 'c', type: 'CAA', value: 'letsencrypt.org' }), [
    'flag',
    'tag',
  ])
  assert.equal(rulesOf(DnsRecord, { zoneId: 'z', hostname: 'a', type: 'A', value: '1.2.3.4', tag: 'issue' }), ['tag'])
})

test('DnsRecord: import id is <zone_id>:<record_id>, both non-empty', () => {
  const ok = DnsRecord.identity.parseImportId('zone1:rec9')
  assert.equal(ok, E.right({ id: 'rec9', inputs: { zoneId: 'zone1' } }))
  assert.equal(
    ['rec9', 'zone1:', ':rec9', 'a:b:c'].map((bad) => DnsRecord.identity.parseImportId(bad)),
    [
      E.left('has 1 part separated by ":", not 2'),
      E.left('has an empty part'),
      E.left('has an empty part'),
      E.left('has 3 parts separated by ":", not 2'),
    ],
  )
  assert.is(DnsRecord.identity.importFormat, '<zone_id>:<record_id>')
  assert.is(DnsRecord.identity.printImportId('rec9', { zoneId: 'zone1' }), 'zone1:rec9')
})

test('DnsRecord: no update, every input replaces', () => {
  assert.is(DnsRecord.wire.update, undefined)
  assert.equal([...DnsRecord.replaceOn].sort(), [
    'flag',
    'hostname',
    'priority',
    'tag',
    'ttl',
    'type',
    'value',
    'zoneId',
  ])
})

test('DnsRecord: hostnames and targets compare as full names without trailing dots', () => {
  const eqH = DnsRecord.equals!.hostname!
  const eqV = DnsRecord.equals!.value!
  assert.ok(eqH('www', 'www.example.com'))
  assert.ok(eqH('www.example.com.', 'WWW.example.com'))
  assert.not.ok(eqH('api', 'www.example.com'))
  assert.ok(eqV('target.example.net.', 'target.example.net'))
  assert.not.ok(eqV('v=spf1 -all', 'v=spf1 ~all'))
})

test('DnsZone: teamSlug is needed unless a default team is configured', () => {
  assert.equal(rulesOf(DnsZone, { name: 'example.com' }), ['teamSlug'])
  assert.equal(rulesOf(DnsZone, { name: 'example.com' }, { defaultTeamSlug: 'acme' }), [])
  assert.equal(rulesOf(DnsZone, { name: 'example.com' }, { defaultTeamId: 'abc' }), [])
  assert.equal(rulesOf(DnsZone, { teamSlug: 'acme' }), ['name'])
})

test('DnsZone + DnsRecord: round trip against the emulator, with trailing dots and relative names', async () => {
  const h = setup({}, { defaultTeamSlug: 'acme', defaultTeamId: 'unused' })
  const zone = await h.create(DnsZone, { name: 'example.com' })
  assert.ok(zone.id.length > 0)
  assert.is(zone.inputs.teamSlug, 'acme')
  assert.equal(zone.outputs.dnsServers.length, 4)
  assert.is(h.emu.requests()[`PUT /api/v1/dns_zones/${zone.id}/enable-ipv6`], 1)
  const zr = await h.read(DnsZone, zone.id, { name: 'example.com' })
  assert.is(zr.inputs.name, 'example.com')

  const sent = { zoneId: zone.id, hostname: 'www', type: 'CNAME' as const, value: 'acme-www.netlify.app.' }
  const rec = await h.create(DnsRecord, sent)
  // decode reports the sent spelling, so a re-plan shows no change
  assert.is(rec.inputs.hostname, 'www')
  assert.is(rec.inputs.value, 'acme-www.netlify.app.')
  // the default ttl is not reported unless asked for (an import then matches a stack without ttl)
  assert.is(rec.inputs.ttl, undefined)
  // what the platform really stored
  const raw = (await h.call({
    _tag: 'Rest',
    method: 'GET',
    path: `/api/v1/dns_zones/${zone.id}/dns_records/${rec.id}`,
  })) as { hostname: string; value: string }
  assert.is(raw.hostname, 'www.example.com')
  assert.is(raw.value, 'acme-www.netlify.app')
  // imported (nothing sent): the platform's full names, equal to the stack's by `equals`
  const imported = await h.read(DnsRecord, rec.id, { zoneId: zone.id } as never)
  assert.is(imported.inputs.hostname, 'www.example.com')
  assert.ok(DnsRecord.equals!.hostname!(sent.hostname, imported.inputs.hostname))
  assert.ok(DnsRecord.equals!.value!(sent.value, imported.inputs.value))

  const mx = await h.create(DnsRecord, {
    zoneId: zone.id,
    hostname: 'example.com',
    type: 'MX',
    value: 'mx.example.net',
    priority: 10,
  })
  assert.is(mx.inputs.priority, 10)
  const a = await h.create(DnsRecord, {
    zoneId: zone.id,
    hostname: 'api.example.com',
    type: 'A',
    value: '192.0.2.1',
    ttl: 300,
  })
  assert.is(a.inputs.priority, undefined)
  assert.is(a.inputs.ttl, 300)

  await h.del(DnsRecord, rec.id, sent)
  const gone = await h.readE(DnsRecord, rec.id, sent)
  assert.ok(E.isLeft(gone) && gone.left.kind === 'NotFound')
  await h.del(DnsZone, zone.id, { name: 'example.com' })
  const zgone = await h.readE(DnsZone, zone.id, {})
  assert.ok(E.isLeft(zgone) && zgone.left.kind === 'NotFound')
})

test('DnsZone: a create with no team and no default says so', () => {
  assert.throws(() => DnsZone.wire.create({ name: 'example.com' }, { config: {} }), /no teamSlug given/)
})

test.run()
