/**
 * hosting:EnvironmentVariable — a team-level (shared) or site-level environment variable with
 * values per deploy context. From docs/wire/hosting.md (not in the spec): the remote id is the
 * import id (`<team_id>:<key>` or `<team_id>:<site_id>:<key>`); create sends a one-item array;
 * update replaces every value; scopes default to all four and are left out of requests when all
 * four are chosen (free plans refuse specific scopes); the platform reports `post_processing`;
 * secret values are write-only, so they are never read back (decode keeps what was sent) and
 * secrets left without scopes get all four like any variable (as upstream), but cannot name
 * post-processing among specific scopes; a secret variable cannot become non-secret.
 */
import * as t from 'io-ts'
import * as E from 'fp-ts/Either'
import { literals, SecretString } from '../../core/codecs'
import type { Finding } from '../../core/issue'
import { isRef } from '../../core/ref'
import { defineResource, type Observed, type WireContext } from '../../core/spec'
import { observe } from '../../core/observe'
import { rest } from '../../core/wire'
import {
  apiPath,
  asObject,
  defaultTeamId,
  importIds,
  known,
  needsTeam,
  short,
  stamp,
  str,
  teamIdOr,
  type Json,
} from './shared/wire'

export const ENV_SCOPES = ['builds', 'functions', 'runtime', 'post-processing'] as const
export const ENV_CONTEXTS = [
  'all',
  'dev',
  'dev-server',
  'branch-deploy',
  'deploy-preview',
  'production',
  'branch',
] as const

export const EnvScope = literals(ENV_SCOPES)
export const EnvContext = literals(ENV_CONTEXTS)

export const EnvValue = t.exact(
  t.intersection([t.type({ context: EnvContext, value: t.string }), t.partial({ contextParameter: t.string })]),
  'EnvValue',
)
export type EnvValue = t.TypeOf<typeof EnvValue>

export const SecretEnvValue = t.exact(
  t.intersection([t.type({ context: EnvContext, value: SecretString }), t.partial({ contextParameter: t.string })]),
  'SecretEnvValue',
)
export type SecretEnvValue = t.TypeOf<typeof SecretEnvValue>

export const EnvironmentVariableInputs = t.exact(
  t.intersection([
    t.type({
      /** Name of the variable (e.g. `API_URL`). */
      key: t.string,
    }),
    t.partial({
      /** One or more of `builds`, `functions`, `runtime`, `post-processing`. Optional; the platform fills it when left out. */
      scopes: t.array(EnvScope),

      /** Items hold context (string, required), value (string, required), contextParameter (string). */
      values: t.array(EnvValue),

      /** Same item shape as values; value is a secret. */
      secretValues: t.array(SecretEnvValue),

      /** When set, the variable is site-level; otherwise team-level. */
      siteId: t.string,

      /** Required when no default team is configured. Optional; the platform fills it when left out. */
      teamId: t.string,
    }),
  ]),
  'EnvironmentVariableInputs',
)
export type EnvironmentVariableInputs = t.TypeOf<typeof EnvironmentVariableInputs>

/** teamId and scopes are also computed: the default team, and all four scopes when none are given. */
export const EnvironmentVariableOutputs = t.exact(
  t.intersection([
    t.type({
      /**
       * Last change time (UTC ISO 8601): the platform's updated_at when it sends one, else when trellis read its
       * reply.
       */
      lastUpdated: t.string,
    }),
    t.partial({
      /** Required when no default team is configured. Optional; the platform fills it when left out. */
      teamId: t.string,
      /** One or more of `builds`, `functions`, `runtime`, `post-processing`. Optional; the platform fills it when left out. */
      scopes: t.array(EnvScope),
    }),
  ]),
  'EnvironmentVariableOutputs',
)
export type EnvironmentVariableOutputs = t.TypeOf<typeof EnvironmentVariableOutputs>

type Inputs = EnvironmentVariableInputs

// ── normalisation ────────────────────────────────────────────────────────────
const scopeName = (s: string): string => s.replace(/[\s_]/g, '-')
const allScopes = (s: ReadonlyArray<string> | undefined): boolean =>
  s === undefined || ENV_SCOPES.every((x) => s.includes(x))

/** Order-free comparison of two lists by a key of each item. */
const sameSet = (a: unknown, b: unknown, keyOf: (x: unknown) => string): boolean =>
  Array.isArray(a) &&
  Array.isArray(b) &&
  a.length === b.length &&
  JSON.stringify(a.map(keyOf).sort()) === JSON.stringify(b.map(keyOf).sort())

/** A value item's identity: context, contextParameter ('' = none) and the value (a secret's digest). */
const valueKey = (x: unknown): string => {
  const o = (x ?? {}) as { context?: unknown; contextParameter?: unknown; value?: unknown }
  return JSON.stringify([o.context, o.contextParameter ?? '', o.value])
}

// ── rules ────────────────────────────────────────────────────────────────────
const valueRules = (list: unknown, field: 'values' | 'secretValues'): Finding[] => {
  if (!Array.isArray(list)) return []
  const out: Finding[] = []
  const seen = new Set<string>()
  list.forEach((v: { context?: unknown; contextParameter?: unknown }, i) => {
    if (isRef(v) || !known(v.context)) return
    const param = v.contextParameter
    if (v.context === 'branch' && (param === undefined || param === ''))
      out.push({
        path: `${field}.${i}.contextParameter`,
        expected: 'the branch name (needed by the branch context)',
        given: param,
      })
    if (v.context !== 'branch' && known(param) && param !== '')
      out.push({
        path: `${field}.${i}.contextParameter`,
        expected: 'no contextParameter (it is only for the branch context)',
        given: param,
      })
    const k = JSON.stringify([v.context, isRef(param) ? i : (param ?? '')])
    if (seen.has(k))
      out.push({ path: `${field}.${i}.context`, expected: 'each context (and branch) at most once', given: v.context })
    seen.add(k)
  })
  return out
}

const rules = [
  {
    name: 'team id or default team',
    check: (i: Readonly<Inputs>, ctx: WireContext) => needsTeam(i.teamId, 'teamId', ctx.config),
  },
  {
    name: 'values or secretValues',
    check: (i: Readonly<Inputs>): Finding[] =>
      i.values !== undefined && i.secretValues !== undefined
        ? [
            {
              path: 'secretValues',
              expected: 'either values or secretValues, not both',
              given: i.secretValues,
              message: 'a variable is either secret or not.',
            },
          ]
        : i.values === undefined && i.secretValues === undefined
          ? [
              {
                path: 'values',
                expected: 'values or secretValues (at least one context with a value)',
                given: undefined,
              },
            ]
          : [],
  },
  {
    name: 'context parameters',
    check: (i: Readonly<Inputs>): Finding[] => [
      ...valueRules(i.values, 'values'),
      ...valueRules(i.secretValues, 'secretValues'),
    ],
  },
  {
    name: 'scopes',
    check: (i: Readonly<Inputs>): Finding[] => {
      const out: Finding[] = []
      if (Array.isArray(i.scopes)) {
        if (i.scopes.length === 0)
          out.push({ path: 'scopes', expected: 'at least one scope (leave scopes out for all four)', given: i.scopes })
        if (new Set(i.scopes).size !== i.scopes.length)
          out.push({ path: 'scopes', expected: 'each scope once', given: i.scopes })
      }
      // left out, scopes default to all four and none are sent, as the upstream provider does: the
      // platform takes that for a secret too; only an explicit post-processing scope is refused
      if (
        i.secretValues !== undefined &&
        Array.isArray(i.scopes) &&
        (i.scopes as unknown[]).includes('post-processing') &&
        !allScopes(i.scopes)
      )
        out.push({
          path: 'scopes',
          expected: 'scopes without post-processing for a secret variable (e.g. ["builds", "functions", "runtime"])',
          given: i.scopes,
          message: 'secret values cannot be used in the post-processing scope.',
        })
      return out
    },
  },
  {
    name: 'secrets stay secret',
    when: 'plan' as const,
    check: (
      i: Readonly<Inputs>,
      ctx: { readonly prior?: { readonly inputs: Readonly<Record<string, unknown>> } },
    ): Finding[] =>
      ctx.prior?.inputs.secretValues !== undefined && i.secretValues === undefined && i.values !== undefined
        ? [
            {
              path: 'values',
              expected: 'secretValues (the variable is secret)',
              given: i.values,
              message:
                'the platform cannot turn a secret variable back into a plain one; delete it first or use another key.',
            },
          ]
        : [],
  },
]

// ── wire ─────────────────────────────────────────────────────────────────────
const teamOf = (i: Partial<Inputs>, ctx: WireContext) => teamIdOr(i.teamId, ctx.config, 'hosting:EnvironmentVariable')
const siteQuery = (i: Partial<Inputs>) => (i.siteId !== undefined ? { site_id: i.siteId } : {})

const wireValues = (list: ReadonlyArray<EnvValue | SecretEnvValue>) =>
  list.map((v) => ({
    value: v.value,
    context: v.context,
    ...(v.contextParameter ? { context_parameter: v.contextParameter } : {}),
  }))

const body = (i: Inputs): Json => ({
  ...(allScopes(i.scopes) ? {} : { scopes: i.scopes }),
  values: wireValues(i.secretValues ?? i.values ?? []),
  is_secret: i.secretValues !== undefined,
})

/** The remote id is the import id, so a read needs nothing else. */
export const envVarId = (teamId: string, siteId: string | undefined, key: string): string =>
  siteId !== undefined ? `${teamId}:${siteId}:${key}` : `${teamId}:${key}`
const splitId = (id: string): { teamId: string; siteId?: string; key: string } => {
  const p = id.split(':')
  return p.length >= 3
    ? { teamId: p[0], siteId: p[1], key: p.slice(2).join(':') }
    : { teamId: p[0], key: p.slice(1).join(':') }
}

export const EnvironmentVariable = defineResource({
  token: 'hosting:EnvironmentVariable',
  doc:
    'An environment variable with values per deploy context: site-level when siteId is set, otherwise team-level (teamId, ' +
    "or the provider's default team). Scopes default to all four. secretValues are write-only on the platform: they are " +
    'never read back, never printed and stored only protected; a secret without scopes gets all four too, but cannot name post-processing among specific scopes. Import as ' +
    '<team_id>:<key> or <team_id>:<site_id>:<key>.',
  inputs: EnvironmentVariableInputs,
  outputs: EnvironmentVariableOutputs,
  identity: importIds<Inputs>(
    [
      { label: 'team_id', field: 'teamId' },
      { label: 'key', field: 'key' },
    ],
    [
      [
        { label: 'team_id', field: 'teamId' },
        { label: 'site_id', field: 'siteId' },
        { label: 'key', field: 'key' },
      ],
    ],
    true,
  ),
  replaceOn: ['key', 'siteId', 'teamId'],
  // left out, the provider's default team and the platform's scopes: never diffed (an import reads them)
  computed: ['teamId', 'scopes'],
  secrets: ['secretValues.*.value'],
  rules,
  equals: {
    scopes: (a, b) => sameSet(a, b, (x) => String(x)),
    values: (a, b) => sameSet(a, b, valueKey),
    secretValues: (a, b) => sameSet(a, b, valueKey),
  },
  wire: {
    create: (i, ctx) =>
      rest('POST', apiPath`/accounts/${teamOf(i, ctx)}/env`, {
        query: siteQuery(i),
        body: [{ key: i.key, ...body(i) }],
      }),
    read: (id) => {
      const p = splitId(id)
      return rest('GET', apiPath`/accounts/${p.teamId}/env/${p.key}`, { query: siteQuery(p) })
    },
    // a variable's id is its natural key: a lost create is read back by it (404: nothing was made)
    find: (sent, ctx) =>
      rest('GET', apiPath`/accounts/${teamOf(sent, ctx)}/env/${sent.key}`, { query: siteQuery(sent) }),
    // refresh lists the variables of each site (or of the team, for team-level ones) once
    listIn: {
      parent: (id) => {
        const p = splitId(id)
        return `${p.teamId}:${p.siteId ?? ''}`
      },
      request: (id) => {
        const p = splitId(id)
        return rest('GET', apiPath`/accounts/${p.teamId}/env`, { query: siteQuery(p) })
      },
    },
    update: (id, i) => {
      const p = splitId(id)
      // the key is a required query parameter (the rename target); it never changes here
      return rest('PUT', apiPath`/accounts/${p.teamId}/env/${p.key}`, {
        query: { key: p.key, ...siteQuery(p) },
        body: body(i),
      })
    },
    delete: (id) => {
      const p = splitId(id)
      return rest('DELETE', apiPath`/accounts/${p.teamId}/env/${p.key}`, { query: siteQuery(p) })
    },
    decode: (reply, ctx) => {
      // create answers with a one-item array
      const v = asObject(Array.isArray(reply) ? reply[0] : reply)
      const key = v ? str(v.key) : undefined
      if (!v || !key) return E.left(`expected an environment variable, got ${short(reply)}`)
      const sent = ctx.inputs
      const teamId = sent.teamId ?? defaultTeamId(ctx.config)
      if (teamId === undefined)
        return E.left(`environment variable ${key}: no teamId known (none given, no default team)`)
      const scopes = (Array.isArray(v.scopes) ? v.scopes : [])
        .filter((s): s is string => typeof s === 'string')
        .map(scopeName)
      const sameScopes = sent.scopes !== undefined && sameSet(sent.scopes, scopes, String)
      const secret = v.is_secret === true
      const values = secret
        ? undefined
        : (Array.isArray(v.values) ? v.values : []).map((x: Json) => ({
            context: str(x.context),
            value: str(x.value) ?? '',
            // '' and absent are the same
            ...(str(x.context_parameter) ? { contextParameter: str(x.context_parameter) } : {}),
          }))
      const obj = {
        key,
        teamId,
        siteId: sent.siteId,
        // all four is the default: reported as absent unless it was asked for
        scopes: sameScopes ? sent.scopes : sent.scopes === undefined && allScopes(scopes) ? undefined : scopes,
        values:
          values !== undefined && sent.values !== undefined && sameSet(sent.values, values, valueKey)
            ? sent.values
            : values,
        // write-only on the platform: keep what was sent, never what was echoed
        secretValues: secret ? sent.secretValues : undefined,
        lastUpdated: stamp(v),
      }
      // the outputs always carry the scopes in effect
      return E.map((o: Observed<Inputs, EnvironmentVariableOutputs>) => ({
        ...o,
        outputs: { ...o.outputs, scopes: scopes as EnvironmentVariableOutputs['scopes'] },
      }))(
        observe(
          EnvironmentVariableInputs,
          EnvironmentVariableOutputs,
          obj,
          envVarId(teamId, sent.siteId, key),
          'hosting:EnvironmentVariable',
        ),
      )
    },
    matches: (sent, o) => sent.key === o.inputs.key,
  },
  // the team-level variables of the teams given with --scope teamId=… (site-level ones are listed a
  // site at a time, under a team: not offered yet)
  discover: { scope: { key: 'teamId', request: (teamId) => rest('GET', apiPath`/accounts/${teamId}/env`) } },
  examples: {
    valid: {
      key: 'API_URL',
      teamId: '5f1a2b3c4d5e6f7a8b9c0d1e',
      siteId: '0b1c2d3e-4f50-4617-8829-3a4b5c6d7e8f',
      values: [
        { context: 'production', value: 'https://api.example.com' },
        { context: 'branch', contextParameter: 'staging', value: 'https://staging-api.example.com' },
      ],
    },
    invalid: [
      [{ teamId: 't', values: [{ context: 'all', value: 'x' }] }, 'key'],
      [{ key: 'K', teamId: 't', values: [{ context: 'everywhere', value: 'x' }] }, 'values.0.context'],
      [{ key: 'K', teamId: 't', values: [{ context: 'branch', value: 'x' }] }, 'values.0.contextParameter'],
      [
        { key: 'K', teamId: 't', values: [{ context: 'production', contextParameter: 'main', value: 'x' }] },
        'values.0.contextParameter',
      ],
      [{ key: 'K', teamId: 't', scopes: ['builds', 'deploys'], values: [{ context: 'all', value: 'x' }] }, 'scopes.1'],
      [{ key: 'K', values: [{ context: 'all', value: 'x' }] }, 'teamId'],
      [
        {
          key: 'K',
          teamId: 't',
          secretValues: [{ context: 'production', value: 's3cr3t' }],
          scopes: ['builds', 'post-processing'],
        },
        'scopes',
      ],
      [
        {
          key: 'K',
          teamId: 't',
          values: [{ context: 'all', value: 'x' }],
          secretValues: [{ context: 'all', value: 'y' }],
          scopes: ['builds'],
        },
        'secretValues',
      ],
      [{ key: 'K', teamId: 't' }, 'values'],
    ],
    outputs: {
      lastUpdated: '2024-01-01T00:00:00Z',
      teamId: '5f1a2b3c4d5e6f7a8b9c0d1e',
      scopes: ['builds', 'functions', 'runtime', 'post-processing'],
    },
    reply: {
      key: 'API_URL',
      scopes: ['builds', 'functions', 'runtime', 'post_processing'],
      values: [
        { id: 'v1', value: 'https://api.example.com', context: 'production', context_parameter: '' },
        { id: 'v2', value: 'https://staging-api.example.com', context: 'branch', context_parameter: 'staging' },
      ],
      is_secret: false,
      updated_at: '2024-01-01T00:00:00Z',
      updated_by: { id: 'u1', full_name: 'A User', email: 'user@example.com', avatar_url: '' },
    },
  },
})
