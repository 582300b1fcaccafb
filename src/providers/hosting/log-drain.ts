/**
 * hosting:LogDrain — ships a site's logs to a logging service. From docs/wire/hosting.md (not in the
 * spec): the eight destinations (§5) and their per-destination required fields; `log_types`
 * travels as a string holding a JSON array; `format` defaults to json; a null `exclude_pii` reads
 * as false; an empty `tags` map reads as none; update is a full PUT; changing siteId or
 * destination replaces the drain. serviceConfig's url and authorizationHeader are secrets: decode
 * keeps what was sent and wraps anything the platform echoes, so they are never returned in plain
 * text. The spec marks every input optional; rules ask for what the platform needs.
 */
import * as t from 'io-ts'
import * as E from 'fp-ts/Either'
import { pipe } from 'fp-ts/function'
import { literals, SecretString } from '../../core/codecs'
import type { Finding } from '../../core/issue'
import { defineResource } from '../../core/spec'
import { observe } from '../../core/observe'
import { isSecret, reveal, secret } from '../../core/secret'
import { rest } from '../../core/wire'
import { apiPath, asObject, bool, compact, importIds, known, stamp, str, withId, type Json } from './shared/wire'

export const LOG_DESTINATIONS = [
  'datadog',
  'newrelic',
  'logflare',
  's3',
  'splunkcloud',
  'http',
  'axiom',
  'azure',
] as const
export const LOG_TYPES = ['user_traffic', 'functions', 'edge_functions', 'waf_logs', 'deploys'] as const

export const ServiceConfig = t.exact(
  t.partial({
    authorizationHeader: SecretString,
    bucketName: t.string,
    bucketRegion: t.string,
    integrationName: t.string,
    path: t.string,
    tags: t.record(t.string, t.string),
    url: SecretString,
    verificationFilename: t.string,
  }),
  'ServiceConfig',
)
export type ServiceConfig = t.TypeOf<typeof ServiceConfig>

export const LogDrainInputs = t.exact(
  t.partial({
    /** Id of the site whose logs are sent. */
    siteId: t.string,

    /** One of eight destination kinds. The literal values are the lowercase names of third-party logging and analytics services and one generic value `http`; the third-party names are omitted here. */
    destination: literals(LOG_DESTINATIONS),

    /** `json` or `ndjson`. */
    format: literals(['json', 'ndjson']),

    /** Any of `user_traffic`, `functions`, `edge_functions`, `waf_logs`, `deploys`. */
    logTypes: t.array(literals(LOG_TYPES)),

    /** Leave personally identifiable information (such as client IPs) out of the logs sent. */
    excludePii: t.boolean,

    /** See below. */
    serviceConfig: ServiceConfig,
  }),
  'LogDrainInputs',
)
export type LogDrainInputs = t.TypeOf<typeof LogDrainInputs>

export const LogDrainOutputs = t.exact(
  t.type({
    /**
     * Last change time (UTC ISO 8601): the platform's updated_at when it sends one, else when trellis read its reply.
     */
    lastUpdated: t.string,
  }),
  'LogDrainOutputs',
)
export type LogDrainOutputs = t.TypeOf<typeof LogDrainOutputs>

// ── rules ────────────────────────────────────────────────────────────────────
const NEEDS: Readonly<Partial<Record<(typeof LOG_DESTINATIONS)[number], ReadonlyArray<keyof ServiceConfig>>>> = {
  datadog: ['url'],
  newrelic: ['url', 'tags'],
  http: ['url'],
  s3: ['bucketName', 'bucketRegion', 'path', 'verificationFilename'],
}
const FORBIDS: Readonly<Partial<Record<(typeof LOG_DESTINATIONS)[number], ReadonlyArray<keyof ServiceConfig>>>> = {
  // datadog takes its tags and key inside the URL
  datadog: ['tags', 'authorizationHeader'],
}

const required = (i: Readonly<LogDrainInputs>): Finding[] =>
  (
    [
      ['siteId', 'the id of the site whose logs are drained'],
      ['destination', `a destination: ${LOG_DESTINATIONS.join(', ')}`],
      ['logTypes', `the log types to send: any of ${LOG_TYPES.join(', ')}`],
    ] as const
  )
    .filter(([k]) => i[k] === undefined)
    .map(([k, expected]) => ({ path: k, expected, given: undefined, message: 'is needed by the platform.' }))

const perDestination = (i: Readonly<LogDrainInputs>): Finding[] => {
  if (!known(i.destination)) return []
  const cfg = (i.serviceConfig ?? {}) as Record<string, unknown>
  const out: Finding[] = []
  for (const k of NEEDS[i.destination] ?? [])
    if (cfg[k] === undefined)
      out.push({
        path: `serviceConfig.${k}`,
        expected: `serviceConfig.${k} for a ${i.destination} drain`,
        given: undefined,
      })
  for (const k of FORBIDS[i.destination] ?? [])
    if (cfg[k] !== undefined)
      out.push({
        path: `serviceConfig.${k}`,
        expected: `no serviceConfig.${k} for a ${i.destination} drain (put it in the URL)`,
        given: cfg[k],
      })
  const url = cfg.url
  if (isSecret(url) || typeof url === 'string') {
    // checked by value, reported without it
    const plain = typeof url === 'string' ? url : reveal(url)
    if (typeof plain === 'string' && !/^https?:\/\/\S+$/.test(plain))
      out.push({ path: 'serviceConfig.url', expected: 'an http(s) URL', given: secret(plain) })
  }
  if (Array.isArray(i.logTypes) && i.logTypes.length === 0)
    out.push({ path: 'logTypes', expected: 'at least one log type', given: i.logTypes })
  return out
}

// ── wire ─────────────────────────────────────────────────────────────────────
const wireConfig = (c: ServiceConfig | undefined): Json =>
  compact({
    authorization_header: c?.authorizationHeader,
    bucket_name: c?.bucketName,
    bucket_region: c?.bucketRegion,
    integration_name: c?.integrationName,
    path: c?.path,
    tags: c?.tags && Object.keys(c.tags).length > 0 ? c.tags : undefined,
    url: c?.url,
    verification_filename: c?.verificationFilename,
  })

const body = (i: LogDrainInputs, id: string): Json => ({
  id,
  site_id: i.siteId,
  destination: i.destination,
  format: i.format ?? 'json',
  // the platform's quirk: a JSON array inside a string
  log_types: JSON.stringify(i.logTypes ?? []),
  exclude_pii: i.excludePii ?? false,
  service_config: wireConfig(i.serviceConfig),
})

const parseTypes = (u: unknown): string[] | undefined => {
  if (Array.isArray(u)) return u.filter((x): x is string => typeof x === 'string')
  if (typeof u !== 'string' || u.trim() === '') return undefined
  try {
    const v: unknown = JSON.parse(u)
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : undefined
  } catch {
    return undefined
  }
}

const sameSet = (a: unknown, b: unknown) =>
  Array.isArray(a) &&
  Array.isArray(b) &&
  JSON.stringify([...(a as unknown[])].sort()) === JSON.stringify([...(b as unknown[])].sort())

/** An empty tags map is no tags. */
const withoutEmptyTags = (c: unknown): unknown => {
  const o = asObject(c)
  if (!o) return c
  const { tags, ...rest } = o
  return asObject(tags) && Object.keys(tags as object).length > 0 ? o : rest
}

const decodeConfig = (u: unknown, sent: ServiceConfig | undefined): ServiceConfig | undefined => {
  const c = asObject(u)
  if (!c) return sent
  const secretField = (wire: string, mine: unknown) =>
    mine !== undefined ? mine : str(c[wire]) !== undefined && c[wire] !== '' ? secret(str(c[wire])!) : undefined
  const tags = asObject(c.tags)
  const out = compact({
    authorizationHeader: secretField('authorization_header', sent?.authorizationHeader),
    bucketName: str(c.bucket_name) || undefined,
    bucketRegion: str(c.bucket_region) || undefined,
    integrationName: str(c.integration_name) || undefined,
    path: str(c.path) || undefined,
    tags: tags && Object.keys(tags).length > 0 ? tags : undefined,
    url: secretField('url', sent?.url),
    verificationFilename: str(c.verification_filename) || undefined,
  }) as ServiceConfig
  return Object.keys(out).length > 0 ? out : undefined
}

export const LogDrain = defineResource({
  token: 'hosting:LogDrain',
  doc:
    'A log drain of a site: destination (one of eight services or plain http), format (json by default), logTypes, ' +
    'excludePii and serviceConfig (url and authorizationHeader are secrets). Changing siteId or destination replaces the ' +
    'drain. Import as <site_id>:<log_drain_id>.',
  inputs: LogDrainInputs,
  outputs: LogDrainOutputs,
  identity: importIds<LogDrainInputs>([
    { label: 'site_id', field: 'siteId' },
    { label: 'log_drain_id', field: null },
  ]),
  replaceOn: ['siteId', 'destination'],
  // wire reference §LogDrain: format defaults to json, a null exclude_pii reads as false
  platformDefaults: { format: 'json', excludePii: false },
  secrets: ['serviceConfig.url', 'serviceConfig.authorizationHeader'],
  rules: [
    { name: 'fields the platform needs', check: required },
    { name: 'per-destination service config', check: perDestination },
  ],
  equals: {
    logTypes: sameSet,
    format: (a, b) => (a ?? 'json') === (b ?? 'json'),
    serviceConfig: (a, b) =>
      JSON.stringify(sortKeys(withoutEmptyTags(a))) === JSON.stringify(sortKeys(withoutEmptyTags(b))),
  },
  wire: {
    create: (i) => rest('POST', apiPath`/sites/${i.siteId ?? ''}/log_drains`, { body: body(i, '') }),
    read: (id, ctx) => rest('GET', apiPath`/sites/${ctx.inputs.siteId ?? ''}/log_drains/${id}`),
    update: (id, i) => rest('PUT', apiPath`/sites/${i.siteId ?? ''}/log_drains/${id}`, { body: body(i, id) }),
    delete: (id, ctx) => rest('DELETE', apiPath`/sites/${ctx.inputs.siteId ?? ''}/log_drains/${id}`),
    // a lost create is looked for among the drains of its site (the secrets in serviceConfig are
    // not compared: the platform's copy is not ours to read back, see decodeConfig)
    find: (sent) => rest('GET', apiPath`/sites/${sent.siteId ?? ''}/log_drains`),
    // refresh lists each site's drains once
    listIn: {
      parent: (_id, ctx) => ctx.inputs.siteId,
      request: (_id, ctx) => rest('GET', apiPath`/sites/${ctx.inputs.siteId ?? ''}/log_drains`),
    },
    decode: (reply, ctx) =>
      pipe(
        withId(reply, 'a log drain'),
        E.chain((d) => {
          const sent = ctx.inputs
          const types = parseTypes(d.log_types)
          const obj = {
            siteId: str(d.site_id) ?? sent.siteId,
            destination: str(d.destination),
            // defaults are reported only when asked for (an import then matches a stack that leaves them out)
            format:
              sent.format === undefined && (str(d.format) ?? 'json') === 'json' ? undefined : (str(d.format) ?? 'json'),
            logTypes:
              types !== undefined && sent.logTypes !== undefined && sameSet(types, sent.logTypes)
                ? sent.logTypes
                : types,
            excludePii:
              sent.excludePii === undefined && !bool(d.exclude_pii) ? undefined : (bool(d.exclude_pii) ?? false),
            serviceConfig: decodeConfig(d.service_config, sent.serviceConfig),
            lastUpdated: stamp(d),
          }
          return observe(LogDrainInputs, LogDrainOutputs, obj, d.id, 'hosting:LogDrain')
        }),
      ),
  },
  // sites are not a resource type here: discovery lists the drains of the sites given with --scope siteId=…
  discover: { scope: { key: 'siteId', request: (siteId) => rest('GET', apiPath`/sites/${siteId}/log_drains`) } },
  examples: {
    valid: {
      siteId: '0b1c2d3e-4f50-4617-8829-3a4b5c6d7e8f',
      destination: 'http',
      format: 'ndjson',
      logTypes: ['user_traffic', 'functions'],
      excludePii: true,
      serviceConfig: { url: secret('https://logs.example.com/ingest'), authorizationHeader: secret('Bearer example') },
    },
    invalid: [
      [{ destination: 'http', logTypes: ['deploys'], serviceConfig: { url: 'https://x.example' } }, 'siteId'],
      [{ siteId: 's', destination: 'syslog', logTypes: ['deploys'] }, 'destination'],
      [{ siteId: 's', destination: 'http', logTypes: ['deploys'] }, 'serviceConfig.url'],
      [
        { siteId: 's', destination: 'http', logTypes: ['access'], serviceConfig: { url: 'https://x.example' } },
        'logTypes.0',
      ],
      [
        {
          siteId: 's',
          destination: 'http',
          format: 'xml',
          logTypes: ['deploys'],
          serviceConfig: { url: 'https://x.example' },
        },
        'format',
      ],
      [
        {
          siteId: 's',
          destination: 'datadog',
          logTypes: ['deploys'],
          serviceConfig: { url: 'https://x.example', tags: { a: 'b' } },
        },
        'serviceConfig.tags',
      ],
      [
        {
          siteId: 's',
          destination: 's3',
          logTypes: ['deploys'],
          serviceConfig: { bucketName: 'b', bucketRegion: 'eu-west-1', path: 'logs' },
        },
        'serviceConfig.verificationFilename',
      ],
      [{ siteId: 's', destination: 'http', serviceConfig: { url: 'https://x.example' } }, 'logTypes'],
    ],
    outputs: { lastUpdated: '2024-01-01T00:00:00Z' },
    reply: {
      id: '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
      site_id: '0b1c2d3e-4f50-4617-8829-3a4b5c6d7e8f',
      destination: 'http',
      format: 'ndjson',
      log_types: '["user_traffic","functions"]',
      exclude_pii: true,
      service_config: { url: 'https://logs.example.com/ingest', authorization_header: 'Bearer example' },
    },
  },
})

function sortKeys(u: unknown): unknown {
  if (Array.isArray(u)) return u.map(sortKeys)
  const o = asObject(u)
  if (!o) return u
  return Object.fromEntries(
    Object.keys(o)
      .sort()
      .map((k) => [k, sortKeys(o[k])]),
  )
}
