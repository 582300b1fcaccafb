/**
 * cost:getInvoices — every MSP invoice, optionally only one managed account's (sent as the
 * `managed_account_token` query parameter, which the original provider declared but never sent).
 * Item fields come from docs/wire/cost.md.
 */
import * as t from 'io-ts'
import { collectionLookup } from './shared/list-lookup'

export const InvoiceItem = t.exact(
  t.intersection([
    t.type({ token: t.string }),
    t.partial({
      id: t.string,
      invoiceNumber: t.string,
      total: t.string,
      status: t.string,
      billingPeriodStart: t.string,
      billingPeriodEnd: t.string,
      createdAt: t.string,
      updatedAt: t.string,
      accountToken: t.string,
      accountName: t.string,
      mspAccountToken: t.string,
    }),
  ]),
  'InvoiceItem',
)

export const GetInvoicesArgs = t.exact(
  t.partial({
    /** Optional. filters invoices; MSP accounts only. */
    managedAccountToken: t.string,
  }),
  'GetInvoicesArgs',
)
export type GetInvoicesArgs = t.TypeOf<typeof GetInvoicesArgs>

export const getInvoices = collectionLookup({
  token: 'cost:getInvoices',
  doc: 'Every MSP invoice (all pages), or only those of managedAccountToken when given.',
  path: '/v2/invoices',
  items: 'invoices',
  list: {
    /** Every MSP invoice (all pages), or only those of managedAccountToken when given. */
    invoices: InvoiceItem,
  },
  args: GetInvoicesArgs,
  query: (a) => ({ managed_account_token: a.managedAccountToken }),
  extra: {
    /** The managed account whose invoices these are, when the lookup was narrowed to one. */
    managedAccountToken: t.string,
  },
  echo: (a) => (a.managedAccountToken !== undefined ? { managedAccountToken: a.managedAccountToken } : {}),
  idFromToken: true,
  example: {
    valid: { managedAccountToken: 'acct_1' },
    invalid: [[{ managedAccountToken: 7 }, 'managedAccountToken']],
    reply: {
      links: { next: null },
      invoices: [
        {
          token: 'invc_1',
          invoice_number: 'INV-0001',
          total: '1200.0',
          status: 'draft',
          billing_period_start: '2024-06-01',
          billing_period_end: '2024-06-30',
          account_token: 'acct_1',
          account_name: 'Acme',
          msp_account_token: 'acct_msp',
        },
      ],
    },
    result: {
      managedAccountToken: 'acct_1',
      invoices: [
        {
          id: 'invc_1',
          token: 'invc_1',
          invoiceNumber: 'INV-0001',
          total: '1200.0',
          status: 'draft',
          billingPeriodStart: '2024-06-01',
          billingPeriodEnd: '2024-06-30',
          accountToken: 'acct_1',
          accountName: 'Acme',
          mspAccountToken: 'acct_msp',
        },
      ],
    },
  },
})
export const GetInvoicesResult = getInvoices.result
export type GetInvoicesResult = t.TypeOf<typeof GetInvoicesResult>
