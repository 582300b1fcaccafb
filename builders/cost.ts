/**
 * The cost provider's builders, generated from its registry by builders/generate.ts — do not edit.
 *
 * @module trellis/cost
 */
import { costProvider } from '../src/providers/cost'
import {
  buildersFor,
  type LArgs,
  type LookupBuilderFn,
  type LRes,
  type ResourceBuilderFn,
  type SpecI,
  type SpecO,
} from './builder'

type Spec = typeof costProvider
type R<K extends keyof Spec['resources']> = SpecI<Spec['resources'][K]>
type O<K extends keyof Spec['resources']> = SpecO<Spec['resources'][K]>
type A<K extends keyof Spec['lookups']> = LArgs<Spec['lookups'][K]>
type L<K extends keyof Spec['lookups']> = LRes<Spec['lookups'][K]>
/**
 * The inputs of `cost:AccessGrant`: each has a setter of its name, and may be given in the initial
 * object.
 */
export interface AccessGrantInputs {
  /** Token of the team being granted. */
  readonly teamToken: R<'AccessGrant'>['teamToken']
  /** Token of the resource being granted. */
  readonly resourceToken: R<'AccessGrant'>['resourceToken']
  /** Allowed values: `allowed`, `denied`. */
  readonly access?: R<'AccessGrant'>['access']
}
/** The outputs of `cost:AccessGrant`, as refs under `.out` (with every input and `id`). */
export interface AccessGrantOutputs {
  /** Token of the grant. Set by the platform. */
  readonly token: O<'AccessGrant'>['token']
  /** When it was created (UTC ISO 8601), set by the platform. */
  readonly createdAt?: O<'AccessGrant'>['createdAt']
  /** Token of the user who created the grant. */
  readonly createdBy?: O<'AccessGrant'>['createdBy']
}
/**
 * The inputs of `cost:AnomalyNotification`: each has a setter of its name, and may be given in the
 * initial object.
 */
export interface AnomalyNotificationInputs {
  /** Cost report that has the notification. */
  readonly costReportToken: R<'AnomalyNotification'>['costReportToken']
  /** Threshold amount that must be met for a notification. */
  readonly threshold?: R<'AnomalyNotification'>['threshold']
  /** Chat channels that receive the notification. */
  readonly recipientChannels?: R<'AnomalyNotification'>['recipientChannels']
  /** Users who receive the notification by e-mail. */
  readonly userTokens?: R<'AnomalyNotification'>['userTokens']
}
/** The outputs of `cost:AnomalyNotification`, as refs under `.out` (with every input and `id`). */
export interface AnomalyNotificationOutputs {
  /** Its token, assigned by the platform. */
  readonly token: O<'AnomalyNotification'>['token']
  /** When it was created (UTC ISO 8601), set by the platform. */
  readonly createdAt?: O<'AnomalyNotification'>['createdAt']
  /** When it was last changed (UTC ISO 8601), set by the platform. */
  readonly updatedAt?: O<'AnomalyNotification'>['updatedAt']
}
/**
 * The inputs of `cost:BillingRule`: each has a setter of its name, and may be given in the initial
 * object.
 */
export interface BillingRuleInputs {
  /** Display title of the billing rule. */
  readonly title: R<'BillingRule'>['title']
  /** Values are case insensitive. Kinds referred to: Charge, Credit, Exclusion, Adjustment, Custom. */
  readonly type: R<'BillingRule'>['type']
  /** Required for Charge and Credit rules. Optional; the platform fills it when left out. */
  readonly amount?: R<'BillingRule'>['amount']
  /** Whether the rule applies to all current and future managed accounts. */
  readonly applyToAll?: R<'BillingRule'>['applyToAll']
  /** Required for Charge and Credit rules. */
  readonly category?: R<'BillingRule'>['category']
  /** Required for Charge and Credit rules. */
  readonly subCategory?: R<'BillingRule'>['subCategory']
  /** Required for Charge and Credit rules. */
  readonly service?: R<'BillingRule'>['service']
  /** Required for Exclusion rules. */
  readonly chargeType?: R<'BillingRule'>['chargeType']
  /** Required for Adjustment rules. */
  readonly percentage?: R<'BillingRule'>['percentage']
  /**
   * Required for Custom rules. One SQL UPDATE statement; the spec says over the costs table, the
   * platform also takes provider tables such as aws.
   */
  readonly sqlQuery?: R<'BillingRule'>['sqlQuery']
  /** ISO 8601. */
  readonly startDate?: R<'BillingRule'>['startDate']
  /** ISO 8601. */
  readonly endDate?: R<'BillingRule'>['endDate']
  /** Deprecated; use startDate. */
  readonly startPeriod?: R<'BillingRule'>['startPeriod']
}
/** The outputs of `cost:BillingRule`, as refs under `.out` (with every input and `id`). */
export interface BillingRuleOutputs {
  /** The billing rule's token, assigned by the platform. */
  readonly token: O<'BillingRule'>['token']
  /** When the rule was created (UTC ISO 8601), set by the platform. */
  readonly createdAt?: O<'BillingRule'>['createdAt']
  /** Creator of the rule. Set by the platform. */
  readonly createdByToken?: O<'BillingRule'>['createdByToken']
}
/** The inputs of `cost:Budget`: each has a setter of its name, and may be given in the initial object. */
export interface BudgetInputs {
  /** Display name of the budget. */
  readonly name?: R<'Budget'>['name']
  /** Ignored for hierarchical budgets. */
  readonly costReportToken?: R<'Budget'>['costReportToken']
  /** Ignored for hierarchical budgets. */
  readonly periods?: R<'Budget'>['periods']
  /** Giving child budgets makes the budget hierarchical. */
  readonly childBudgetTokens?: R<'Budget'>['childBudgetTokens']
  /** Workspace the budget is added to. */
  readonly workspaceToken?: R<'Budget'>['workspaceToken']
}
/** The outputs of `cost:Budget`, as refs under `.out` (with every input and `id`). */
export interface BudgetOutputs {
  /** The budget's token, assigned by the platform. */
  readonly token: O<'Budget'>['token']
  /** Tokens of the budget alerts that watch this budget (set by the platform). */
  readonly budgetAlertTokens?: O<'Budget'>['budgetAlertTokens']
  /** When the budget was created (UTC ISO 8601). */
  readonly createdAt?: O<'Budget'>['createdAt']
  /** Token of the user or team that created the budget. */
  readonly createdByToken?: O<'Budget'>['createdByToken']
  /** Historical performance. Set by the platform. */
  readonly performances?: O<'Budget'>['performances']
  /** User who created the budget. Set by the platform. */
  readonly userToken?: O<'Budget'>['userToken']
}
/**
 * The inputs of `cost:BusinessMetric`: each has a setter of its name, and may be given in the initial
 * object.
 */
export interface BusinessMetricInputs {
  /** Display title of the business metric. */
  readonly title: R<'BusinessMetric'>['title']
  /** Configuration for a cloud metrics import. */
  readonly cloudMetricsFields?: R<'BusinessMetric'>['cloudMetricsFields']
  /** Configuration for a monitoring-tool metric import. */
  readonly monitoringMetricFields?: R<'BusinessMetric'>['monitoringMetricFields']
  /** Each item holds a date, an amount and an optional label. */
  readonly values?: R<'BusinessMetric'>['values']
  /** Same item shape as values. */
  readonly forecastedValues?: R<'BusinessMetric'>['forecastedValues']
  /** Each item holds a cost report token, a unit scale and a label filter. */
  readonly costReportTokensWithMetadatas?: R<'BusinessMetric'>['costReportTokensWithMetadatas']
}
/** The outputs of `cost:BusinessMetric`, as refs under `.out` (with every input and `id`). */
export interface BusinessMetricOutputs {
  /** The business metric's token, assigned by the platform. */
  readonly token: O<'BusinessMetric'>['token']
  /** Token of the user who created the metric. */
  readonly createdByToken?: O<'BusinessMetric'>['createdByToken']
  /**
   * How the values arrive: `csv`, or an import such as `cloudwatch` or `datadog_metrics` (set by the
   * platform).
   */
  readonly importType?: O<'BusinessMetric'>['importType']
  /** Integration used to import the metric. Set by the platform. */
  readonly integrationToken?: O<'BusinessMetric'>['integrationToken']
}
/**
 * The inputs of `cost:CostAlert`: each has a setter of its name, and may be given in the initial
 * object.
 */
export interface CostAlertInputs {
  /** Display title of the cost alert. */
  readonly title: R<'CostAlert'>['title']
  /** Allowed values: `day`, `week`, `month`, `quarter`. */
  readonly interval: R<'CostAlert'>['interval']
  /** Allowed values: `currency`, `percentage`. */
  readonly unitType: R<'CostAlert'>['unitType']
  /** The amount that triggers the alert: a currency amount or a percentage change, as unitType says. */
  readonly threshold: R<'CostAlert'>['threshold']
  /** Reports to alert on. */
  readonly reportTokens: R<'CostAlert'>['reportTokens']
  /** Workspace the alert belongs to. */
  readonly workspaceToken: R<'CostAlert'>['workspaceToken']
  /** Minimum monetary amount for percentage-based alerts. Applies only when unitType is `percentage`. */
  readonly minimumThreshold?: R<'CostAlert'>['minimumThreshold']
  /** E-mail addresses that receive the alert. */
  readonly emailRecipients?: R<'CostAlert'>['emailRecipients']
  /** Chat channels (of the first chat tool) that receive the alert. */
  readonly chatAChannels?: R<'CostAlert'>['chatAChannels']
  /** Chat channels (of the second chat tool) that receive the alert. */
  readonly chatBChannels?: R<'CostAlert'>['chatBChannels']
}
/** The outputs of `cost:CostAlert`, as refs under `.out` (with every input and `id`). */
export interface CostAlertOutputs {
  /** The cost alert's token, assigned by the platform. */
  readonly token: O<'CostAlert'>['token']
  /** When the alert was created (UTC ISO 8601). */
  readonly createdAt?: O<'CostAlert'>['createdAt']
  /** When the alert was last changed (UTC ISO 8601). */
  readonly updatedAt?: O<'CostAlert'>['updatedAt']
}
/**
 * The inputs of `cost:CostReport`: each has a setter of its name, and may be given in the initial
 * object.
 */
export interface CostReportInputs {
  /** Display title of the cost report. */
  readonly title: R<'CostReport'>['title']
  /** Workspace the report belongs to. */
  readonly workspaceToken?: R<'CostReport'>['workspaceToken']
  /** Folder the report is filed in. */
  readonly folderToken?: R<'CostReport'>['folderToken']
  /** Filter query in the platform's query language. */
  readonly filter?: R<'CostReport'>['filter']
  /** Saved filters applied to the report, besides its own filter. */
  readonly savedFilterTokens?: R<'CostReport'>['savedFilterTokens']
  /** Grouping aggregations applied to the filtered data. */
  readonly groupings?: R<'CostReport'>['groupings']
  /** Chart shown: `area`, `line` (default), `pie`, `bar` or `multi_bar`. */
  readonly chartType?: R<'CostReport'>['chartType']
  /**
   * How costs are bucketed over time: `cumulative` (default), `hour`, `day`, `week`, `month` or
   * `quarter`.
   */
  readonly dateBin?: R<'CostReport'>['dateBin']
  /**
   * A relative period such as `this_month` (the default without dates) or `last_30_days`; `custom`
   * with startDate/endDate.
   */
  readonly dateInterval?: R<'CostReport'>['dateInterval']
  /** First day of a custom period (`YYYY-MM-DD`); with dates, dateInterval is `custom`. */
  readonly startDate?: R<'CostReport'>['startDate']
  /** Last day of a custom period (`YYYY-MM-DD`). */
  readonly endDate?: R<'CostReport'>['endDate']
  /** First day of the period the report compares with (`YYYY-MM-DD`). */
  readonly previousPeriodStartDate?: R<'CostReport'>['previousPeriodStartDate']
  /** Last day of the period the report compares with (`YYYY-MM-DD`). */
  readonly previousPeriodEndDate?: R<'CostReport'>['previousPeriodEndDate']
  /**
   * Fields: includeCredits, includeRefunds, includeDiscounts, includeTax, amortize, unallocated (all
   * boolean); aggregateBy (string); showPreviousPeriod (boolean).
   */
  readonly settings?: R<'CostReport'>['settings']
  /** The chart's axes: x-axis dimensions and the y-axis dimension. */
  readonly chartSettings?: R<'CostReport'>['chartSettings']
}
/** The outputs of `cost:CostReport`, as refs under `.out` (with every input and `id`). */
export interface CostReportOutputs {
  /** The cost report's token, assigned by the platform. */
  readonly token: O<'CostReport'>['token']
  /** When it was created (UTC ISO 8601), set by the platform. */
  readonly createdAt?: O<'CostReport'>['createdAt']
  /** the first day the report covers now, as the platform computes it for a relative dateInterval */
  readonly startDate?: O<'CostReport'>['startDate']
  /** the last day the report covers now, as the platform computes it for a relative dateInterval */
  readonly endDate?: O<'CostReport'>['endDate']
}
/**
 * The inputs of `cost:CustomProvider`: each has a setter of its name, and may be given in the initial
 * object.
 */
export interface CustomProviderInputs {
  /** Display name. Fixed after creation (see Errors). */
  readonly name?: R<'CustomProvider'>['name']
  /** Fixed after creation (see Errors). The API does not return it, so an import does not restore it. */
  readonly description?: R<'CustomProvider'>['description']
  /**
   * Workspace tokens. Updatable in place. The remote API requires at least one token, so
   * associations cannot be fully removed once set.
   */
  readonly workspaces?: R<'CustomProvider'>['workspaces']
}
/** The outputs of `cost:CustomProvider`, as refs under `.out` (with every input and `id`). */
export interface CustomProviderOutputs {
  /** The integration's token, assigned by the platform (also its import id). */
  readonly token: O<'CustomProvider'>['token']
  /** The integration's status, e.g. `connected`, `pending`, `importing`, `imported`, `error`. */
  readonly status?: O<'CustomProvider'>['status']
  /** When it was created (UTC ISO 8601), set by the platform. */
  readonly createdAt?: O<'CustomProvider'>['createdAt']
  /** When the integration was last changed (UTC ISO 8601). */
  readonly lastUpdated?: O<'CustomProvider'>['lastUpdated']
  /** Managed accounts the integration is assigned to. */
  readonly managedAccountTokens?: O<'CustomProvider'>['managedAccountTokens']
}
/**
 * The inputs of `cost:FinancialCommitmentReport`: each has a setter of its name, and may be given in
 * the initial object.
 */
export interface FinancialCommitmentReportInputs {
  /** Display title of the report. */
  readonly title: R<'FinancialCommitmentReport'>['title']
  /** Workspace the report belongs to. */
  readonly workspaceToken: R<'FinancialCommitmentReport'>['workspaceToken']
  /** Query-language filter. */
  readonly filter?: R<'FinancialCommitmentReport'>['filter']
  /** First day of a custom period (`YYYY-MM-DD`). Incompatible with dateInterval. */
  readonly startDate?: R<'FinancialCommitmentReport'>['startDate']
  /** Last day of a custom period (`YYYY-MM-DD`). Incompatible with dateInterval. */
  readonly endDate?: R<'FinancialCommitmentReport'>['endDate']
  /** A relative period such as `last_3_months` (the default); `custom` with startDate/endDate. */
  readonly dateInterval?: R<'FinancialCommitmentReport'>['dateInterval']
  /** How costs are bucketed over time: `hour`, `day`, `week`, `month` or `quarter`. */
  readonly dateBucket?: R<'FinancialCommitmentReport'>['dateBucket']
  /** Which on-demand costs are shown: `discountable` (those commitments could cover) or `all`. */
  readonly onDemandCostsScope?: R<'FinancialCommitmentReport'>['onDemandCostsScope']
  /** How costs are grouped: the listed dimensions, or `tag:<label_name>`. */
  readonly groupings?: R<'FinancialCommitmentReport'>['groupings']
}
/** The outputs of `cost:FinancialCommitmentReport`, as refs under `.out` (with every input and `id`). */
export interface FinancialCommitmentReportOutputs {
  /** Its token, assigned by the platform. */
  readonly token: O<'FinancialCommitmentReport'>['token']
  /** Token of the user who created the report. */
  readonly userToken?: O<'FinancialCommitmentReport'>['userToken']
  /** When it was created (UTC ISO 8601), set by the platform. */
  readonly createdAt?: O<'FinancialCommitmentReport'>['createdAt']
  /** Whether this is the workspace's default report. */
  readonly default?: O<'FinancialCommitmentReport'>['default']
}
/** The inputs of `cost:Folder`: each has a setter of its name, and may be given in the initial object. */
export interface FolderInputs {
  /** Display title of the folder. */
  readonly title: R<'Folder'>['title']
  /** Folder this folder is nested in (top level when left out). */
  readonly parentFolderToken?: R<'Folder'>['parentFolderToken']
  /** Applied to every cost report in the folder. */
  readonly savedFilterTokens?: R<'Folder'>['savedFilterTokens']
  /** Workspace the folder belongs to (a sub-folder is in its parent's). */
  readonly workspaceToken?: R<'Folder'>['workspaceToken']
}
/** The outputs of `cost:Folder`, as refs under `.out` (with every input and `id`). */
export interface FolderOutputs {
  /** The folder's token, assigned by the platform. */
  readonly token: O<'Folder'>['token']
  /** When it was created (UTC ISO 8601), set by the platform. */
  readonly createdAt?: O<'Folder'>['createdAt']
  /** When it was last changed (UTC ISO 8601), set by the platform. */
  readonly updatedAt?: O<'Folder'>['updatedAt']
}
/** The inputs of `cost:Invoice`: each has a setter of its name, and may be given in the initial object. */
export interface InvoiceInputs {
  /** Managed account to invoice. */
  readonly accountToken: R<'Invoice'>['accountToken']
  /** `YYYY-MM-DD`. */
  readonly billingPeriodStart: R<'Invoice'>['billingPeriodStart']
  /** `YYYY-MM-DD`. */
  readonly billingPeriodEnd: R<'Invoice'>['billingPeriodEnd']
}
/** The outputs of `cost:Invoice`, as refs under `.out` (with every input and `id`). */
export interface InvoiceOutputs {
  /** The invoice's token, assigned by the platform. */
  readonly token: O<'Invoice'>['token']
  /** Name of the managed account invoiced. */
  readonly accountName?: O<'Invoice'>['accountName']
  /** Sequential number within the MSP account. Set by the platform. */
  readonly invoiceNumber?: O<'Invoice'>['invoiceNumber']
  /** Owning MSP account. Set by the platform. */
  readonly mspAccountToken?: O<'Invoice'>['mspAccountToken']
  /** The invoice's status, as the platform reports it. */
  readonly status?: O<'Invoice'>['status']
  /** Total for the period. Set by the platform. */
  readonly total?: O<'Invoice'>['total']
  /** When it was created (UTC ISO 8601), set by the platform. */
  readonly createdAt?: O<'Invoice'>['createdAt']
  /** When it was last changed (UTC ISO 8601), set by the platform. */
  readonly updatedAt?: O<'Invoice'>['updatedAt']
}
/**
 * The inputs of `cost:KubernetesEfficiencyReport`: each has a setter of its name, and may be given in
 * the initial object.
 */
export interface KubernetesEfficiencyReportInputs {
  /** Display title of the report. */
  readonly title: R<'KubernetesEfficiencyReport'>['title']
  /** Workspace the report belongs to. */
  readonly workspaceToken: R<'KubernetesEfficiencyReport'>['workspaceToken']
  /** Column by which costs are aggregated. */
  readonly aggregatedBy?: R<'KubernetesEfficiencyReport'>['aggregatedBy']
  /** How costs are bucketed over time: `day`, `week`, `month` or `quarter`. */
  readonly dateBucket?: R<'KubernetesEfficiencyReport'>['dateBucket']
  /** Incompatible with startDate and endDate. Defaults to `this_month` when neither date is given. */
  readonly dateInterval?: R<'KubernetesEfficiencyReport'>['dateInterval']
  /** ISO 8601. Incompatible with dateInterval. First day of a custom period (`YYYY-MM-DD`). */
  readonly startDate?: R<'KubernetesEfficiencyReport'>['startDate']
  /** ISO 8601. Incompatible with dateInterval. Last day of a custom period (`YYYY-MM-DD`). */
  readonly endDate?: R<'KubernetesEfficiencyReport'>['endDate']
  /** Query-language filter. */
  readonly filter?: R<'KubernetesEfficiencyReport'>['filter']
  /**
   * Valid values: `cluster_id`, `namespace`, `labeled`, `category`, `pod`, `label`, and
   * `label:<label_name>`.
   */
  readonly groupings?: R<'KubernetesEfficiencyReport'>['groupings']
}
/** The outputs of `cost:KubernetesEfficiencyReport`, as refs under `.out` (with every input and `id`). */
export interface KubernetesEfficiencyReportOutputs {
  /** The report's token, assigned by the platform. */
  readonly token: O<'KubernetesEfficiencyReport'>['token']
  /** When the report was created (UTC ISO 8601). */
  readonly createdAt?: O<'KubernetesEfficiencyReport'>['createdAt']
  /** Whether this is the default report. Set by the platform. */
  readonly default?: O<'KubernetesEfficiencyReport'>['default']
  /** Creator. Set by the platform. */
  readonly userToken?: O<'KubernetesEfficiencyReport'>['userToken']
}
/**
 * The inputs of `cost:ManagedAccount`: each has a setter of its name, and may be given in the initial
 * object.
 */
export interface ManagedAccountInputs {
  /** Contact e-mail address of the account. */
  readonly contactEmail: R<'ManagedAccount'>['contactEmail']
  /** Display name of the managed account. */
  readonly name?: R<'ManagedAccount'>['name']
  /** Integration tokens to assign. */
  readonly accessCredentialTokens?: R<'ManagedAccount'>['accessCredentialTokens']
  /** Billing rules applied to the account. */
  readonly billingRuleTokens?: R<'ManagedAccount'>['billingRuleTokens']
  /** Domain associated with the account for single sign-on. */
  readonly emailDomain?: R<'ManagedAccount'>['emailDomain']
}
/** The outputs of `cost:ManagedAccount`, as refs under `.out` (with every input and `id`). */
export interface ManagedAccountOutputs {
  /** The managed account's token, assigned by the platform. */
  readonly token: O<'ManagedAccount'>['token']
  /**
   * Whether the account's own integrations count in invoice costs. Applies to MSP invoicing accounts
   * only. Set by the platform.
   */
  readonly includeManagedAccountIntegrations?: O<'ManagedAccount'>['includeManagedAccountIntegrations']
  /** Token of the MSP account that manages this one. */
  readonly parentAccountToken?: O<'ManagedAccount'>['parentAccountToken']
  /**
   * Days until payment is due after the invoice date. Applies to MSP invoicing accounts only. Set by
   * the platform.
   */
  readonly paymentTermsDays?: O<'ManagedAccount'>['paymentTermsDays']
}
/**
 * The inputs of `cost:NetworkFlowReport`: each has a setter of its name, and may be given in the
 * initial object.
 */
export interface NetworkFlowReportInputs {
  /** Display title of the report. */
  readonly title: R<'NetworkFlowReport'>['title']
  /** Workspace the report belongs to. */
  readonly workspaceToken: R<'NetworkFlowReport'>['workspaceToken']
  /** Default `last_7_days`. Unless `custom`, incompatible with startDate and endDate. */
  readonly dateInterval?: R<'NetworkFlowReport'>['dateInterval']
  /** `YYYY-MM-DD`. Incompatible with dateInterval. First day of a custom period. */
  readonly startDate?: R<'NetworkFlowReport'>['startDate']
  /** `YYYY-MM-DD`. Incompatible with dateInterval. Last day of a custom period. */
  readonly endDate?: R<'NetworkFlowReport'>['endDate']
  /** Query-language filter. */
  readonly filter?: R<'NetworkFlowReport'>['filter']
  /** Which traffic the report shows: `ingress`, `egress` or `all`. */
  readonly flowDirection?: R<'NetworkFlowReport'>['flowDirection']
  /** Dimension by which logs are sorted. Default `costs`. */
  readonly flowWeight?: R<'NetworkFlowReport'>['flowWeight']
  /** Valid values are listed below. */
  readonly groupings?: R<'NetworkFlowReport'>['groupings']
}
/** The outputs of `cost:NetworkFlowReport`, as refs under `.out` (with every input and `id`). */
export interface NetworkFlowReportOutputs {
  /** The report's token, assigned by the platform. */
  readonly token: O<'NetworkFlowReport'>['token']
  /** When the report was created (UTC ISO 8601). */
  readonly createdAt?: O<'NetworkFlowReport'>['createdAt']
  /** User or team that created the report. Set by the platform. */
  readonly createdByToken?: O<'NetworkFlowReport'>['createdByToken']
  /** Whether this is the workspace's default network flow report. */
  readonly default?: O<'NetworkFlowReport'>['default']
}
/**
 * The inputs of `cost:RecommendationView`: each has a setter of its name, and may be given in the
 * initial object.
 */
export interface RecommendationViewInputs {
  /** Display title of the view. */
  readonly title: R<'RecommendationView'>['title']
  /** Workspace the view belongs to. */
  readonly workspaceToken: R<'RecommendationView'>['workspaceToken']
  /** Cloud providers whose recommendations are shown, e.g. `aws`. */
  readonly providerIds?: R<'RecommendationView'>['providerIds']
  /** Billing accounts whose recommendations are shown. */
  readonly billingAccountIds?: R<'RecommendationView'>['billingAccountIds']
  /** Cloud accounts whose recommendations are shown. */
  readonly accountIds?: R<'RecommendationView'>['accountIds']
  /** Regions whose recommendations are shown. */
  readonly regions?: R<'RecommendationView'>['regions']
  /** Recommendations created on or after this day (`YYYY-MM-DD`). */
  readonly startDate?: R<'RecommendationView'>['startDate']
  /** Recommendations created on or before this day (`YYYY-MM-DD`). */
  readonly endDate?: R<'RecommendationView'>['endDate']
  /** Only resources with this tag key. */
  readonly tagKey?: R<'RecommendationView'>['tagKey']
  /** Only resources whose tag (tagKey) has this value. */
  readonly tagValue?: R<'RecommendationView'>['tagValue']
}
/** The outputs of `cost:RecommendationView`, as refs under `.out` (with every input and `id`). */
export interface RecommendationViewOutputs {
  /** Its token, assigned by the platform. */
  readonly token: O<'RecommendationView'>['token']
  /** When it was created (UTC ISO 8601), set by the platform. */
  readonly createdAt?: O<'RecommendationView'>['createdAt']
  /** Token of the user who created the view. */
  readonly createdBy?: O<'RecommendationView'>['createdBy']
}
/** The arguments of the lookup `cost:getAccessGrants`. */
export type GetAccessGrantsArgs = Record<never, never>
/** The result of the lookup `cost:getAccessGrants`, as refs under `.out`. */
export interface GetAccessGrantsResult {
  /** Every access grant (team → resource) visible to the token. */
  readonly accessGrants: L<'getAccessGrants'>['accessGrants']
  readonly id?: L<'getAccessGrants'>['id']
}
/** The arguments of the lookup `cost:getAnomalyNotifications`. */
export type GetAnomalyNotificationsArgs = Record<never, never>
/** The result of the lookup `cost:getAnomalyNotifications`, as refs under `.out`. */
export interface GetAnomalyNotificationsResult {
  /** Every anomaly notification. */
  readonly anomalyNotifications: L<'getAnomalyNotifications'>['anomalyNotifications']
  readonly id?: L<'getAnomalyNotifications'>['id']
}
/** The arguments of the lookup `cost:getBillingProfiles`. */
export type GetBillingProfilesArgs = Record<never, never>
/** The result of the lookup `cost:getBillingProfiles`, as refs under `.out`. */
export interface GetBillingProfilesResult {
  /** Every MSP billing profile. Bank account numbers, routing numbers and IBANs are secrets. */
  readonly billingProfiles: L<'getBillingProfiles'>['billingProfiles']
  readonly id?: L<'getBillingProfiles'>['id']
}
/** The arguments of the lookup `cost:getBillingRules`. */
export type GetBillingRulesArgs = Record<never, never>
/** The result of the lookup `cost:getBillingRules`, as refs under `.out`. */
export interface GetBillingRulesResult {
  /** Every billing rule; amounts and percentages (decimal strings on the wire) as numbers. */
  readonly billingRules: L<'getBillingRules'>['billingRules']
  readonly id?: L<'getBillingRules'>['id']
}
/** The arguments of the lookup `cost:getBudgets`. */
export type GetBudgetsArgs = Record<never, never>
/** The result of the lookup `cost:getBudgets`, as refs under `.out`. */
export interface GetBudgetsResult {
  /** Every budget, with periods (amounts as numbers) and performance. */
  readonly budgets: L<'getBudgets'>['budgets']
  readonly id?: L<'getBudgets'>['id']
}
/** The arguments of the lookup `cost:getBusinessMetrics`. */
export type GetBusinessMetricsArgs = Record<never, never>
/** The result of the lookup `cost:getBusinessMetrics`, as refs under `.out`. */
export interface GetBusinessMetricsResult {
  /** Every business metric (the list endpoint has no `links`: one page of up to 1,000). */
  readonly businessMetrics: L<'getBusinessMetrics'>['businessMetrics']
  readonly id?: L<'getBusinessMetrics'>['id']
}
/** The arguments of the lookup `cost:getCostAlerts`. */
export type GetCostAlertsArgs = Record<never, never>
/** The result of the lookup `cost:getCostAlerts`, as refs under `.out`. */
export interface GetCostAlertsResult {
  /** Every cost alert. */
  readonly costAlerts: L<'getCostAlerts'>['costAlerts']
  readonly id?: L<'getCostAlerts'>['id']
}
/** The arguments of the lookup `cost:getCostReports`. */
export type GetCostReportsArgs = Record<never, never>
/** The result of the lookup `cost:getCostReports`, as refs under `.out`. */
export interface GetCostReportsResult {
  /** Every cost report. */
  readonly costReports: L<'getCostReports'>['costReports']
  readonly id?: L<'getCostReports'>['id']
}
/** The arguments of the lookup `cost:getDashboards`. */
export type GetDashboardsArgs = Record<never, never>
/** The result of the lookup `cost:getDashboards`, as refs under `.out`. */
export interface GetDashboardsResult {
  /** Every dashboard with its widgets. */
  readonly dashboards: L<'getDashboards'>['dashboards']
  readonly id?: L<'getDashboards'>['id']
}
/** The arguments of the lookup `cost:getFinancialCommitmentReports`. */
export type GetFinancialCommitmentReportsArgs = Record<never, never>
/** The result of the lookup `cost:getFinancialCommitmentReports`, as refs under `.out`. */
export interface GetFinancialCommitmentReportsResult {
  /** Every financial commitment report; groupings (comma-joined on the wire) as a list. */
  readonly financialCommitmentReports: L<'getFinancialCommitmentReports'>['financialCommitmentReports']
  readonly id?: L<'getFinancialCommitmentReports'>['id']
}
/** The arguments of the lookup `cost:getFolders`. */
export type GetFoldersArgs = Record<never, never>
/** The result of the lookup `cost:getFolders`, as refs under `.out`. */
export interface GetFoldersResult {
  /** Every folder of cost reports. */
  readonly folders: L<'getFolders'>['folders']
  readonly id?: L<'getFolders'>['id']
}
/** The arguments of the lookup `cost:getKubernetesEfficiencyReports`. */
export type GetKubernetesEfficiencyReportsArgs = Record<never, never>
/** The result of the lookup `cost:getKubernetesEfficiencyReports`, as refs under `.out`. */
export interface GetKubernetesEfficiencyReportsResult {
  /** Every Kubernetes efficiency report; groupings as a list. */
  readonly kubernetesEfficiencyReports: L<'getKubernetesEfficiencyReports'>['kubernetesEfficiencyReports']
  readonly id?: L<'getKubernetesEfficiencyReports'>['id']
}
/** The arguments of the lookup `cost:getManagedAccounts`. */
export type GetManagedAccountsArgs = Record<never, never>
/** The result of the lookup `cost:getManagedAccounts`, as refs under `.out`. */
export interface GetManagedAccountsResult {
  /** Every managed account of the MSP. */
  readonly managedAccounts: L<'getManagedAccounts'>['managedAccounts']
  readonly id?: L<'getManagedAccounts'>['id']
}
/** The arguments of the lookup `cost:getNetworkFlowReports`. */
export type GetNetworkFlowReportsArgs = Record<never, never>
/** The result of the lookup `cost:getNetworkFlowReports`, as refs under `.out`. */
export interface GetNetworkFlowReportsResult {
  /** Every network flow report; groupings as a list. */
  readonly networkFlowReports: L<'getNetworkFlowReports'>['networkFlowReports']
  readonly id?: L<'getNetworkFlowReports'>['id']
}
/** The arguments of the lookup `cost:getRecommendationViews`. */
export type GetRecommendationViewsArgs = Record<never, never>
/** The result of the lookup `cost:getRecommendationViews`, as refs under `.out`. */
export interface GetRecommendationViewsResult {
  /** Every recommendation view. */
  readonly recommendationViews: L<'getRecommendationViews'>['recommendationViews']
  readonly id?: L<'getRecommendationViews'>['id']
}
/** The arguments of the lookup `cost:getReportNotifications`. */
export type GetReportNotificationsArgs = Record<never, never>
/** The result of the lookup `cost:getReportNotifications`, as refs under `.out`. */
export interface GetReportNotificationsResult {
  /** Every report notification (frequency daily, weekly or monthly; change in percentage or dollars). */
  readonly reportNotifications: L<'getReportNotifications'>['reportNotifications']
  readonly id?: L<'getReportNotifications'>['id']
}
/** The arguments of the lookup `cost:getResourceReports`. */
export type GetResourceReportsArgs = Record<never, never>
/** The result of the lookup `cost:getResourceReports`, as refs under `.out`. */
export interface GetResourceReportsResult {
  /** Every resource report. */
  readonly resourceReports: L<'getResourceReports'>['resourceReports']
  readonly id?: L<'getResourceReports'>['id']
}
/** The arguments of the lookup `cost:getSavedFilters`. */
export type GetSavedFiltersArgs = Record<never, never>
/** The result of the lookup `cost:getSavedFilters`, as refs under `.out`. */
export interface GetSavedFiltersResult {
  /** Every saved filter (the result key is `filters`). */
  readonly filters: L<'getSavedFilters'>['filters']
  readonly id?: L<'getSavedFilters'>['id']
}
/** The arguments of the lookup `cost:getSegments`. */
export type GetSegmentsArgs = Record<never, never>
/** The result of the lookup `cost:getSegments`, as refs under `.out`. */
export interface GetSegmentsResult {
  /** Every segment. */
  readonly segments: L<'getSegments'>['segments']
  readonly id?: L<'getSegments'>['id']
}
/** The arguments of the lookup `cost:getTeams`. */
export type GetTeamsArgs = Record<never, never>
/** The result of the lookup `cost:getTeams`, as refs under `.out`. */
export interface GetTeamsResult {
  /** Every team with its members and workspaces. */
  readonly teams: L<'getTeams'>['teams']
  readonly id?: L<'getTeams'>['id']
}
/** The arguments of the lookup `cost:getUsers`. */
export type GetUsersArgs = Record<never, never>
/** The result of the lookup `cost:getUsers`, as refs under `.out`. */
export interface GetUsersResult {
  /** Every user of the account (tokens without the permission get a 403). */
  readonly users: L<'getUsers'>['users']
  readonly id?: L<'getUsers'>['id']
}
/** The arguments of the lookup `cost:getVirtualTagConfigs`. */
export type GetVirtualTagConfigsArgs = Record<never, never>
/** The result of the lookup `cost:getVirtualTagConfigs`, as refs under `.out`. */
export interface GetVirtualTagConfigsResult {
  /** Every virtual tag configuration (the endpoint has no paging). */
  readonly virtualTagConfigs: L<'getVirtualTagConfigs'>['virtualTagConfigs']
  readonly id?: L<'getVirtualTagConfigs'>['id']
}
/** The arguments of the lookup `cost:getWorkspaces`. */
export type GetWorkspacesArgs = Record<never, never>
/** The result of the lookup `cost:getWorkspaces`, as refs under `.out`. */
export interface GetWorkspacesResult {
  /** Every workspace the API token can see (all pages). */
  readonly workspaces: L<'getWorkspaces'>['workspaces']
  readonly id?: L<'getWorkspaces'>['id']
}
/** The arguments of the lookup `cost:getInvoices`. */
export interface GetInvoicesArgs {
  /** Optional. filters invoices; MSP accounts only. */
  readonly managedAccountToken?: A<'getInvoices'>['managedAccountToken']
}
/** The result of the lookup `cost:getInvoices`, as refs under `.out`. */
export interface GetInvoicesResult {
  /** Every MSP invoice (all pages), or only those of managedAccountToken when given. */
  readonly invoices: L<'getInvoices'>['invoices']
  /** The managed account whose invoices these are, when the lookup was narrowed to one. */
  readonly managedAccountToken?: L<'getInvoices'>['managedAccountToken']
  readonly id?: L<'getInvoices'>['id']
}
/** The arguments of the lookup `cost:getIntegrations`. */
export interface GetIntegrationsArgs {
  /** Optional. for example `custom_provider`. */
  readonly providerFilter?: A<'getIntegrations'>['providerFilter']
}
/** The result of the lookup `cost:getIntegrations`, as refs under `.out`. */
export interface GetIntegrationsResult {
  /**
   * Up to 1,000 integrations, of the provider type providerFilter when given (for example
   * `custom_provider`).
   */
  readonly integrations: L<'getIntegrations'>['integrations']
  /** The provider type the integrations were narrowed to, when given. */
  readonly providerFilter?: L<'getIntegrations'>['providerFilter']
  readonly id?: L<'getIntegrations'>['id']
}
/** The arguments of the lookup `cost:getIntegrationByName`. */
export interface GetIntegrationByNameArgs {
  /** Required. display name. */
  readonly name: A<'getIntegrationByName'>['name']
  /** Provider type to search among first, for example `custom_provider`. */
  readonly providerFilter?: A<'getIntegrationByName'>['providerFilter']
}
/** The result of the lookup `cost:getIntegrationByName`, as refs under `.out`. */
export interface GetIntegrationByNameResult {
  /** The integration's token. */
  readonly token: L<'getIntegrationByName'>['token']
  /** Required. display name. */
  readonly name: L<'getIntegrationByName'>['name']
  /** A field of the result (spec). */
  readonly id?: L<'getIntegrationByName'>['id']
  /** When the integration was created (UTC ISO 8601). */
  readonly createdAt?: L<'getIntegrationByName'>['createdAt']
  /** null when the integration was never updated */
  readonly lastUpdated?: L<'getIntegrationByName'>['lastUpdated']
  /** Managed accounts the integration is assigned to. */
  readonly managedAccountTokens?: L<'getIntegrationByName'>['managedAccountTokens']
  /** Provider type to search among first, for example `custom_provider`. */
  readonly providerFilter?: L<'getIntegrationByName'>['providerFilter']
  /** The integration's provider type (`custom_provider`, `aws`, …), as the platform holds it. */
  readonly provider?: L<'getIntegrationByName'>['provider']
  /** The integration's status, e.g. `connected`, `pending`, `importing`, `imported`, `error`. */
  readonly status?: L<'getIntegrationByName'>['status']
  /** Workspaces the integration is associated with. */
  readonly workspaceTokens?: L<'getIntegrationByName'>['workspaceTokens']
}
/** The arguments of the lookup `cost:getResourceReportColumns`. */
export interface GetResourceReportColumnsArgs {
  /** Required. a resource type name of the query language. */
  readonly resourceType: A<'getResourceReportColumns'>['resourceType']
}
/** The result of the lookup `cost:getResourceReportColumns`, as refs under `.out`. */
export interface GetResourceReportColumnsResult {
  /** String. */
  readonly columns: L<'getResourceReportColumns'>['columns']
  /** Required. a resource type name of the query language. */
  readonly resourceType: L<'getResourceReportColumns'>['resourceType']
  /** A field of the result (spec). */
  readonly id?: L<'getResourceReportColumns'>['id']
}
/** The arguments of the lookup `cost:getCloudProviderAInfo`. */
export type GetCloudProviderAInfoArgs = Record<never, never>
/** The result of the lookup `cost:getCloudProviderAInfo`, as refs under `.out`. */
export interface GetCloudProviderAInfoResult {
  /** Secret. */
  readonly externalId: L<'getCloudProviderAInfo'>['externalId']
  /** A field of the result (spec). */
  readonly id?: L<'getCloudProviderAInfo'>['id']
  /** ARN of the IAM role the platform assumes in your cloud account. */
  readonly iamRoleArn?: L<'getCloudProviderAInfo'>['iamRoleArn']
  /** All strings. */
  readonly rootPolicy?: L<'getCloudProviderAInfo'>['rootPolicy']
  /** IAM policy document (JSON) the savings autopilot needs. */
  readonly autopilotPolicy?: L<'getCloudProviderAInfo'>['autopilotPolicy']
  /** IAM policy document (JSON) for importing cloud metrics. */
  readonly cloudMetricsPolicy?: L<'getCloudProviderAInfo'>['cloudMetricsPolicy']
  /** IAM policy document (JSON) granting read access to further resource types. */
  readonly additionalResourcesPolicy?: L<'getCloudProviderAInfo'>['additionalResourcesPolicy']
  /** IAM policy document (JSON) for S3 request metrics (the wire's policies.s3_request_metrics). */
  readonly s3RequestMetricsPolicy?: L<'getCloudProviderAInfo'>['s3RequestMetricsPolicy']
  /** Id of the IAM role the platform assumes (the wire's iam_role_id). */
  readonly iamRoleId?: L<'getCloudProviderAInfo'>['iamRoleId']
  /** The platform's own id for this integration setup (the wire's vantage_id). */
  readonly vantageId?: L<'getCloudProviderAInfo'>['vantageId']
}

/**
 * Every builder of the cost provider (also this module's default export). A cloud cost-management
 * platform (Vantage-like REST API v2, bearer token). Default host https://api.vantage.sh, timeout 30s.
 */
export const cost = buildersFor(costProvider)
/** A provider instance of cost for `stack(name, { providers })`, from its configuration. */
export const provider = cost.provider
/**
 * A provider instance of cost whose unset configuration comes from environment variables (call it at
 * the edge with process.env); explicit values win.
 */
export const fromEnv = cost.fromEnv
/** The configuration of a cost provider instance under the underlying engine's key names. */
export const bridgeConfig = cost.bridgeConfig
/**
 * `cost:AccessGrant`: Allows or denies a team access to one resource. access defaults to `allowed`;
 * changing the team or the resource replaces the grant. Call it with a node name and, optionally,
 * initial inputs.
 */
export const accessGrant: ResourceBuilderFn<AccessGrantInputs, AccessGrantOutputs> = cost.accessGrant
/**
 * `cost:AnomalyNotification`: Notifies users and chat channels of cost anomalies on one cost report.
 * threshold is a whole amount; changing the report replaces the notification. Call it with a node name
 * and, optionally, initial inputs.
 */
export const anomalyNotification: ResourceBuilderFn<AnomalyNotificationInputs, AnomalyNotificationOutputs> =
  cost.anomalyNotification
/**
 * `cost:BillingRule`: A billing rule for managed accounts. type is case-insensitive: Charge and Credit
 * need amount, category, subCategory and service; Exclusion needs chargeType; Adjustment needs
 * percentage; Custom needs sqlQuery, one `UPDATE <table> SET …` statement (costs or a provider table
 * such as aws). startPeriod is deprecated (use startDate). Changing the type replaces the rule. Call
 * it with a node name and, optionally, initial inputs.
 */
export const billingRule: ResourceBuilderFn<BillingRuleInputs, BillingRuleOutputs> = cost.billingRule
/**
 * `cost:Budget`: A budget: amounts per period (YYYY-MM-DD) over a cost report, or — when
 * childBudgetTokens are given — a hierarchical budget summing its children, for which costReportToken
 * and periods are ignored. Without periods the platform creates default ones; those are not compared.
 * A period without endAt gets one from the platform and matches whatever end date it reads back. The
 * platform requires a name. Changing the workspace replaces the budget. Call it with a node name and,
 * optionally, initial inputs.
 */
export const budget: ResourceBuilderFn<BudgetInputs, BudgetOutputs> = cost.budget
/**
 * `cost:BusinessMetric`: A business metric for unit costs: values given here (date YYYY-MM-DD, amount,
 * optional label), imported from a cloud metrics or monitoring integration, and attached to cost
 * reports. The platform does not return values, so an import cannot restore them. Call it with a node
 * name and, optionally, initial inputs.
 */
export const businessMetric: ResourceBuilderFn<BusinessMetricInputs, BusinessMetricOutputs> = cost.businessMetric
/**
 * `cost:CostAlert`: Alerts by e-mail or chat when the costs of reports move past a threshold (an
 * amount or a percentage) within a day, week, month or quarter. minimumThreshold applies to percentage
 * alerts only. Call it with a node name and, optionally, initial inputs.
 */
export const costAlert: ResourceBuilderFn<CostAlertInputs, CostAlertOutputs> = cost.costAlert
/**
 * `cost:CostReport`: A saved cost report: a filter in the query language over cost data, grouped and
 * charted. chartType, dateBin, dateInterval values and the chartSettings fields come from the wire
 * reference. Relative intervals get concrete dates from the server; those are not compared unless you
 * set them. settings and chartSettings compare with the platform's defaults filled in for the keys
 * left out. workspaceToken is fixed at creation. With neither folderToken nor workspaceToken the
 * platform uses the only workspace the API token sees; when it sees several, plan refuses the report
 * (the upstream provider refuses it always; trellis accepts what the platform accepts). Call it with a
 * node name and, optionally, initial inputs.
 */
export const costReport: ResourceBuilderFn<CostReportInputs, CostReportOutputs> = cost.costReport
/**
 * `cost:CustomProvider`: A custom provider integration (cost uploads for services not supported
 * natively). name and description are fixed after creation: a change warns and keeps the existing
 * value. workspaces update in place, but the platform needs at least one once they are set, so
 * removing them all is refused. Import by integration token; the API never returns the description, so
 * after an import it is unknown until set again. Call it with a node name and, optionally, initial
 * inputs.
 */
export const customProvider: ResourceBuilderFn<CustomProviderInputs, CustomProviderOutputs> = cost.customProvider
/**
 * `cost:FinancialCommitmentReport`: A financial commitment (reservations, savings plans) report.
 * dateInterval defaults to `last_3_months`; startDate/endDate only with `custom` or no interval.
 * Fields beyond title and workspaceToken come from the wire reference. Changing the workspace replaces
 * the report. Call it with a node name and, optionally, initial inputs.
 */
export const financialCommitmentReport: ResourceBuilderFn<
  FinancialCommitmentReportInputs,
  FinancialCommitmentReportOutputs
> = cost.financialCommitmentReport
/**
 * `cost:Folder`: A folder of cost reports; saved filters given here apply to every report in it. With
 * neither parentFolderToken nor workspaceToken the platform uses the only workspace the API token
 * sees; when it sees several, plan refuses the folder (the upstream provider refuses it always;
 * trellis accepts what the platform accepts). Call it with a node name and, optionally, initial
 * inputs.
 */
export const folder: ResourceBuilderFn<FolderInputs, FolderOutputs> = cost.folder
/**
 * `cost:Invoice`: An MSP invoice for a managed account over whole calendar months (billingPeriodStart
 * the 1st, billingPeriodEnd the last day of a month). The platform can neither update nor delete
 * invoices: any change creates a new one, and removing it from the stack only forgets it. Call it with
 * a node name and, optionally, initial inputs.
 */
export const invoice: ResourceBuilderFn<InvoiceInputs, InvoiceOutputs> = cost.invoice
/**
 * `cost:KubernetesEfficiencyReport`: A Kubernetes efficiency report. dateInterval and
 * startDate/endDate exclude each other; with neither, the platform reports `this_month` (and fills in
 * its dates, which are not compared). groupings: cluster_id, namespace, labeled, category, pod, label
 * or label:<label_name>. Changing the workspace replaces the report. Call it with a node name and,
 * optionally, initial inputs.
 */
export const kubernetesEfficiencyReport: ResourceBuilderFn<
  KubernetesEfficiencyReportInputs,
  KubernetesEfficiencyReportOutputs
> = cost.kubernetesEfficiencyReport
/**
 * `cost:ManagedAccount`: A managed account of an MSP: contact e-mail, name (required by the platform),
 * integrations and billing rules assigned to it (billing rules in execution order), and an SSO e-mail
 * domain. Call it with a node name and, optionally, initial inputs.
 */
export const managedAccount: ResourceBuilderFn<ManagedAccountInputs, ManagedAccountOutputs> = cost.managedAccount
/**
 * `cost:NetworkFlowReport`: A network flow log report. dateInterval defaults to `last_7_days`;
 * startDate/endDate (YYYY-MM-DD) only with `custom` or no interval. flowWeight (costs or bytes)
 * defaults to `costs`. groupings from the 23 flow-log dimensions. Changing the workspace replaces the
 * report. Call it with a node name and, optionally, initial inputs.
 */
export const networkFlowReport: ResourceBuilderFn<NetworkFlowReportInputs, NetworkFlowReportOutputs> =
  cost.networkFlowReport
/**
 * `cost:RecommendationView`: A saved view over savings recommendations, narrowed by provider, account,
 * region, creation dates (YYYY-MM-DD) and one tag. Call it with a node name and, optionally, initial
 * inputs.
 */
export const recommendationView: ResourceBuilderFn<RecommendationViewInputs, RecommendationViewOutputs> =
  cost.recommendationView
/**
 * `cost:getAccessGrants` (a lookup, read at plan time): Every access grant (team → resource) visible
 * to the token.
 */
export const getAccessGrants: LookupBuilderFn<GetAccessGrantsArgs, GetAccessGrantsResult> = cost.getAccessGrants
/** `cost:getAnomalyNotifications` (a lookup, read at plan time): Every anomaly notification. */
export const getAnomalyNotifications: LookupBuilderFn<GetAnomalyNotificationsArgs, GetAnomalyNotificationsResult> =
  cost.getAnomalyNotifications
/**
 * `cost:getBillingProfiles` (a lookup, read at plan time): Every MSP billing profile. Bank account
 * numbers, routing numbers and IBANs are secrets.
 */
export const getBillingProfiles: LookupBuilderFn<GetBillingProfilesArgs, GetBillingProfilesResult> =
  cost.getBillingProfiles
/**
 * `cost:getBillingRules` (a lookup, read at plan time): Every billing rule; amounts and percentages
 * (decimal strings on the wire) as numbers.
 */
export const getBillingRules: LookupBuilderFn<GetBillingRulesArgs, GetBillingRulesResult> = cost.getBillingRules
/**
 * `cost:getBudgets` (a lookup, read at plan time): Every budget, with periods (amounts as numbers) and
 * performance.
 */
export const getBudgets: LookupBuilderFn<GetBudgetsArgs, GetBudgetsResult> = cost.getBudgets
/**
 * `cost:getBusinessMetrics` (a lookup, read at plan time): Every business metric (the list endpoint
 * has no `links`: one page of up to 1,000).
 */
export const getBusinessMetrics: LookupBuilderFn<GetBusinessMetricsArgs, GetBusinessMetricsResult> =
  cost.getBusinessMetrics
/** `cost:getCostAlerts` (a lookup, read at plan time): Every cost alert. */
export const getCostAlerts: LookupBuilderFn<GetCostAlertsArgs, GetCostAlertsResult> = cost.getCostAlerts
/** `cost:getCostReports` (a lookup, read at plan time): Every cost report. */
export const getCostReports: LookupBuilderFn<GetCostReportsArgs, GetCostReportsResult> = cost.getCostReports
/** `cost:getDashboards` (a lookup, read at plan time): Every dashboard with its widgets. */
export const getDashboards: LookupBuilderFn<GetDashboardsArgs, GetDashboardsResult> = cost.getDashboards
/**
 * `cost:getFinancialCommitmentReports` (a lookup, read at plan time): Every financial commitment
 * report; groupings (comma-joined on the wire) as a list.
 */
export const getFinancialCommitmentReports: LookupBuilderFn<
  GetFinancialCommitmentReportsArgs,
  GetFinancialCommitmentReportsResult
> = cost.getFinancialCommitmentReports
/** `cost:getFolders` (a lookup, read at plan time): Every folder of cost reports. */
export const getFolders: LookupBuilderFn<GetFoldersArgs, GetFoldersResult> = cost.getFolders
/**
 * `cost:getKubernetesEfficiencyReports` (a lookup, read at plan time): Every Kubernetes efficiency
 * report; groupings as a list.
 */
export const getKubernetesEfficiencyReports: LookupBuilderFn<
  GetKubernetesEfficiencyReportsArgs,
  GetKubernetesEfficiencyReportsResult
> = cost.getKubernetesEfficiencyReports
/** `cost:getManagedAccounts` (a lookup, read at plan time): Every managed account of the MSP. */
export const getManagedAccounts: LookupBuilderFn<GetManagedAccountsArgs, GetManagedAccountsResult> =
  cost.getManagedAccounts
/**
 * `cost:getNetworkFlowReports` (a lookup, read at plan time): Every network flow report; groupings as
 * a list.
 */
export const getNetworkFlowReports: LookupBuilderFn<GetNetworkFlowReportsArgs, GetNetworkFlowReportsResult> =
  cost.getNetworkFlowReports
/** `cost:getRecommendationViews` (a lookup, read at plan time): Every recommendation view. */
export const getRecommendationViews: LookupBuilderFn<GetRecommendationViewsArgs, GetRecommendationViewsResult> =
  cost.getRecommendationViews
/**
 * `cost:getReportNotifications` (a lookup, read at plan time): Every report notification (frequency
 * daily, weekly or monthly; change in percentage or dollars).
 */
export const getReportNotifications: LookupBuilderFn<GetReportNotificationsArgs, GetReportNotificationsResult> =
  cost.getReportNotifications
/** `cost:getResourceReports` (a lookup, read at plan time): Every resource report. */
export const getResourceReports: LookupBuilderFn<GetResourceReportsArgs, GetResourceReportsResult> =
  cost.getResourceReports
/**
 * `cost:getSavedFilters` (a lookup, read at plan time): Every saved filter (the result key is
 * `filters`).
 */
export const getSavedFilters: LookupBuilderFn<GetSavedFiltersArgs, GetSavedFiltersResult> = cost.getSavedFilters
/** `cost:getSegments` (a lookup, read at plan time): Every segment. */
export const getSegments: LookupBuilderFn<GetSegmentsArgs, GetSegmentsResult> = cost.getSegments
/** `cost:getTeams` (a lookup, read at plan time): Every team with its members and workspaces. */
export const getTeams: LookupBuilderFn<GetTeamsArgs, GetTeamsResult> = cost.getTeams
/**
 * `cost:getUsers` (a lookup, read at plan time): Every user of the account (tokens without the
 * permission get a 403).
 */
export const getUsers: LookupBuilderFn<GetUsersArgs, GetUsersResult> = cost.getUsers
/**
 * `cost:getVirtualTagConfigs` (a lookup, read at plan time): Every virtual tag configuration (the
 * endpoint has no paging).
 */
export const getVirtualTagConfigs: LookupBuilderFn<GetVirtualTagConfigsArgs, GetVirtualTagConfigsResult> =
  cost.getVirtualTagConfigs
/**
 * `cost:getWorkspaces` (a lookup, read at plan time): Every workspace the API token can see (all
 * pages).
 */
export const getWorkspaces: LookupBuilderFn<GetWorkspacesArgs, GetWorkspacesResult> = cost.getWorkspaces
/**
 * `cost:getInvoices` (a lookup, read at plan time): Every MSP invoice (all pages), or only those of
 * managedAccountToken when given.
 */
export const getInvoices: LookupBuilderFn<GetInvoicesArgs, GetInvoicesResult> = cost.getInvoices
/**
 * `cost:getIntegrations` (a lookup, read at plan time): Up to 1,000 integrations, of the provider type
 * providerFilter when given (for example `custom_provider`).
 */
export const getIntegrations: LookupBuilderFn<GetIntegrationsArgs, GetIntegrationsResult> = cost.getIntegrations
/**
 * `cost:getIntegrationByName` (a lookup, read at plan time): The first integration whose display name
 * is exactly `name` (among at most 1,000, of the provider type providerFilter when given).
 */
export const getIntegrationByName: LookupBuilderFn<GetIntegrationByNameArgs, GetIntegrationByNameResult> =
  cost.getIntegrationByName
/**
 * `cost:getResourceReportColumns` (a lookup, read at plan time): The columns of resource reports for
 * one resource type of the query language (e.g. aws_instance).
 */
export const getResourceReportColumns: LookupBuilderFn<GetResourceReportColumnsArgs, GetResourceReportColumnsResult> =
  cost.getResourceReportColumns
/**
 * `cost:getCloudProviderAInfo` (a lookup, read at plan time): Provider A's integration details:
 * externalId (secret), iamRoleArn and the root, autopilot, cloud-metrics and additional-resources
 * policies (JSON text).
 */
export const getCloudProviderAInfo: LookupBuilderFn<GetCloudProviderAInfoArgs, GetCloudProviderAInfoResult> =
  cost.getCloudProviderAInfo
export default cost
