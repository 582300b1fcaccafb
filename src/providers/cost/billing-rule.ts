/**
 * cost:BillingRule — an MSP billing rule: a charge, credit, exclusion, adjustment or custom SQL
 * transform applied to managed accounts' costs. From docs/wire/cost.md: the kinds' wire values,
 * that the kind is fixed at creation, and that amounts and percentages come back as decimal strings
 * (`"300.0"`) and the kind capitalised (`"Charge"`) — both compared accordingly.
 */
import * as t from 'io-ts'
import { defineResource, type Rule } from '../../core/spec'
import { byToken } from '../../core/observe'
import { IsoDate, pattern } from '../../core/codecs'
import type { Finding } from '../../core/issue'
import { caseInsensitiveEquals, costCrud, known, numericEquals, toNumber } from './shared/wire'

export const BILLING_RULE_TYPES = ['charge', 'credit', 'exclusion', 'adjustment', 'custom'] as const
export type BillingRuleType = (typeof BILLING_RULE_TYPES)[number]

/** The kind, in any letter case. */
export const BillingRuleType = pattern('one of charge, credit, exclusion, adjustment, custom (any letter case)', (s) =>
  (BILLING_RULE_TYPES as ReadonlyArray<string>).includes(s.toLowerCase()),
)

export const BillingRuleInputs = t.exact(
  t.intersection([
    t.type({
      /** Display title of the billing rule. */
      title: t.string,
      /** Values are case insensitive. Kinds referred to: Charge, Credit, Exclusion, Adjustment, Custom. */
      type: BillingRuleType,
    }),
    t.partial({
      /** Required for Charge and Credit rules. Optional; the platform fills it when left out. */
      amount: t.number,

      /** Whether the rule applies to all current and future managed accounts. */
      applyToAll: t.boolean,

      /** Required for Charge and Credit rules. */
      category: t.string,

      /** Required for Charge and Credit rules. */
      subCategory: t.string,

      /** Required for Charge and Credit rules. */
      service: t.string,

      /** Required for Exclusion rules. */
      chargeType: t.string,

      /** Required for Adjustment rules. */
      percentage: t.number,

      /** Required for Custom rules. One SQL UPDATE statement; the spec says over the costs table, the platform also takes provider tables such as aws. */
      sqlQuery: t.string,

      /** ISO 8601. */
      startDate: IsoDate,

      /** ISO 8601. */
      endDate: IsoDate,

      /** Deprecated; use startDate. */
      startPeriod: IsoDate,
    }),
  ]),
  'BillingRuleInputs',
)
export type BillingRuleInputs = t.TypeOf<typeof BillingRuleInputs>

export const BillingRuleOutputs = t.exact(
  t.intersection([
    t.type({
      /** The billing rule's token, assigned by the platform. */
      token: t.string,
    }),
    t.partial({
      /** When the rule was created (UTC ISO 8601), set by the platform. */
      createdAt: t.string,
      /** Creator of the rule. Set by the platform. */
      createdByToken: t.string,
    }),
  ]),
  'BillingRuleOutputs',
)
export type BillingRuleOutputs = t.TypeOf<typeof BillingRuleOutputs>

// ── SQL check ────────────────────────────────────────────────────────────────
/**
 * Is this one SQL UPDATE statement? Any table: the upstream provider's own acceptance test updates
 * `aws`, so the platform takes provider tables too. Literals and comments are skipped when looking
 * for a second statement, so `SET note = 'a;b'` is fine and `…; DELETE FROM costs` is not.
 */
export const sqlProblem = (sql: string): string | undefined => {
  let code = ''
  for (let i = 0; i < sql.length; i++) {
    const ch = sql[i]
    if (ch === "'" || ch === '"') {
      const end = sql.indexOf(ch, i + 1)
      if (end < 0) return 'an unterminated quoted string'
      code += ch === '"' ? sql.slice(i, end + 1) : "''"
      i = end
    } else if (ch === '-' && sql[i + 1] === '-') {
      const end = sql.indexOf('\n', i)
      i = end < 0 ? sql.length : end
      code += ' '
    } else if (ch === '/' && sql[i + 1] === '*') {
      const end = sql.indexOf('*/', i + 2)
      if (end < 0) return 'an unterminated comment'
      i = end + 1
      code += ' '
    } else code += ch
  }
  const statements = code
    .split(';')
    .map((s) => s.trim())
    .filter((s) => s !== '')
  if (statements.length === 0) return 'an empty query'
  if (statements.length > 1) return `${statements.length} statements`
  if (/^update\s+("[^"]+"|[\w.]+)(\s+(as\s+)?\w+)?\s+set\s+\S/i.test(statements[0])) return undefined
  const head = /^\s*(\w+)/.exec(statements[0])
  if (head && head[1].toLowerCase() === 'update') return 'an UPDATE without a table and a SET clause'
  return `a ${head ? head[1].toUpperCase() : 'non-SQL'} statement`
}

// ── rules ────────────────────────────────────────────────────────────────────
const kindOf = (i: BillingRuleInputs): BillingRuleType | undefined =>
  known(i.type) && typeof i.type === 'string' ? (i.type.toLowerCase() as BillingRuleType) : undefined

const needs = (
  kind: string,
  fields: ReadonlyArray<Extract<keyof BillingRuleInputs, string>>,
): Rule<BillingRuleInputs> => ({
  name: `${kind} rules need ${fields.join(', ')}`,
  check: (i) =>
    kindOf(i) === kind
      ? fields
          .filter((f) => i[f] === undefined)
          .map((f): Finding => ({ path: f, expected: `${f} for a ${kind} rule`, given: undefined }))
      : [],
})

const rules: ReadonlyArray<Rule<BillingRuleInputs>> = [
  needs('charge', ['amount', 'category', 'subCategory', 'service']),
  needs('credit', ['amount', 'category', 'subCategory', 'service']),
  needs('exclusion', ['chargeType']),
  needs('adjustment', ['percentage']),
  needs('custom', ['sqlQuery']),
  {
    name: 'custom rules are one UPDATE statement',
    check: (i) => {
      if (kindOf(i) !== 'custom' || !known(i.sqlQuery) || typeof i.sqlQuery !== 'string') return []
      const p = sqlProblem(i.sqlQuery)
      return p
        ? [
            {
              path: 'sqlQuery',
              expected: 'one SQL UPDATE statement (UPDATE <table> SET …)',
              given: i.sqlQuery,
              message: `is ${p}.`,
            },
          ]
        : []
    },
  },
  {
    name: 'startPeriod is deprecated',
    check: (i) =>
      i.startPeriod !== undefined
        ? [
            {
              path: 'startPeriod',
              severity: 'warning',
              expected: 'startDate (startPeriod is deprecated)',
              given: i.startPeriod,
              message: 'is deprecated; use startDate instead.',
            },
          ]
        : [],
  },
  {
    name: 'dates in order',
    check: (i) =>
      known(i.startDate) && known(i.endDate) && String(i.startDate).slice(0, 10) > String(i.endDate).slice(0, 10)
        ? [{ path: 'endDate', expected: `a date not before startDate (${i.startDate})`, given: i.endDate }]
        : [],
  },
]

export const BillingRule = defineResource({
  token: 'cost:BillingRule',
  doc:
    'A billing rule for managed accounts. type is case-insensitive: Charge and Credit need amount, category, subCategory and service; ' +
    'Exclusion needs chargeType; Adjustment needs percentage; Custom needs sqlQuery, one `UPDATE <table> SET …` statement (costs or a provider table such as aws). ' +
    'startPeriod is deprecated (use startDate). Changing the type replaces the rule.',
  inputs: BillingRuleInputs,
  outputs: BillingRuleOutputs,
  identity: byToken('billing rule token'),
  replaceOn: ['type'],
  secrets: [],
  rules,
  equals: { type: caseInsensitiveEquals, amount: numericEquals, percentage: numericEquals },
  wire: costCrud({
    path: '/v2/billing_rules',
    items: 'billing_rules',
    inputs: BillingRuleInputs,
    outputs: BillingRuleOutputs,
    createOnly: ['type'],
    createBody: (i) => ({ ...i, type: i.type.toLowerCase() }),
    // a field removed from the stack is cleared (sent as null), not left as it was
    updateBody: (i, prior) => {
      const { type: _t, ...rest } = i
      const cleared = Object.fromEntries(
        Object.keys(prior)
          .filter((k) => k !== 'type' && (i as Record<string, unknown>)[k] === undefined)
          .map((k) => [k, null]),
      )
      return { ...cleared, ...rest, applyToAll: i.applyToAll ?? false }
    },
    normalise: (o, sent) => {
      const out: Record<string, unknown> = { ...o, amount: toNumber(o.amount), percentage: toNumber(o.percentage) }
      // the platform capitalises the kind: the user's spelling stands when it means the same
      if (typeof sent.type === 'string' && caseInsensitiveEquals(sent.type, out.type)) out.type = sent.type
      if (sent.applyToAll === undefined && out.applyToAll === false) delete out.applyToAll
      for (const k of [
        'category',
        'subCategory',
        'service',
        'chargeType',
        'sqlQuery',
        'startDate',
        'endDate',
        'startPeriod',
      ])
        if (out[k] === '') delete out[k]
      return out
    },
  }),
  examples: {
    valid: {
      title: 'Support fee',
      type: 'Charge',
      amount: 300,
      category: 'Support',
      subCategory: 'Premium',
      service: 'Support',
      startDate: '2024-01-01',
    },
    invalid: [
      [{ type: 'charge' }, 'title'],
      [{ title: 'r' }, 'type'],
      [{ title: 'r', type: 'refund' }, 'type'],
      [{ title: 'r', type: 'charge', category: 'c', subCategory: 's', service: 'x' }, 'amount'],
      [{ title: 'r', type: 'Credit', amount: 1, subCategory: 's', service: 'x' }, 'category'],
      [{ title: 'r', type: 'exclusion' }, 'chargeType'],
      [{ title: 'r', type: 'ADJUSTMENT' }, 'percentage'],
      [{ title: 'r', type: 'custom' }, 'sqlQuery'],
      [{ title: 'r', type: 'custom', sqlQuery: 'DELETE FROM costs' }, 'sqlQuery'],
      [{ title: 'r', type: 'custom', sqlQuery: "SELECT * FROM costs WHERE name = 'x'" }, 'sqlQuery'],
      [{ title: 'r', type: 'custom', sqlQuery: 'UPDATE costs SET amount = 0; DROP TABLE costs' }, 'sqlQuery'],
      [{ title: 'r', type: 'exclusion', chargeType: 'RIFee', amount: '300' }, 'amount'],
    ],
    outputs: { token: 'bllng_rule_1', createdAt: '2024-01-01T00:00:00Z', createdByToken: 'usr_1' },
    reply: {
      token: 'bllng_rule_1',
      title: 'Support fee',
      type: 'Charge',
      amount: '300.0',
      percentage: null,
      apply_to_all: false,
      category: 'Support',
      sub_category: 'Premium',
      service: 'Support',
      charge_type: null,
      sql_query: null,
      start_date: '2024-01-01',
      end_date: null,
      start_period: null,
      created_at: '2024-01-01T00:00:00Z',
      created_by_token: 'usr_1',
    },
  },
})
