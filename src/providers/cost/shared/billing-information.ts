/**
 * The billing and business information blocks an MSP billing profile and a managed account both
 * carry on the wire (`billing_information_attributes`, `business_information_attributes`): one
 * codec each, so the two lookups read them alike.
 */
import * as t from 'io-ts'

export const BillingInformation = t.exact(
  t.partial({
    token: t.string,
    companyName: t.string,
    countryCode: t.string,
    addressLine1: t.string,
    addressLine2: t.string,
    city: t.string,
    state: t.string,
    postalCode: t.string,
    billingEmails: t.array(t.string),
  }),
  'BillingInformation',
)

export const BusinessInformation = t.exact(
  t.partial({
    token: t.string,
    metadata: t.exact(
      t.partial({
        customFields: t.array(t.exact(t.partial({ name: t.string, value: t.string }), 'CustomField')),
      }),
      'BusinessMetadata',
    ),
  }),
  'BusinessInformation',
)
