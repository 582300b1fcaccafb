/**
 * hosting:getDnsZone — a DNS zone by id or by exact name, with its records. From
 * docs/wire/hosting.md: by name, every zone the token can see is searched (all teams; every page is read
 * here, the original read one); the records come from `GET /dns_zones/{id}/dns_records`; `flag`
 * and `tag` are kept only for CAA records and `priority` only for MX; record lists may include
 * platform-managed types (NETLIFY, NETLIFYv6, SOA).
 */
import * as t from 'io-ts'
import * as E from 'fp-ts/Either'
import { defineLookup } from '../../core/spec'
import { rest } from '../../core/wire'
import { apiPath, asObject, num, short, str } from './shared/wire'
import { begin, keep, recall } from './shared/chain'
import { Domain, zoneFields } from './dns-zone'

export const GetDnsZoneArgs = t.exact(
  t.partial({
    /** Id of the zone to read (or give name). */
    id: t.string,
    /** Name of the zone to read, e.g. `example.com` (or give id). */
    name: t.string,
  }),
  'GetDnsZoneArgs',
)
export type GetDnsZoneArgs = t.TypeOf<typeof GetDnsZoneArgs>

export const DnsRecordItem = t.exact(
  t.intersection([
    t.type({ id: t.string, hostname: t.string, type: t.string, value: t.string }),
    t.partial({ ttl: t.number, priority: t.number, flag: t.number, tag: t.string }),
  ]),
  'DnsRecordItem',
)
export type DnsRecordItem = t.TypeOf<typeof DnsRecordItem>

export const GetDnsZoneResult = t.exact(
  t.intersection([
    t.type({
      /** Name of the zone to read, e.g. `example.com` (or give id). */
      name: t.string,

      /** Id of the team that owns the zone. */
      teamId: t.string,

      /** Slug of the team that owns the zone. */
      teamSlug: t.string,

      /** The zone's name servers. */
      dnsServers: t.array(t.string),

      /** The zone's DNS records: flag, hostname, id, priority, tag, ttl, type, value. */
      records: t.array(DnsRecordItem),
    }),
    t.partial({
      /** Optional. */
      id: t.string,
      /** Object as in DnsZone. */
      domain: Domain,
    }),
  ]),
  'GetDnsZoneResult',
)
export type GetDnsZoneResult = t.TypeOf<typeof GetDnsZoneResult>

export const recordItem = (u: unknown): DnsRecordItem | undefined => {
  const r = asObject(u)
  const id = r ? str(r.id) : undefined
  if (!r || !id) return undefined
  const type = str(r.type) ?? ''
  const ttl = num(r.ttl)
  const priority = type === 'MX' ? num(r.priority) : undefined
  const flag = type === 'CAA' ? num(r.flag) : undefined
  const tag = type === 'CAA' ? str(r.tag) : undefined
  return {
    id,
    hostname: str(r.hostname) ?? '',
    type,
    value: str(r.value) ?? '',
    ...(ttl !== undefined ? { ttl } : {}),
    ...(priority !== undefined ? { priority } : {}),
    ...(flag !== undefined ? { flag } : {}),
    ...(tag !== undefined ? { tag } : {}),
  }
}

const recordsOf = (zoneId: string) =>
  rest('GET', apiPath`/dns_zones/${zoneId}/dns_records`, { paginate: { items: '', paged: false } })

const describe = (a: GetDnsZoneArgs) =>
  a.id !== undefined ? `id ${JSON.stringify(a.id)}` : `name ${JSON.stringify(a.name)}`

export const getDnsZone = defineLookup({
  token: 'hosting:getDnsZone',
  // a generated program reads a zone it refers to outside the selection by its name
  finds: { fields: ['zoneId'], byId: (id) => ({ id }), id: 'id', name: 'name', byName: (name) => ({ name }) },
  doc: 'A DNS zone by id, or by exact name among every zone the token can see; returns the zone (team, name servers, registrar domain) and its records.',
  args: GetDnsZoneArgs,
  result: GetDnsZoneResult,
  secrets: [],
  rules: [
    {
      name: 'id or name',
      check: (a) =>
        a.id === undefined && a.name === undefined
          ? [{ path: 'id', expected: 'an id or a name of the zone', given: undefined }]
          : [],
    },
  ],
  wire: {
    request: (a) => {
      begin(a)
      if (a.id !== undefined)
        return rest('GET', apiPath`/dns_zones/${a.id}`, {
          then: (zone) => {
            const id = str(asObject(keep(a, zone))?.id)
            return id ? recordsOf(id) : undefined
          },
        })
      return rest('GET', apiPath`/dns_zones`, {
        paginate: { items: '', pageSize: 100 },
        then: (zones) => {
          const hit = (Array.isArray(zones) ? zones : [])
            .map(asObject)
            .find((z) => z !== undefined && z.name === a.name)
          if (!hit) return undefined
          keep(a, hit)
          return recordsOf(str(hit.id) ?? '')
        },
      })
    },
    decode: (reply, a) => {
      const kept = recall(a)
      // chained: the zone was kept and the reply is its records; alone: the zone with embedded records
      const zone =
        kept.length > 0 ? asObject(kept[kept.length - 1]) : Array.isArray(reply) ? undefined : asObject(reply)
      if (!zone) {
        const seen = Array.isArray(reply) ? ` among the ${reply.length} zone(s) this token can see` : ''
        return E.left(`no DNS zone with ${describe(a)}${seen}`)
      }
      const id = str(zone.id)
      if (!id) return E.left(`DNS zone with ${describe(a)}: expected a zone with an id, got ${short(zone)}`)
      const rawRecords =
        kept.length > 0 && Array.isArray(reply) ? reply : Array.isArray(zone.records) ? zone.records : []
      const f = zoneFields(zone)
      return E.right({
        id,
        name: f.name ?? '',
        teamId: f.teamId,
        teamSlug: f.teamSlug ?? '',
        dnsServers: f.dnsServers,
        ...(f.domain ? { domain: f.domain } : {}),
        records: rawRecords.map(recordItem).filter((r): r is DnsRecordItem => r !== undefined),
      })
    },
  },
  examples: {
    valid: { name: 'example.com' },
    invalid: [
      [{}, 'id'],
      [{ name: 42 }, 'name'],
    ],
    result: {
      id: '65a1b2c3d4e5f6a7b8c9d0e1',
      name: 'example.com',
      teamId: '5f1a2b3c4d5e6f7a8b9c0d1e',
      teamSlug: 'acme',
      dnsServers: ['dns1.p01.nsone.net'],
      records: [
        {
          id: '65b0c1d2e3f4a5b6c7d8e9f0',
          hostname: 'www.example.com',
          type: 'CNAME',
          value: 'acme-www.netlify.app',
          ttl: 3600,
        },
      ],
    },
    reply: {
      id: '65a1b2c3d4e5f6a7b8c9d0e1',
      name: 'example.com',
      account_id: '5f1a2b3c4d5e6f7a8b9c0d1e',
      account_slug: 'acme',
      dns_servers: ['dns1.p01.nsone.net'],
      domain: null,
      records: [
        {
          id: '65b0c1d2e3f4a5b6c7d8e9f0',
          hostname: 'www.example.com',
          type: 'CNAME',
          value: 'acme-www.netlify.app',
          ttl: 3600,
          priority: null,
          flag: 0,
          tag: '',
        },
      ],
    },
  },
})
