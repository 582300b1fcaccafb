/**
 * hosting:getManagedWafRules — the managed WAF rule sets a team can use in a WafPolicy, keyed by
 * managed id (e.g. crs-basic), each with its definition and rules. From docs/wire/hosting.md:
 * `GET /accounts/{team_id}/waf/managed`; teamId is required (no default team); the platform gives
 * no id for the result.
 */
import * as t from 'io-ts'
import * as E from 'fp-ts/Either'
import { literals } from '../../core/codecs'
import { findingsFromErrors } from '../../core/issue'
import { defineLookup } from '../../core/spec'
import { rest } from '../../core/wire'
import { apiPath, asObject, short, str } from './shared/wire'

export const ManagedWafRule = t.exact(
  t.type({
    id: t.string,
    description: t.string,
    phase: t.string,
    category: t.string,
    severity: literals(['notice', 'warning', 'error', 'critical']),
  }),
  'ManagedWafRule',
)
export const ManagedRuleSetDefinition = t.exact(
  t.type({ id: t.string, type: t.string, version: t.string }),
  'ManagedRuleSetDefinition',
)
export const ManagedRuleSet = t.exact(
  t.type({ definition: ManagedRuleSetDefinition, rules: t.array(ManagedWafRule) }),
  'ManagedRuleSet',
)
export type ManagedRuleSet = t.TypeOf<typeof ManagedRuleSet>

export const GetManagedWafRulesArgs = t.exact(
  t.type({
    /** Id of the team whose managed WAF rule sets are read. */
    teamId: t.string,
  }),
  'GetManagedWafRulesArgs',
)
export type GetManagedWafRulesArgs = t.TypeOf<typeof GetManagedWafRulesArgs>

export const GetManagedWafRulesResult = t.exact(
  t.intersection([
    t.type({
      /** Id of the team whose managed WAF rule sets are read. */
      teamId: t.string,
      /** Map string to rule set. */
      ruleSets: t.record(t.string, ManagedRuleSet),
    }),
    t.partial({
      /** A field of the result (spec). */
      id: t.string,
    }),
  ]),
  'GetManagedWafRulesResult',
)
export type GetManagedWafRulesResult = t.TypeOf<typeof GetManagedWafRulesResult>

export const getManagedWafRules = defineLookup({
  token: 'hosting:getManagedWafRules',
  doc: 'The managed WAF rule sets of a team (teamId is required), keyed by managed id, each with its definition (id, type, version) and rules (id, description, phase, category, severity).',
  args: GetManagedWafRulesArgs,
  result: GetManagedWafRulesResult,
  secrets: [],
  rules: [],
  wire: {
    request: (a) => rest('GET', apiPath`/accounts/${a.teamId}/waf/managed`),
    decode: (reply, a) => {
      const sets = asObject(asObject(reply)?.rule_sets)
      if (!sets)
        return E.left(
          `managed WAF rules of team ${JSON.stringify(a.teamId)}: expected {rule_sets: {...}}, got ${short(reply)}`,
        )
      const ruleSets = Object.fromEntries(
        Object.entries(sets).map(([k, v]) => {
          const s = asObject(v) ?? {}
          const d = asObject(s.definition) ?? {}
          return [
            k,
            {
              definition: { id: str(d.id) ?? k, type: str(d.type) ?? '', version: str(d.version) ?? '' },
              rules: (Array.isArray(s.rules) ? s.rules : []).map((r) => {
                const o = asObject(r) ?? {}
                return {
                  id: str(o.id) ?? '',
                  description: str(o.description) ?? '',
                  phase: str(o.phase) ?? '',
                  category: str(o.category) ?? '',
                  severity: str(o.severity) ?? '',
                }
              }),
            },
          ]
        }),
      )
      const result = { teamId: a.teamId, ruleSets }
      // a severity outside the four documented ones is a platform change we want to hear about
      const checked = GetManagedWafRulesResult.decode(result)
      return E.isRight(checked)
        ? E.right(checked.right)
        : E.left(
            `managed WAF rules of team ${JSON.stringify(a.teamId)}: ${findingsFromErrors(checked.left)
              .map((f) => `${f.path}: expected ${f.expected}, got ${JSON.stringify(f.given)}`)
              .join('; ')}`,
          )
    },
  },
  examples: {
    valid: { teamId: '5f1a2b3c4d5e6f7a8b9c0d1e' },
    invalid: [
      [{}, 'teamId'],
      [{ teamId: 7 }, 'teamId'],
    ],
    result: {
      teamId: '5f1a2b3c4d5e6f7a8b9c0d1e',
      ruleSets: {
        'crs-basic': {
          definition: { id: 'crs-basic', type: 'crs', version: '4.0.0' },
          rules: [
            {
              id: '942100',
              description: 'SQL Injection Attack Detected via libinjection',
              phase: 'request',
              category: 'sqli',
              severity: 'critical',
            },
          ],
        },
      },
    },
    reply: {
      rule_sets: {
        'crs-basic': {
          definition: { id: 'crs-basic', type: 'crs', version: '4.0.0' },
          rules: [
            {
              id: '942100',
              description: 'SQL Injection Attack Detected via libinjection',
              phase: 'request',
              category: 'sqli',
              severity: 'critical',
            },
          ],
        },
      },
    },
  },
})
