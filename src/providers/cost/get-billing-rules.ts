/**
 * cost:getBillingRules — Every billing rule; amounts and percentages (decimal strings on the wire) as numbers. Item fields come from docs/wire/cost.md (the spec leaves them "not
 * shown"); every page is fetched.
 */
import * as t from 'io-ts'
import { collectionLookup, NoArgs } from './shared/list-lookup'
import { toNumber } from './shared/wire'

export const BillingRuleItem = t.exact(
  t.intersection([
    t.type({ token: t.string }),
    t.partial({
      id: t.string,
      title: t.string,
      type: t.string,
      amount: t.number,
      percentage: t.number,
      applyToAll: t.boolean,
      category: t.string,
      subCategory: t.string,
      service: t.string,
      chargeType: t.string,
      sqlQuery: t.string,
      startDate: t.string,
      endDate: t.string,
      startPeriod: t.string,
      createdAt: t.string,
      createdByToken: t.string,
    }),
  ]),
  'BillingRuleItem',
)

export const GetBillingRulesArgs = NoArgs('GetBillingRulesArgs')
export type GetBillingRulesArgs = t.TypeOf<typeof GetBillingRulesArgs>

export const getBillingRules = collectionLookup({
  token: 'cost:getBillingRules',
  doc: 'Every billing rule; amounts and percentages (decimal strings on the wire) as numbers.',
  path: '/v2/billing_rules',
  items: 'billing_rules',
  list: {
    /** Every billing rule; amounts and percentages (decimal strings on the wire) as numbers. */
    billingRules: BillingRuleItem,
  },
  idFromToken: true,
  normalise: (o) => ({
    ...o,
    amount: toNumber(o.amount),
    percentage: toNumber(o.percentage),
  }),
  example: {
    reply: {
      links: { next: null },
      billing_rules: [
        {
          token: 'bllng_rule_1',
          title: 'Fee',
          type: 'Charge',
          amount: '300.0',
          percentage: null,
          apply_to_all: false,
          category: 'Support',
          sub_category: 'Premium',
          service: 'Support',
          created_at: '2024-01-01T00:00:00Z',
          created_by_token: 'usr_1',
        },
      ],
    },
    result: {
      billingRules: [
        {
          id: 'bllng_rule_1',
          token: 'bllng_rule_1',
          title: 'Fee',
          type: 'Charge',
          amount: 300,
          applyToAll: false,
          category: 'Support',
          subCategory: 'Premium',
          service: 'Support',
          createdAt: '2024-01-01T00:00:00Z',
          createdByToken: 'usr_1',
        },
      ],
    },
  },
})
export const GetBillingRulesResult = getBillingRules.result
export type GetBillingRulesResult = t.TypeOf<typeof GetBillingRulesResult>
