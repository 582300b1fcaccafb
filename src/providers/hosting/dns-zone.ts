/**
 * hosting:DnsZone — a DNS zone managed by the platform. From docs/wire/hosting.md (not in the spec):
 * create is `POST /dns_zones` then `PUT …/enable-ipv6`; there is no update (name and teamSlug
 * replace); absent domain timestamps come back as the Go zero time `0001-01-01T00:00:00Z`.
 * `name` is optional in the spec only because of the original's auto-naming, which trellis does
 * not do: a rule asks for it.
 */
import * as t from 'io-ts'
import * as E from 'fp-ts/Either'
import { pipe } from 'fp-ts/function'
import { defineResource } from '../../core/spec'
import { byToken, observe } from '../../core/observe'
import { rest } from '../../core/wire'
import {
  apiPath,
  asObject,
  bool,
  dnsName,
  known,
  needsTeam,
  stamp,
  str,
  strings,
  teamSlugOr,
  withId,
  type Json,
} from './shared/wire'
import { scalarText } from '../../core/scalar-text'

export const DnsZoneInputs = t.exact(
  t.partial({
    /** Zone name. */
    name: t.string,
    /** Required when no default team is configured. */
    teamSlug: t.string,
  }),
  'DnsZoneInputs',
)
export type DnsZoneInputs = t.TypeOf<typeof DnsZoneInputs>

export const Domain = t.exact(
  t.partial({
    autoRenew: t.boolean,
    autoRenewAt: t.string,
    expiresAt: t.string,
    id: t.string,
    name: t.string,
    registeredAt: t.string,
    renewalPrice: t.string,
  }),
  'Domain',
)
export type Domain = t.TypeOf<typeof Domain>

export const DnsZoneOutputs = t.exact(
  t.intersection([
    t.type({
      /** Name servers to delegate the zone to at its registrar. */
      dnsServers: t.array(t.string),
      /** Id of the team that owns the zone. */
      teamId: t.string,
      /**
       * Last change time (UTC ISO 8601): the platform's updated_at when it sends one, else when trellis read its
       * reply.
       */
      lastUpdated: t.string,
    }),
    t.partial({
      /** Fields: autoRenew (boolean), autoRenewAt, expiresAt, id, name, registeredAt, renewalPrice (all strings). Set by the platform. */
      domain: Domain,
    }),
  ]),
  'DnsZoneOutputs',
)
export type DnsZoneOutputs = t.TypeOf<typeof DnsZoneOutputs>

const ZERO_TIME = '0001-01-01T00:00:00Z'

/** Timestamps re-printed as RFC 3339; missing ones become the zero time, as the platform's provider does. */
const rfc3339 = (u: unknown): string => {
  const s = str(u)
  if (!s) return ZERO_TIME
  const d = new Date(s)
  return Number.isNaN(d.getTime()) || s.startsWith('0001-') ? ZERO_TIME : d.toISOString().replace('.000Z', 'Z')
}

/** The platform's `domain` object → spec names; null stays absent. */
export const decodeDomain = (u: unknown): Domain | undefined => {
  const d = asObject(u)
  if (!d) return undefined
  const renewal = d.renewal_price
  return {
    ...(bool(d.auto_renew) !== undefined ? { autoRenew: d.auto_renew as boolean } : {}),
    autoRenewAt: rfc3339(d.auto_renew_at),
    expiresAt: rfc3339(d.expires_at),
    ...(str(d.id) !== undefined ? { id: str(d.id) } : {}),
    ...(str(d.name) !== undefined ? { name: str(d.name) } : {}),
    registeredAt: rfc3339(d.registered_at),
    ...(renewal !== undefined && renewal !== null ? { renewalPrice: scalarText(renewal) } : {}),
  }
}

/** A zone reply → spec names (shared with getDnsZone). */
export const zoneFields = (z: Json) => ({
  name: str(z.name),
  teamSlug: str(z.account_slug),
  teamId: str(z.account_id) ?? '',
  dnsServers: strings(z.dns_servers) ?? [],
  domain: decodeDomain(z.domain),
})

export const DnsZone = defineResource({
  token: 'hosting:DnsZone',
  doc:
    "A DNS zone on the hosting platform. `teamSlug` defaults to the provider's default team. Outputs: dnsServers, domain " +
    '(registrar details when the platform registered the domain), teamId. IPv6 is enabled right after creation. Any change ' +
    'replaces the zone (the platform has no zone update). Import by zone id.',
  inputs: DnsZoneInputs,
  outputs: DnsZoneOutputs,
  identity: byToken('zone id'),
  replaceOn: ['name', 'teamSlug'],
  secrets: [],
  rules: [
    { name: 'team slug or default team', check: (i, ctx) => needsTeam(i.teamSlug, 'teamSlug', ctx.config) },
    {
      name: 'zone name required',
      check: (i) =>
        i.name === undefined
          ? [
              {
                path: 'name',
                expected: 'a zone name (the domain, e.g. example.com)',
                given: i.name,
                message: 'is needed by the platform (trellis does not auto-name zones).',
              },
            ]
          : known(i.name) && !/^[a-z0-9-]+(\.[a-z0-9-]+)+\.?$/i.test(i.name)
            ? [{ path: 'name', expected: 'a domain name such as example.com', given: i.name }]
            : [],
    },
  ],
  equals: { name: (a, b) => typeof a === 'string' && typeof b === 'string' && dnsName(a) === dnsName(b) },
  wire: {
    create: (i, ctx) =>
      rest('POST', apiPath`/dns_zones`, {
        body: { account_slug: teamSlugOr(i.teamSlug, ctx.config, 'hosting:DnsZone'), name: i.name },
        // the platform's provider enables IPv6 on every new zone; the reply is the zone again
        then: (reply) => {
          const id = str(asObject(reply)?.id)
          return id ? rest('PUT', apiPath`/dns_zones/${id}/enable-ipv6`) : undefined
        },
      }),
    read: (id) => rest('GET', apiPath`/dns_zones/${id}`),
    delete: (id) => rest('DELETE', apiPath`/dns_zones/${id}`),
    decode: (reply, ctx) =>
      pipe(
        withId(reply, 'a DNS zone'),
        E.chain((z) => {
          const f = zoneFields(z)
          // the platform may report the name in another case or with a trailing dot: keep what was sent
          const name =
            ctx.inputs.name !== undefined && f.name !== undefined && dnsName(ctx.inputs.name) === dnsName(f.name)
              ? ctx.inputs.name
              : f.name
          return observe(DnsZoneInputs, DnsZoneOutputs, { ...f, name, lastUpdated: stamp(z) }, z.id, 'hosting:DnsZone')
        }),
      ),
    list: () => rest('GET', apiPath`/dns_zones`, { paginate: { items: '', pageSize: 100 } }),
    matches: (sent, o) =>
      sent.name !== undefined && o.inputs.name !== undefined && dnsName(sent.name) === dnsName(o.inputs.name),
  },
  examples: {
    valid: { name: 'example.com', teamSlug: 'acme' },
    invalid: [
      [{ teamSlug: 'acme' }, 'name'],
      [{ name: 'example.com', teamSlug: 7 }, 'teamSlug'],
      [{ name: 'example.com' }, 'teamSlug'],
      [{ name: 'not a domain', teamSlug: 'acme' }, 'name'],
    ],
    outputs: {
      dnsServers: ['dns1.p01.nsone.net', 'dns2.p01.nsone.net'],
      teamId: '5f1a2b3c4d5e6f7a8b9c0d1e',
      lastUpdated: '2024-01-01T00:00:00Z',
    },
    reply: {
      id: '65a1b2c3d4e5f6a7b8c9d0e1',
      name: 'example.com',
      account_id: '5f1a2b3c4d5e6f7a8b9c0d1e',
      account_slug: 'acme',
      dns_servers: ['dns1.p01.nsone.net', 'dns2.p01.nsone.net'],
      domain: null,
      ipv6_enabled: true,
      created_at: '2024-01-01T00:00:00Z',
      updated_at: '2024-01-01T00:00:00Z',
    },
  },
})
