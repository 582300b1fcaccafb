/**
 * The cost starter pack: reports live in folders, budgets have periods, alerts reach someone.
 * Presence is tested with `in`, not by reading the value: a folder being created gives its token
 * only after apply, and whether a report names one is known now.
 */
import { policyPack, resourcePolicy, type PolicyPack } from '../policy/policy'

/** A cost report lives in a folder (`folderToken` is set). */
export const reportInFolder = resourcePolicy({
  name: 'cost-report-in-folder',
  description: 'every cost report lives in a folder (folderToken is set)',
  enforcement: 'mandatory',
  token: 'cost:CostReport',
  check: (step) =>
    'folderToken' in step.inputs ? [] : [{ path: 'folderToken', message: 'is not set: file the report in a folder' }],
})

/** A budget has periods (a hierarchical one, made of child budgets, has none of its own). */
export const budgetHasPeriods = resourcePolicy({
  name: 'cost-budget-has-periods',
  description: 'a budget has periods (unless it is hierarchical: made of child budgets)',
  enforcement: 'mandatory',
  token: 'cost:Budget',
  check: (step) => {
    const i = step.inputs
    if ('childBudgetTokens' in i && (i.childBudgetTokens?.length ?? 0) > 0) return []
    return (i.periods?.length ?? 0) > 0
      ? []
      : [{ path: 'periods', message: 'are missing: a budget without periods tracks nothing' }]
  },
})

/** A cost alert has a recipient: an e-mail address or a chat channel. */
export const alertHasRecipient = resourcePolicy({
  name: 'cost-alert-has-recipient',
  description: 'a cost alert reaches someone: an e-mail recipient or a chat channel',
  enforcement: 'mandatory',
  token: 'cost:CostAlert',
  check: (step) => {
    const i = step.inputs
    const n = (i.emailRecipients?.length ?? 0) + (i.chatAChannels?.length ?? 0) + (i.chatBChannels?.length ?? 0)
    return n > 0 ? [] : [{ path: 'emailRecipients', message: 'no recipient: the alert would reach no one' }]
  },
})

/** The cost starter pack: reports in folders, budgets with periods, alerts with a recipient. */
export const costPack: PolicyPack = policyPack('trellis-cost', [reportInFolder, budgetHasPeriods, alertHasRecipient])
