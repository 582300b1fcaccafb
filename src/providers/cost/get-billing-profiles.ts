/**
 * cost:getBillingProfiles — Every MSP billing profile. Bank account numbers, routing numbers and IBANs are secrets. Item fields come from docs/wire/cost.md (the spec leaves them "not
 * shown"); every page is fetched.
 */
import * as t from 'io-ts'
import { collectionLookup, NoArgs } from './shared/list-lookup'
import { BillingInformation, BusinessInformation } from './shared/billing-information'
import { SecretString } from '../../core/codecs'
import { secret } from '../../core/secret'

export const BillingProfileItem = t.exact(
  t.intersection([
    t.type({ token: t.string }),
    t.partial({
      id: t.string,
      nickname: t.string,
      createdAt: t.string,
      updatedAt: t.string,
      managedAccountsCount: t.string,
      billingInformationAttributes: BillingInformation,
      businessInformationAttributes: BusinessInformation,
      bankingInformationAttributes: t.exact(
        t.partial({
          token: t.string,
          bankName: t.string,
          beneficiaryName: t.string,
          taxId: t.string,
          secureData: t.exact(
            t.partial({
              accountNumber: SecretString,
              routingNumber: SecretString,
              iban: SecretString,
              swiftBic: t.string,
            }),
            'SecureBankData',
          ),
        }),
        'BankingInformation',
      ),
      invoiceAdjustmentAttributes: t.exact(
        t.partial({
          token: t.string,
          adjustmentItems: t.array(
            t.exact(
              t.partial({ name: t.string, adjustmentType: t.string, calculationType: t.string, amount: t.string }),
              'AdjustmentItem',
            ),
          ),
        }),
        'InvoiceAdjustment',
      ),
    }),
  ]),
  'BillingProfileItem',
)

export const GetBillingProfilesArgs = NoArgs('GetBillingProfilesArgs')
export type GetBillingProfilesArgs = t.TypeOf<typeof GetBillingProfilesArgs>

export const getBillingProfiles = collectionLookup({
  token: 'cost:getBillingProfiles',
  doc: 'Every MSP billing profile. Bank account numbers, routing numbers and IBANs are secrets.',
  path: '/v2/billing_profiles',
  items: 'billing_profiles',
  list: {
    /** Every MSP billing profile. Bank account numbers, routing numbers and IBANs are secrets. */
    billingProfiles: BillingProfileItem,
  },
  renames: { billingEmails: 'billing_email' },
  idFromToken: true,
  normalise: (o) => {
    const b = o.bankingInformationAttributes as Record<string, unknown> | undefined
    const s = b?.secureData as Record<string, unknown> | undefined
    if (s) for (const k of ['accountNumber', 'routingNumber', 'iban']) if (typeof s[k] === 'string') s[k] = secret(s[k])
    return o
  },
  secrets: [
    'billingProfiles.*.bankingInformationAttributes.secureData.accountNumber',
    'billingProfiles.*.bankingInformationAttributes.secureData.routingNumber',
    'billingProfiles.*.bankingInformationAttributes.secureData.iban',
  ],
  example: {
    reply: {
      links: { next: null },
      billing_profiles: [
        {
          token: 'bllng_prfl_1',
          nickname: 'EU',
          created_at: '2024-01-01T00:00:00Z',
          updated_at: '2024-01-01T00:00:00Z',
          managed_accounts_count: '2',
          billing_information_attributes: {
            token: 'bllng_info_1',
            company_name: 'MSP Ltd',
            country_code: 'GB',
            address_line_1: '1 High St',
            address_line_2: null,
            city: 'London',
            state: null,
            postal_code: 'N1',
            billing_email: ['ap@msp.example'],
          },
        },
      ],
    },
    result: {
      billingProfiles: [
        {
          id: 'bllng_prfl_1',
          token: 'bllng_prfl_1',
          nickname: 'EU',
          createdAt: '2024-01-01T00:00:00Z',
          updatedAt: '2024-01-01T00:00:00Z',
          managedAccountsCount: '2',
          billingInformationAttributes: {
            token: 'bllng_info_1',
            companyName: 'MSP Ltd',
            countryCode: 'GB',
            addressLine1: '1 High St',
            city: 'London',
            postalCode: 'N1',
            billingEmails: ['ap@msp.example'],
          },
        },
      ],
    },
  },
})
export const GetBillingProfilesResult = getBillingProfiles.result
export type GetBillingProfilesResult = t.TypeOf<typeof GetBillingProfilesResult>
