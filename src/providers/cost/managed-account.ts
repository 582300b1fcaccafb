/**
 * cost:ManagedAccount — an MSP managed (customer) account. From docs/wire/cost.md: the platform
 * requires a name (the spec marks it optional), and reads back access credentials including
 * delegated child credentials and billing rules including `apply to all` rules, so decode keeps the
 * lists as given while the platform still holds every token of them. The MSP-only outputs
 * (includeManagedAccountIntegrations, paymentTermsDays) are reported for invoicing accounts.
 */
import * as t from 'io-ts'
import { defineResource } from '../../core/spec'
import { byToken } from '../../core/observe'
import { Email } from '../../core/codecs'
import { costCrud, dropEmptyUnlessSent } from './shared/wire'

export const ManagedAccountInputs = t.exact(
  t.intersection([
    t.type({
      /** Contact e-mail address of the account. */
      contactEmail: Email,
    }),
    t.partial({
      /** Display name of the managed account. */
      name: t.string,

      /** Integration tokens to assign. */
      accessCredentialTokens: t.array(t.string),

      /** Billing rules applied to the account. */
      billingRuleTokens: t.array(t.string),

      /** Domain associated with the account for single sign-on. */
      emailDomain: t.string,
    }),
  ]),
  'ManagedAccountInputs',
)
export type ManagedAccountInputs = t.TypeOf<typeof ManagedAccountInputs>

export const ManagedAccountOutputs = t.exact(
  t.intersection([
    t.type({
      /** The managed account's token, assigned by the platform. */
      token: t.string,
    }),
    t.partial({
      /** Whether the account's own integrations count in invoice costs. Applies to MSP invoicing accounts only. Set by the platform. */
      includeManagedAccountIntegrations: t.boolean,

      /** Token of the MSP account that manages this one. */
      parentAccountToken: t.string,

      /** Days until payment is due after the invoice date. Applies to MSP invoicing accounts only. Set by the platform. */
      paymentTermsDays: t.number,
    }),
  ]),
  'ManagedAccountOutputs',
)
export type ManagedAccountOutputs = t.TypeOf<typeof ManagedAccountOutputs>

const LISTS = ['accessCredentialTokens', 'billingRuleTokens'] as const

export const ManagedAccount = defineResource({
  token: 'cost:ManagedAccount',
  doc:
    'A managed account of an MSP: contact e-mail, name (required by the platform), integrations and billing rules assigned to it ' +
    '(billing rules in execution order), and an SSO e-mail domain.',
  inputs: ManagedAccountInputs,
  outputs: ManagedAccountOutputs,
  identity: byToken('managed account token'),
  replaceOn: [],
  // TF always sends these arrays and a missing one can fail (docs/wire/cost.md §6.2): sent empty when left out
  sentEmpty: ['accessCredentialTokens', 'billingRuleTokens'],
  secrets: [],
  rules: [
    {
      name: 'the platform requires a name',
      check: (i) =>
        i.name === undefined
          ? [{ path: 'name', expected: 'an account name (the platform requires one)', given: undefined }]
          : [],
    },
  ],
  wire: costCrud({
    path: '/v2/managed_accounts',
    items: 'managed_accounts',
    inputs: ManagedAccountInputs,
    outputs: ManagedAccountOutputs,
    createBody: (i) => ({
      ...i,
      accessCredentialTokens: i.accessCredentialTokens ?? [],
      billingRuleTokens: i.billingRuleTokens ?? [],
    }),
    updateBody: (i) => ({
      ...i,
      accessCredentialTokens: i.accessCredentialTokens ?? [],
      billingRuleTokens: i.billingRuleTokens ?? [],
    }),
    normalise: (o, sent) => {
      const out = { ...o }
      for (const k of LISTS) {
        const want = sent[k]
        const got = out[k]
        // the platform adds tokens of its own (delegated credentials, apply-to-all rules): the user's list stands while all of it is there
        if (Array.isArray(want) && Array.isArray(got) && want.every((x) => got.includes(x))) out[k] = want
      }
      dropEmptyUnlessSent(out, sent, ...LISTS)
      return out
    },
  }),
  examples: {
    valid: {
      name: 'Acme Corp',
      contactEmail: 'finance@acme.example',
      billingRuleTokens: ['bllng_rule_1'],
      emailDomain: 'acme.example',
    },
    invalid: [
      [{ name: 'Acme' }, 'contactEmail'],
      [{ name: 'Acme', contactEmail: 'not-an-email' }, 'contactEmail'],
      [{ contactEmail: 'a@b.example' }, 'name'],
      [{ name: 'Acme', contactEmail: 'a@b.example', billingRuleTokens: 'bllng_rule_1' }, 'billingRuleTokens'],
    ],
    outputs: {
      token: 'acct_1',
      parentAccountToken: 'acct_msp',
      paymentTermsDays: 10,
      includeManagedAccountIntegrations: false,
    },
    reply: {
      token: 'acct_1',
      name: 'Acme Corp',
      contact_email: 'finance@acme.example',
      access_credential_tokens: [],
      billing_rule_tokens: ['bllng_rule_1'],
      email_domain: 'acme.example',
      parent_account_token: 'acct_msp',
      payment_terms_days: 10,
      include_managed_account_integrations: false,
    },
  },
})
