/**
 * The MSP's billing: billing rules (the kind echoed capitalised, amounts as decimal strings),
 * managed accounts, and invoices over whole calendar months (numbered, never deleted).
 */
import * as VOCAB from './vocabulary'
import { allowOnly, arrayOf, dateAt, numberAt, oneOf, requireKeys } from './checks'
import type { Collections } from './collection'
import { decimal, monthEnd, ymd } from './dates'
import { fail, type Obj } from './reply'
import type { CostContext } from './state'

/** what a billing rule's update accepts (its create, the type too) */
const BILLING_RULE_FIELDS = [
  'title',
  'amount',
  'apply_to_all',
  'category',
  'sub_category',
  'service',
  'charge_type',
  'percentage',
  'sql_query',
  'start_date',
  'end_date',
  'start_period',
]

const checkRuleKind = (b: Obj, type: string): void => {
  if (type === 'charge' || type === 'credit') requireKeys(b, 'amount', 'category', 'sub_category', 'service')
  if (type === 'exclusion') requireKeys(b, 'charge_type')
  if (type === 'adjustment') requireKeys(b, 'percentage')
  if (type === 'custom') {
    requireKeys(b, 'sql_query')
    // any table: the upstream provider's acceptance test updates `aws`
    if (!/^\s*update\s+\S+\s+(as\s+\w+\s+|\w+\s+)?set\b/i.test(String(b.sql_query)))
      fail(400, 'sql_query must be an UPDATE statement')
  }
}

const createRule = (ctx: CostContext, b: Obj, token: string): Obj => {
  requireKeys(b, 'title', 'type')
  oneOf(b, 'type', VOCAB.BILLING_RULE_TYPES, { caseInsensitive: true })
  numberAt(b, 'amount', 'percentage')
  const type = String(b.type).toLowerCase()
  checkRuleKind(b, type)
  const o: Obj = Object.fromEntries(['type', ...BILLING_RULE_FIELDS].map((k) => [k, b[k] ?? null]))
  // the platform echoes the kind capitalised and amounts as decimal strings
  return {
    ...o,
    token,
    type: type[0].toUpperCase() + type.slice(1),
    amount: decimal(b.amount),
    percentage: decimal(b.percentage),
    created_at: ctx.stamp(),
    created_by_token: 'usr_emulator',
  }
}

const createInvoice = (ctx: CostContext, b: Obj, token: string): Obj => {
  allowOnly(b, ['account_token', 'billing_period_start', 'billing_period_end'])
  requireKeys(b, 'account_token', 'billing_period_start', 'billing_period_end')
  dateAt(b, 'billing_period_start', 'billing_period_end')
  const acct = ctx.coll('managed_accounts').get(b.account_token as string)
  if (!acct) return fail(404, `Managed Account ${String(b.account_token)} not found`)
  const s = String(b.billing_period_start)
  const e = String(b.billing_period_end)
  if (!s.endsWith('-01') || ymd(monthEnd(new Date(`${e}T00:00:00Z`))) !== e || s > e)
    fail(400, 'Billing periods must be whole calendar months')
  const at = ctx.stamp()
  return {
    token,
    invoice_number: `INV-${String(++ctx.state.ids.invoiceNumber).padStart(4, '0')}`,
    total: '0.0',
    status: 'draft',
    billing_period_start: s,
    billing_period_end: e,
    created_at: at,
    updated_at: at,
    account_token: b.account_token,
    account_name: acct.name,
    msp_account_token: 'acct_msp_emulator',
  }
}

const ACCOUNT_FIELDS = ['name', 'contact_email', 'access_credential_tokens', 'billing_rule_tokens', 'email_domain']

const createAccount = (ctx: CostContext, b: Obj, token: string): Obj => {
  allowOnly(b, ACCOUNT_FIELDS)
  requireKeys(b, 'name', 'contact_email')
  arrayOf(b, 'access_credential_tokens', 'billing_rule_tokens')
  for (const r of (b.billing_rule_tokens as string[] | undefined) ?? [])
    if (!ctx.exists('billing_rules', r)) fail(404, `Billing Rule ${r} not found`)
  return {
    token,
    access_credential_tokens: [],
    billing_rule_tokens: [],
    email_domain: null,
    ...b,
    parent_account_token: 'acct_msp_emulator',
    payment_terms_days: 10,
    include_managed_account_integrations: false,
    // MSP invoicing details a managed account has none of until they are set
    msp_billing_profile_token: null,
    billing_information_attributes: null,
    business_information_attributes: null,
  }
}

export const billingCollections = (ctx: CostContext): Collections => ({
  billing_rules: {
    prefix: 'bllng_rule_',
    fields: BILLING_RULE_FIELDS,
    createOnly: ['type'],
    create: (b, token) => createRule(ctx, b, token),
    update: (o, b) => {
      numberAt(b, 'amount', 'percentage')
      return {
        ...o,
        ...b,
        ...('amount' in b ? { amount: decimal(b.amount) } : {}),
        ...('percentage' in b ? { percentage: decimal(b.percentage) } : {}),
      }
    },
  },
  invoices: {
    prefix: 'invc_',
    create: (b, token) => createInvoice(ctx, b, token),
    deletable: false,
    filter: (o, q) => !q.get('managed_account_token') || o.account_token === q.get('managed_account_token'),
  },
  managed_accounts: {
    prefix: 'acct_',
    create: (b, token) => createAccount(ctx, b, token),
    update: (o, b) => {
      allowOnly(b, [...ACCOUNT_FIELDS, 'payment_terms_days', 'include_managed_account_integrations'])
      arrayOf(b, 'access_credential_tokens', 'billing_rule_tokens')
      return { ...o, ...b }
    },
  },
})
