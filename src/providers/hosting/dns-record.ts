/**
 * hosting:DnsRecord — one record in a DNS zone. From docs/wire/hosting.md (not in the spec): the
 * platform has no record update, so every input replaces; it stores fully-qualified hostnames and
 * returns targets without a trailing dot, so names compare without trailing dots and a relative
 * hostname equals its qualified form; `ttl` defaults to 3600; `flag`/`tag` belong to CAA records
 * and `priority` to MX records only.
 */
import * as t from 'io-ts'
import * as E from 'fp-ts/Either'
import { pipe } from 'fp-ts/function'
import { literals } from '../../core/codecs'
import type { Finding } from '../../core/issue'
import { defineResource } from '../../core/spec'
import { observe } from '../../core/observe'
import { rest } from '../../core/wire'
import { apiPath, compact, dnsName, importIds, known, num, sameHost, stamp, str, withId } from './shared/wire'

export const DNS_RECORD_TYPES = ['A', 'AAAA', 'ALIAS', 'CAA', 'CNAME', 'MX', 'NS', 'SPF', 'TXT'] as const
export const DnsRecordType = literals(DNS_RECORD_TYPES)

export const DnsRecordInputs = t.exact(
  t.intersection([
    t.type({
      /** Id of the DNS zone the record belongs to. */
      zoneId: t.string,
      /** Record hostname. */
      hostname: t.string,
      /** One of `A`, `AAAA`, `ALIAS`, `CAA`, `CNAME`, `MX`, `NS`, `SPF`, `TXT`. */
      type: DnsRecordType,
      /** Record value: an address, a host name or text, as the type needs. */
      value: t.string,
    }),
    t.partial({
      /** Time to live, in seconds (3600 when left out). */
      ttl: t.number,
      /** Used by MX records. */
      priority: t.number,
      /** CAA record flag (0 or 128). */
      flag: t.number,
      /** CAA record tag: `issue`, `issuewild` or `iodef`. */
      tag: t.string,
    }),
  ]),
  'DnsRecordInputs',
)
export type DnsRecordInputs = t.TypeOf<typeof DnsRecordInputs>

export const DnsRecordOutputs = t.exact(
  t.type({
    /**
     * Last change time (UTC ISO 8601): the platform's updated_at when it sends one, else when trellis read its reply.
     */
    lastUpdated: t.string,
  }),
  'DnsRecordOutputs',
)
export type DnsRecordOutputs = t.TypeOf<typeof DnsRecordOutputs>

export const DEFAULT_TTL = 3600

/** Values that are host names (CNAME, MX, NS, ALIAS targets) compare like names. */
const looksLikeName = (s: string) => /^[a-z0-9_*-]+(\.[a-z0-9_-]+)*\.?$/i.test(s)
const sameValue = (a: unknown, b: unknown): boolean =>
  typeof a === 'string' &&
  typeof b === 'string' &&
  (a === b || (looksLikeName(a) && looksLikeName(b) && dnsName(a) === dnsName(b)))
const sameHostname = (a: unknown, b: unknown): boolean =>
  typeof a === 'string' && typeof b === 'string' && (sameHost(a, b) || sameHost(b, a))

const typeRules = (i: Readonly<DnsRecordInputs>): Finding[] => {
  if (!known(i.type)) return []
  const out: Finding[] = []
  if (i.type === 'MX' && i.priority === undefined)
    out.push({ path: 'priority', expected: 'a priority for an MX record', given: i.priority })
  if (i.type !== 'MX' && i.priority !== undefined)
    out.push({ path: 'priority', expected: 'no priority (it is used by MX records only)', given: i.priority })
  if (i.type === 'CAA') {
    if (i.flag === undefined) out.push({ path: 'flag', expected: 'a flag for a CAA record (e.g. 0)', given: i.flag })
    if (i.tag === undefined)
      out.push({ path: 'tag', expected: 'a tag for a CAA record (issue, issuewild or iodef)', given: i.tag })
  } else {
    if (i.flag !== undefined)
      out.push({ path: 'flag', expected: 'no flag (it is used by CAA records only)', given: i.flag })
    if (i.tag !== undefined)
      out.push({ path: 'tag', expected: 'no tag (it is used by CAA records only)', given: i.tag })
  }
  if (known(i.ttl) && (!Number.isInteger(i.ttl) || i.ttl <= 0))
    out.push({ path: 'ttl', expected: 'a whole number of seconds above 0', given: i.ttl })
  return out
}

/** The create body: what the platform's provider sends (flag/tag for CAA, priority for MX, ttl always). */
export const recordBody = (i: DnsRecordInputs) =>
  compact({
    type: i.type,
    hostname: i.hostname,
    value: i.value,
    ttl: i.ttl ?? DEFAULT_TTL,
    priority: i.type === 'MX' ? i.priority : undefined,
    flag: i.type === 'CAA' ? i.flag : undefined,
    tag: i.type === 'CAA' ? i.tag : undefined,
  })

/** every record of a zone: the operation declares no paging, the platform answers them all */
const zoneRecords = (zoneId: string) =>
  rest('GET', apiPath`/dns_zones/${zoneId}/dns_records`, { paginate: { items: '', paged: false } })

export const DnsRecord = defineResource({
  token: 'hosting:DnsRecord',
  doc:
    'A DNS record in a zone. The platform cannot update records, so any change replaces the record. ttl defaults to 3600 ' +
    '(wire reference); priority is for MX records, flag and tag for CAA records. Hostnames and name-like values compare ' +
    'without trailing dots, and a relative hostname equals its fully-qualified form. Import as <zone_id>:<record_id>.',
  inputs: DnsRecordInputs,
  outputs: DnsRecordOutputs,
  identity: importIds<DnsRecordInputs>([
    { label: 'zone_id', field: 'zoneId' },
    { label: 'record_id', field: null },
  ]),
  replaceOn: ['zoneId', 'hostname', 'type', 'value', 'ttl', 'priority', 'flag', 'tag'],
  // wire reference §DnsRecord: ttl is Optional+Computed with a default of 3600
  platformDefaults: { ttl: 3600 },
  // the platform holds one record per name and type (two CNAMEs for a name are refused or both served):
  // a replacement deletes the old record first
  deleteBeforeReplace: true,
  secrets: [],
  rules: [{ name: 'fields by record type', check: typeRules }],
  equals: {
    hostname: sameHostname,
    value: sameValue,
    type: (a, b) => typeof a === 'string' && typeof b === 'string' && a.toUpperCase() === b.toUpperCase(),
  },
  wire: {
    create: (i) => rest('POST', apiPath`/dns_zones/${i.zoneId}/dns_records`, { body: recordBody(i) }),
    read: (id, ctx) => rest('GET', apiPath`/dns_zones/${ctx.inputs.zoneId}/dns_records/${id}`),
    delete: (id, ctx) => rest('DELETE', apiPath`/dns_zones/${ctx.inputs.zoneId}/dns_records/${id}`),
    // a lost create is looked for among the records of its zone
    find: (sent) => zoneRecords(sent.zoneId),
    // refresh lists each zone's records once
    listIn: { parent: (_id, ctx) => ctx.inputs.zoneId, request: (_id, ctx) => zoneRecords(ctx.inputs.zoneId) },
    decode: (reply, ctx) =>
      pipe(
        withId(reply, 'a DNS record'),
        E.chain((r) => {
          const sent = ctx.inputs
          const type = str(r.type)?.toUpperCase()
          const hostname = str(r.hostname)
          const value = str(r.value)
          // report the sent spelling where it names the same thing, so a re-plan shows no change
          const obj = {
            zoneId: str(r.dns_zone_id) ?? sent.zoneId,
            type,
            hostname:
              sent.hostname !== undefined && hostname !== undefined && sameHostname(sent.hostname, hostname)
                ? sent.hostname
                : hostname,
            value: sent.value !== undefined && value !== undefined && sameValue(sent.value, value) ? sent.value : value,
            // the default ttl is only reported when it was asked for, so adopting a default record
            // for a stack that leaves ttl out plans no replacement; an import by id (nothing known but
            // the zone) reports it, and the engine keeps it only where the stack sets ttl
            ttl:
              sent.ttl === undefined && sent.hostname !== undefined && num(r.ttl) === DEFAULT_TTL
                ? undefined
                : num(r.ttl),
            priority: type === 'MX' ? num(r.priority) : undefined,
            flag: type === 'CAA' ? num(r.flag) : undefined,
            tag: type === 'CAA' ? str(r.tag) : undefined,
            lastUpdated: stamp(r),
          }
          return observe(DnsRecordInputs, DnsRecordOutputs, obj, r.id, 'hosting:DnsRecord')
        }),
      ),
    matches: (sent, o) =>
      sent.zoneId === o.inputs.zoneId &&
      sent.type === o.inputs.type &&
      sameHostname(sent.hostname, o.inputs.hostname) &&
      sameValue(sent.value, o.inputs.value),
  },
  // discovery lists the records of every zone it finds (or of the zones given with --scope zoneId=…)
  discover: { scope: { key: 'zoneId', parent: 'hosting:DnsZone', request: (zoneId) => zoneRecords(zoneId) } },
  examples: {
    valid: {
      zoneId: '65a1b2c3d4e5f6a7b8c9d0e1',
      hostname: 'www.example.com',
      type: 'CNAME',
      value: 'acme-site.netlify.app.',
    },
    invalid: [
      [{ hostname: 'www', type: 'A', value: '1.2.3.4' }, 'zoneId'],
      [{ zoneId: 'z', type: 'A', value: '1.2.3.4' }, 'hostname'],
      [{ zoneId: 'z', hostname: 'www', value: '1.2.3.4' }, 'type'],
      [{ zoneId: 'z', hostname: 'www', type: 'A' }, 'value'],
      [{ zoneId: 'z', hostname: 'www', type: 'PTR', value: 'x' }, 'type'],
      [{ zoneId: 'z', hostname: 'mail', type: 'MX', value: 'mx.example.com' }, 'priority'],
      [{ zoneId: 'z', hostname: 'www', type: 'A', value: '1.2.3.4', priority: 10 }, 'priority'],
      [{ zoneId: 'z', hostname: 'example.com', type: 'CAA', value: 'letsencrypt.org', tag: 'issue' }, 'flag'],
      [{ zoneId: 'z', hostname: 'example.com', type: 'CAA', value: 'letsencrypt.org', flag: 0 }, 'tag'],
      [{ zoneId: 'z', hostname: 'www', type: 'A', value: '1.2.3.4', ttl: -5 }, 'ttl'],
    ],
    outputs: { lastUpdated: '2024-01-01T00:00:00Z' },
    reply: {
      id: '65b0c1d2e3f4a5b6c7d8e9f0',
      dns_zone_id: '65a1b2c3d4e5f6a7b8c9d0e1',
      hostname: 'www.example.com',
      type: 'CNAME',
      value: 'acme-site.netlify.app',
      ttl: 3600,
      priority: null,
      flag: 0,
      tag: '',
      managed: false,
      site_id: null,
      errors: [],
    },
  },
})
