/**
 * An MSP invoice: a billing rule (a monthly support charge), a managed account it applies to, and
 * the June 2024 invoice of that account. Invoices cannot be updated or deleted on the platform:
 * changing the period creates a new invoice, removing it only forgets it. Runs with `--emulate`.
 */
import * as cost from 'trellis/cost'
import { stack, secret } from 'trellis'

const token = process.env.COST_API_TOKEN

const support = cost.billingRule('support', {
  title: 'Premium support',
  type: 'Charge',
  amount: 300,
  category: 'Support',
  subCategory: 'Premium',
  service: 'Support',
  startDate: '2024-01-01',
})

const acme = cost
  .managedAccount('acme', { name: 'Acme Corp', contactEmail: 'ap@acme.example', emailDomain: 'acme.example' })
  .billingRuleTokens([support.out.token])

const june = cost
  .invoice('june-2024', { billingPeriodStart: '2024-06-01', billingPeriodEnd: '2024-06-30' })
  .accountToken(acme.out.token)

export default stack('cost-invoice', { providers: { cost: cost.provider(token ? { apiToken: secret(token) } : {}) } })
  .add(support, acme, june)
  .export('invoiceNumber', june.out.invoiceNumber)
