/**
 * cost:getManagedAccounts — Every managed account of the MSP. Item fields come from docs/wire/cost.md (the spec leaves them "not
 * shown"); every page is fetched.
 */
import * as t from 'io-ts'
import { collectionLookup, NoArgs } from './shared/list-lookup'
import { BillingInformation, BusinessInformation } from './shared/billing-information'

export const ManagedAccountItem = t.exact(
  t.intersection([
    t.type({ token: t.string }),
    t.partial({
      id: t.string,
      name: t.string,
      contactEmail: t.string,
      parentAccountToken: t.string,
      accessCredentialTokens: t.array(t.string),
      billingRuleTokens: t.array(t.string),
      emailDomain: t.string,
      mspBillingProfileToken: t.string,
      paymentTermsDays: t.number,
      includeManagedAccountIntegrations: t.boolean,
      billingInformationAttributes: BillingInformation,
      businessInformationAttributes: BusinessInformation,
    }),
  ]),
  'ManagedAccountItem',
)

export const GetManagedAccountsArgs = NoArgs('GetManagedAccountsArgs')
export type GetManagedAccountsArgs = t.TypeOf<typeof GetManagedAccountsArgs>

export const getManagedAccounts = collectionLookup({
  token: 'cost:getManagedAccounts',
  doc: 'Every managed account of the MSP.',
  path: '/v2/managed_accounts',
  items: 'managed_accounts',
  list: {
    /** Every managed account of the MSP. */
    managedAccounts: ManagedAccountItem,
  },
  renames: { billingEmails: 'billing_email' },
  idFromToken: true,
  example: {
    reply: {
      links: { next: null },
      managed_accounts: [
        {
          token: 'acct_1',
          name: 'Acme',
          contact_email: 'a@acme.example',
          parent_account_token: 'acct_msp',
          access_credential_tokens: [],
          billing_rule_tokens: [],
          email_domain: null,
          payment_terms_days: 10,
        },
      ],
    },
    result: {
      managedAccounts: [
        {
          id: 'acct_1',
          token: 'acct_1',
          name: 'Acme',
          contactEmail: 'a@acme.example',
          parentAccountToken: 'acct_msp',
          accessCredentialTokens: [],
          billingRuleTokens: [],
          paymentTermsDays: 10,
        },
      ],
    },
  },
})
export const GetManagedAccountsResult = getManagedAccounts.result
export type GetManagedAccountsResult = t.TypeOf<typeof GetManagedAccountsResult>
