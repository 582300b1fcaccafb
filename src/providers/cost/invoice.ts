/**
 * cost:Invoice — an MSP invoice for one managed account and billing period. The platform has no
 * update and no delete for invoices: every input change creates a new invoice, and removing one
 * only forgets it (it stays on the platform). Billing periods are whole calendar months
 * (docs/wire/cost.md §5). The status value set is not documented, so it is a free string.
 */
import * as t from 'io-ts'
import { defineResource } from '../../core/spec'
import { byToken } from '../../core/observe'
import { DateYMD } from '../../core/codecs'
import type { Finding } from '../../core/issue'
import { costCrud, known } from './shared/wire'

export const InvoiceInputs = t.exact(
  t.type({
    /** Managed account to invoice. */
    accountToken: t.string,
    /** `YYYY-MM-DD`. */
    billingPeriodStart: DateYMD,
    /** `YYYY-MM-DD`. */
    billingPeriodEnd: DateYMD,
  }),
  'InvoiceInputs',
)
export type InvoiceInputs = t.TypeOf<typeof InvoiceInputs>

export const InvoiceOutputs = t.exact(
  t.intersection([
    t.type({
      /** The invoice's token, assigned by the platform. */
      token: t.string,
    }),
    t.partial({
      /** Name of the managed account invoiced. */
      accountName: t.string,

      /** Sequential number within the MSP account. Set by the platform. */
      invoiceNumber: t.string,

      /** Owning MSP account. Set by the platform. */
      mspAccountToken: t.string,

      /** The invoice's status, as the platform reports it. */
      status: t.string,

      /** Total for the period. Set by the platform. */
      total: t.string,

      /** When it was created (UTC ISO 8601), set by the platform. */
      createdAt: t.string,

      /** When it was last changed (UTC ISO 8601), set by the platform. */
      updatedAt: t.string,
    }),
  ]),
  'InvoiceOutputs',
)
export type InvoiceOutputs = t.TypeOf<typeof InvoiceOutputs>

const lastDayOfMonth = (ymd: string): string => {
  const d = new Date(Date.UTC(+ymd.slice(0, 4), +ymd.slice(5, 7), 0))
  return d.toISOString().slice(0, 10)
}

export const Invoice = defineResource({
  token: 'cost:Invoice',
  doc:
    'An MSP invoice for a managed account over whole calendar months (billingPeriodStart the 1st, billingPeriodEnd the last day of a month). ' +
    'The platform can neither update nor delete invoices: any change creates a new one, and removing it from the stack only forgets it.',
  inputs: InvoiceInputs,
  outputs: InvoiceOutputs,
  identity: byToken('invoice token'),
  replaceOn: ['accountToken', 'billingPeriodStart', 'billingPeriodEnd'],
  secrets: [],
  rules: [
    {
      name: 'whole calendar months',
      check: (i) => {
        const out: Finding[] = []
        const s = i.billingPeriodStart
        const e = i.billingPeriodEnd
        if (known(s) && typeof s === 'string' && !s.endsWith('-01'))
          out.push({
            path: 'billingPeriodStart',
            expected: `the first day of a month (e.g. ${s.slice(0, 8)}01)`,
            given: s,
          })
        if (known(e) && typeof e === 'string' && lastDayOfMonth(e) !== e)
          out.push({
            path: 'billingPeriodEnd',
            expected: `the last day of a month (e.g. ${lastDayOfMonth(e)})`,
            given: e,
          })
        if (known(s) && known(e) && typeof s === 'string' && typeof e === 'string' && s > e)
          out.push({ path: 'billingPeriodEnd', expected: `a date not before billingPeriodStart (${s})`, given: e })
        return out
      },
    },
  ],
  wire: costCrud({
    path: '/v2/invoices',
    items: 'invoices',
    inputs: InvoiceInputs,
    outputs: InvoiceOutputs,
    update: false,
    delete: 'forget',
    normalise: (o) => {
      const out = { ...o }
      // empty strings mean unset
      for (const [k, v] of Object.entries(out)) if (v === '') delete out[k]
      if (typeof out.total === 'number') out.total = String(out.total)
      return out
    },
  }),
  examples: {
    valid: { accountToken: 'acct_1', billingPeriodStart: '2024-06-01', billingPeriodEnd: '2024-06-30' },
    invalid: [
      [{ billingPeriodStart: '2024-06-01', billingPeriodEnd: '2024-06-30' }, 'accountToken'],
      [{ accountToken: 'acct_1', billingPeriodEnd: '2024-06-30' }, 'billingPeriodStart'],
      [{ accountToken: 'acct_1', billingPeriodStart: '2024-06-01' }, 'billingPeriodEnd'],
      [
        { accountToken: 'acct_1', billingPeriodStart: '2024-06-15', billingPeriodEnd: '2024-06-30' },
        'billingPeriodStart',
      ],
      [
        { accountToken: 'acct_1', billingPeriodStart: '2024-06-01', billingPeriodEnd: '2024-06-29' },
        'billingPeriodEnd',
      ],
      [
        { accountToken: 'acct_1', billingPeriodStart: '2024-07-01', billingPeriodEnd: '2024-06-30' },
        'billingPeriodEnd',
      ],
    ],
    outputs: {
      token: 'invc_1',
      invoiceNumber: 'INV-0001',
      status: 'draft',
      total: '1200.0',
      accountName: 'Acme',
      mspAccountToken: 'acct_msp',
    },
    reply: {
      token: 'invc_1',
      invoice_number: 'INV-0001',
      total: '1200.0',
      status: 'draft',
      billing_period_start: '2024-06-01',
      billing_period_end: '2024-06-30',
      created_at: '2024-07-01T00:00:00Z',
      updated_at: '2024-07-01T00:00:00Z',
      account_token: 'acct_1',
      account_name: 'Acme',
      msp_account_token: 'acct_msp',
    },
  },
})
