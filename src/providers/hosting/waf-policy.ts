/**
 * hosting:WafPolicy — a team's web application firewall policy over managed rule sets. From the
 * docs/wire/hosting.md (not in the spec): create answers `{policy_id}` only and update/delete answer 202
 * without a body, so each write is followed by a read; categoryThresholds and ruleOverrides are
 * always sent as objects; a null passive_mode reads as false; only teamId replaces. Unlike the
 * platform's own provider, excludedPatterns is sent and read back (the original dropped it and
 * showed a permanent diff). `name` is optional in the spec only because of auto-naming, which
 * trellis does not do: a rule asks for it. Replies are decoded with a codec of their wire shape
 * first: a field left out or null reads as the platform's default, a field of the wrong type is
 * an error (never a policy without it, which would show as drift or be recorded as applied).
 * The platform documents no listing of a team's policies (the public document has none, and the
 * upstream provider's own API description has only POST on the collection), so a create whose
 * reply was lost cannot be looked up: the spec has no `find`, and the engine keeps the pending
 * entry and asks to check the platform, then import the policy or remove it.
 * Category thresholds are Optional+Computed upstream (default `{}`, read back whole): a category
 * not set is judged at the rule set's overall threshold, and a platform may read every category
 * back with that default filled in (the emulator does). So the inputs hold only the categories set
 * to something else than the overall threshold (one equal to it is no change), compared that way,
 * and the output `categoryThresholds` gives, per rule set, every category's threshold in force:
 * import, then plan, shows no change whether the platform fills the defaults in or not.
 * Upstream attributes trellis lacks: none (`id` is the remote id).
 */
import * as t from 'io-ts'
import * as E from 'fp-ts/Either'
import { pipe } from 'fp-ts/function'
import { literals } from '../../core/codecs'
import type { Finding } from '../../core/issue'
import { isRef } from '../../core/ref'
import { defineResource } from '../../core/spec'
import { observe } from '../../core/observe'
import { rest } from '../../core/wire'
import { apiPath, asObject, decodeReply, importIds, short, stamp, str, type Json } from './shared/wire'

export const WAF_CATEGORIES = [
  'fixation',
  'injection-generic',
  'injection-java',
  'injection-php',
  'lfi',
  'protocol',
  'rce',
  'reputation-scanner',
  'rfi',
  'sqli',
  'ssrf',
  'xss',
] as const

export const RECOMMENDED_OVERALL_THRESHOLD = 5

export const CategoryThresholds = t.exact(
  t.partial(
    Object.fromEntries(WAF_CATEGORIES.map((c) => [c, t.number])) as Record<(typeof WAF_CATEGORIES)[number], t.NumberC>,
  ),
  'CategoryThresholds',
)
export const RuleOverride = t.exact(t.type({ action: literals(['log_only', 'none']) }), 'RuleOverride')

export const WafRuleSet = t.exact(
  t.intersection([
    t.type({ managedId: literals(['crs-basic']), overallThreshold: t.number, passiveMode: t.boolean }),
    t.partial({
      categoryThresholds: CategoryThresholds,
      excludedPatterns: t.array(t.string),
      ruleOverrides: t.record(t.string, RuleOverride),
    }),
  ]),
  'WafRuleSet',
)
export type WafRuleSet = t.TypeOf<typeof WafRuleSet>

export const WafPolicyInputs = t.exact(
  t.intersection([
    t.type({
      /** Id of the team that owns the policy. */
      teamId: t.string,
      /** What the policy is for. */
      description: t.string,
      /** See below. */
      ruleSets: t.array(WafRuleSet),
    }),
    t.partial({
      /** Display name of the policy. */
      name: t.string,
    }),
  ]),
  'WafPolicyInputs',
)
export type WafPolicyInputs = t.TypeOf<typeof WafPolicyInputs>

/** Every category's threshold in force: the ones set, the rest at the rule set's overall threshold. */
export const EffectiveCategoryThresholds = t.record(t.string, t.number, 'EffectiveCategoryThresholds')

export const WafPolicyOutputs = t.exact(
  t.intersection([
    t.type({
      /**
       * Last change time (UTC ISO 8601): the platform's updated_at when it sends one, else when trellis read its reply.
       */
      lastUpdated: t.string,
    }),
    t.partial({
      /**
       * Per rule set, in `ruleSets` order: every category's threshold in force, the platform's
       * defaults (the rule set's overall threshold) included. Computed.
       */
      categoryThresholds: t.array(EffectiveCategoryThresholds),
    }),
  ]),
  'WafPolicyOutputs',
)
export type WafPolicyOutputs = t.TypeOf<typeof WafPolicyOutputs>

type Inputs = WafPolicyInputs

// ── rules ────────────────────────────────────────────────────────────────────
const thresholds = (i: Readonly<Inputs>): Finding[] =>
  Array.isArray(i.ruleSets)
    ? i.ruleSets.flatMap((rs, n) =>
        !isRef(rs) && typeof rs.overallThreshold === 'number' && rs.overallThreshold !== RECOMMENDED_OVERALL_THRESHOLD
          ? [
              {
                path: `ruleSets.${n}.overallThreshold`,
                expected: `the recommended overall threshold ${RECOMMENDED_OVERALL_THRESHOLD}`,
                given: rs.overallThreshold,
                severity: 'warning' as const,
              },
            ]
          : [],
      )
    : []

const nameNeeded = (i: Readonly<Inputs>): Finding[] =>
  i.name === undefined
    ? [
        {
          path: 'name',
          expected: 'a policy name',
          given: undefined,
          message: 'is needed by the platform (trellis does not auto-name policies).',
        },
      ]
    : []

// ── wire ─────────────────────────────────────────────────────────────────────
const body = (i: Inputs): Json => ({
  name: i.name,
  description: i.description,
  rule_sets: i.ruleSets.map((rs) => ({
    managed_id: rs.managedId,
    passive_mode: rs.passiveMode,
    overall_threshold: rs.overallThreshold,
    category_thresholds: rs.categoryThresholds ?? {},
    rule_overrides: rs.ruleOverrides ?? {},
    // the upstream provider never sends it; left out, it is not sent either
    ...(rs.excludedPatterns !== undefined ? { excluded_patterns: rs.excludedPatterns } : {}),
  })),
})

const read = (team: string, id: string) => rest('GET', apiPath`/accounts/${team}/waf/policies/${id}`)

// ── reply codec ──────────────────────────────────────────────────────────────
/** a field the platform may leave out or send as null */
const maybe = <C extends t.Mixed>(c: C) => t.union([c, t.null])

export const WafRuleSetReply = t.intersection(
  [
    t.type({ managed_id: t.string, overall_threshold: t.number }),
    t.partial({
      passive_mode: maybe(t.boolean),
      category_thresholds: maybe(t.record(t.string, t.number)),
      rule_overrides: maybe(t.record(t.string, t.type({ action: t.string }))),
      excluded_patterns: maybe(t.array(t.string)),
    }),
  ],
  'WafRuleSetReply',
)
type WafRuleSetReply = t.TypeOf<typeof WafRuleSetReply>

/** what GET /accounts/{team}/waf/policies/{id} (and each listed policy) answers */
export const WafPolicyReply = t.intersection(
  [
    t.type({ id: t.string }),
    t.partial({
      name: maybe(t.string),
      description: maybe(t.string),
      rule_sets: maybe(t.array(WafRuleSetReply)),
      updated_at: maybe(t.string),
    }),
  ],
  'WafPolicyReply',
)

/** The thresholds set apart from the default: a category at the overall threshold is no setting. */
const setApart = (cats: Readonly<Record<string, unknown>>, overall: unknown): Json =>
  Object.fromEntries(Object.entries(cats).filter(([, v]) => v !== overall))

/** Every category's threshold in force. */
const inForce = (r: WafRuleSetReply): Record<string, number> =>
  Object.fromEntries(WAF_CATEGORIES.map((c) => [c, r.category_thresholds?.[c] ?? r.overall_threshold]))

const ruleSetFromWire = (r: WafRuleSetReply): Json => {
  const cats = setApart(r.category_thresholds ?? {}, r.overall_threshold)
  const overrides = r.rule_overrides ?? {}
  const patterns = r.excluded_patterns ?? []
  return {
    managedId: r.managed_id,
    overallThreshold: r.overall_threshold,
    // a null passive mode reads as off
    passiveMode: r.passive_mode ?? false,
    ...(Object.keys(cats).length > 0 ? { categoryThresholds: cats } : {}),
    ...(Object.keys(overrides).length > 0
      ? { ruleOverrides: Object.fromEntries(Object.entries(overrides).map(([k, v]) => [k, { action: v.action }])) }
      : {}),
    ...(patterns.length > 0 ? { excludedPatterns: patterns } : {}),
  }
}

/** Empty maps and lists, and category thresholds at the overall threshold, are the defaults: compare without them. */
const canonical = (u: unknown): unknown =>
  Array.isArray(u)
    ? (u as unknown[]).map((x) => {
        const o = asObject(x)
        if (!o) return x
        const out: Json = {}
        for (const k of Object.keys(o).sort()) {
          const v = k === 'categoryThresholds' && asObject(o[k]) ? setApart(o[k] as Json, o.overallThreshold) : o[k]
          if (
            v === undefined ||
            (Array.isArray(v) && v.length === 0) ||
            (asObject(v) && Object.keys(v as object).length === 0)
          )
            continue
          out[k] = asObject(v)
            ? Object.fromEntries(
                Object.keys(v as object)
                  .sort()
                  .map((kk) => [kk, (v as Json)[kk]]),
              )
            : v
        }
        return out
      })
    : u

export const WafPolicy = defineResource({
  token: 'hosting:WafPolicy',
  doc:
    'A web application firewall policy of a team: name, description and managed rule sets (crs-basic) with an overall ' +
    'threshold (5 is recommended), passive mode, per-category thresholds, excluded patterns and rule overrides. Only a ' +
    "teamId change replaces it. Refresh reads each policy alone: no document lists a team's policies. Import as " +
    '<team_id>:<policy_id>.',
  inputs: WafPolicyInputs,
  outputs: WafPolicyOutputs,
  identity: importIds<Inputs>([
    { label: 'team_id', field: 'teamId' },
    { label: 'policy_id', field: null },
  ]),
  replaceOn: ['teamId'],
  // wire reference §WafPolicy: categoryThresholds and ruleOverrides default to {}
  platformDefaults: { 'ruleSets.*.categoryThresholds': {}, 'ruleSets.*.ruleOverrides': {} },
  secrets: [],
  rules: [
    { name: 'policy name', check: nameNeeded },
    { name: 'recommended overall threshold', check: thresholds },
  ],
  equals: { ruleSets: (a, b) => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b)) },
  wire: {
    create: (i) =>
      rest('POST', apiPath`/accounts/${i.teamId}/waf/policies`, {
        body: body(i),
        // only `{policy_id}` comes back
        then: (reply) => {
          const id = str(asObject(reply)?.policy_id)
          if (!id) throw new Error(`expected {policy_id}, got ${short(reply)}`)
          return read(i.teamId, id)
        },
      }),
    read: (id, ctx) => read(ctx.inputs.teamId, id),
    // 202 without a body: read the policy back
    update: (id, i) =>
      rest('PUT', apiPath`/accounts/${i.teamId}/waf/policies/${id}`, { body: body(i), then: () => read(i.teamId, id) }),
    delete: (id, ctx) => rest('DELETE', apiPath`/accounts/${ctx.inputs.teamId}/waf/policies/${id}`),
    unfindable:
      "no document lists a team's WAF policies: the public one has no WAF operation, the upstream provider's only POST on the collection",
    decode: (reply, ctx) =>
      pipe(
        decodeReply(WafPolicyReply, 'a WAF policy', reply),
        E.chain((p) => {
          const sent = ctx.inputs
          const wireSets = p.rule_sets ?? []
          const ruleSets = wireSets.map(ruleSetFromWire)
          const obj = {
            teamId: sent.teamId,
            name: p.name ?? undefined,
            description: p.description ?? '',
            ruleSets:
              sent.ruleSets !== undefined &&
              JSON.stringify(canonical(sent.ruleSets)) === JSON.stringify(canonical(ruleSets))
                ? sent.ruleSets
                : ruleSets,
            lastUpdated: stamp(p),
            categoryThresholds: wireSets.map(inForce),
          }
          return observe(WafPolicyInputs, WafPolicyOutputs, obj, p.id, 'hosting:WafPolicy')
        }),
      ),
  },
  discover: {
    cannot: "the platform documents no listing of a team's WAF policies; import each one as <team_id>:<policy_id>",
  },
  examples: {
    valid: {
      teamId: '5f1a2b3c4d5e6f7a8b9c0d1e',
      name: 'baseline',
      description: 'OWASP core rules, blocking',
      ruleSets: [
        {
          managedId: 'crs-basic',
          overallThreshold: 5,
          passiveMode: false,
          categoryThresholds: { sqli: 3, xss: 4 },
          excludedPatterns: ['/healthz'],
          ruleOverrides: { '920100': { action: 'log_only' } },
        },
      ],
    },
    invalid: [
      [{ name: 'p', description: 'd', ruleSets: [] }, 'teamId'],
      [{ teamId: 't', name: 'p', ruleSets: [] }, 'description'],
      [{ teamId: 't', name: 'p', description: 'd' }, 'ruleSets'],
      [{ teamId: 't', description: 'd', ruleSets: [] }, 'name'],
      [
        {
          teamId: 't',
          name: 'p',
          description: 'd',
          ruleSets: [{ managedId: 'crs-full', overallThreshold: 5, passiveMode: false }],
        },
        'ruleSets.0.managedId',
      ],
      [
        {
          teamId: 't',
          name: 'p',
          description: 'd',
          ruleSets: [
            { managedId: 'crs-basic', overallThreshold: 5, passiveMode: false, categoryThresholds: { nosql: 3 } },
          ],
        },
        'ruleSets.0.categoryThresholds.nosql',
      ],
      [
        {
          teamId: 't',
          name: 'p',
          description: 'd',
          ruleSets: [
            {
              managedId: 'crs-basic',
              overallThreshold: 5,
              passiveMode: false,
              ruleOverrides: { '1': { action: 'block' } },
            },
          ],
        },
        'ruleSets.0.ruleOverrides.1.action',
      ],
      [
        { teamId: 't', name: 'p', description: 'd', ruleSets: [{ managedId: 'crs-basic', passiveMode: false }] },
        'ruleSets.0.overallThreshold',
      ],
    ],
    outputs: {
      lastUpdated: '2024-01-01T00:00:00Z',
      categoryThresholds: [
        {
          fixation: 5,
          'injection-generic': 5,
          'injection-java': 5,
          'injection-php': 5,
          lfi: 5,
          protocol: 5,
          rce: 5,
          'reputation-scanner': 5,
          rfi: 5,
          sqli: 3,
          ssrf: 5,
          xss: 4,
        },
      ],
    },
    reply: {
      id: '65e0f1a2b3c4d5e6f7a80913',
      name: 'baseline',
      description: 'OWASP core rules, blocking',
      rule_sets: [
        {
          managed_id: 'crs-basic',
          passive_mode: false,
          overall_threshold: 5,
          category_thresholds: { sqli: 3, xss: 4 },
          rule_overrides: { '920100': { action: 'log_only' } },
          excluded_patterns: ['/healthz'],
        },
      ],
    },
  },
})
