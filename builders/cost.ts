/** The cost provider's builders, generated from its registry by builders/generate.ts — do not edit. */
import { costProvider } from '../src/providers/cost'
import { buildersFor } from './builder'

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
export const accessGrant = cost.accessGrant
/**
 * `cost:AnomalyNotification`: Notifies users and chat channels of cost anomalies on one cost report.
 * threshold is a whole amount; changing the report replaces the notification. Call it with a node name
 * and, optionally, initial inputs.
 */
export const anomalyNotification = cost.anomalyNotification
/**
 * `cost:BillingRule`: A billing rule for managed accounts. type is case-insensitive: Charge and Credit
 * need amount, category, subCategory and service; Exclusion needs chargeType; Adjustment needs
 * percentage; Custom needs sqlQuery, one `UPDATE <table> SET …` statement (costs or a provider table
 * such as aws). startPeriod is deprecated (use startDate). Changing the type replaces the rule. Call
 * it with a node name and, optionally, initial inputs.
 */
export const billingRule = cost.billingRule
/**
 * `cost:Budget`: A budget: amounts per period (YYYY-MM-DD) over a cost report, or — when
 * childBudgetTokens are given — a hierarchical budget summing its children, for which costReportToken
 * and periods are ignored. Without periods the platform creates default ones; those are not compared.
 * A period without endAt gets one from the platform and matches whatever end date it reads back. The
 * platform requires a name. Changing the workspace replaces the budget. Call it with a node name and,
 * optionally, initial inputs.
 */
export const budget = cost.budget
/**
 * `cost:BusinessMetric`: A business metric for unit costs: values given here (date YYYY-MM-DD, amount,
 * optional label), imported from a cloud metrics or monitoring integration, and attached to cost
 * reports. The platform does not return values, so an import cannot restore them. Call it with a node
 * name and, optionally, initial inputs.
 */
export const businessMetric = cost.businessMetric
/**
 * `cost:CostAlert`: Alerts by e-mail or chat when the costs of reports move past a threshold (an
 * amount or a percentage) within a day, week, month or quarter. minimumThreshold applies to percentage
 * alerts only. Call it with a node name and, optionally, initial inputs.
 */
export const costAlert = cost.costAlert
/**
 * `cost:CostReport`: A saved cost report: a filter in the query language over cost data, grouped and
 * charted. chartType, dateBin, dateInterval values and the chartSettings fields come from the wire
 * reference. Relative intervals get concrete dates from the server; those are not compared unless you
 * set them. settings and chartSettings compare with the platform's defaults filled in for the keys
 * left out. workspaceToken is fixed at creation. Call it with a node name and, optionally, initial
 * inputs.
 */
export const costReport = cost.costReport
/**
 * `cost:CustomProvider`: A custom provider integration (cost uploads for services not supported
 * natively). name and description are fixed after creation: a change warns and keeps the existing
 * value. workspaces update in place, but the platform needs at least one once they are set, so
 * removing them all is refused. Import by integration token; the API never returns the description, so
 * after an import it is unknown until set again. Call it with a node name and, optionally, initial
 * inputs.
 */
export const customProvider = cost.customProvider
/**
 * `cost:FinancialCommitmentReport`: A financial commitment (reservations, savings plans) report.
 * dateInterval defaults to `last_3_months`; startDate/endDate only with `custom` or no interval.
 * Fields beyond title and workspaceToken come from the wire reference. Changing the workspace replaces
 * the report. Call it with a node name and, optionally, initial inputs.
 */
export const financialCommitmentReport = cost.financialCommitmentReport
/**
 * `cost:Folder`: A folder of cost reports; saved filters given here apply to every report in it. Call
 * it with a node name and, optionally, initial inputs.
 */
export const folder = cost.folder
/**
 * `cost:Invoice`: An MSP invoice for a managed account over whole calendar months (billingPeriodStart
 * the 1st, billingPeriodEnd the last day of a month). The platform can neither update nor delete
 * invoices: any change creates a new one, and removing it from the stack only forgets it. Call it with
 * a node name and, optionally, initial inputs.
 */
export const invoice = cost.invoice
/**
 * `cost:KubernetesEfficiencyReport`: A Kubernetes efficiency report. dateInterval and
 * startDate/endDate exclude each other; with neither, the platform reports `this_month` (and fills in
 * its dates, which are not compared). groupings: cluster_id, namespace, labeled, category, pod, label
 * or label:<label_name>. Changing the workspace replaces the report. Call it with a node name and,
 * optionally, initial inputs.
 */
export const kubernetesEfficiencyReport = cost.kubernetesEfficiencyReport
/**
 * `cost:ManagedAccount`: A managed account of an MSP: contact e-mail, name (required by the platform),
 * integrations and billing rules assigned to it (billing rules in execution order), and an SSO e-mail
 * domain. Call it with a node name and, optionally, initial inputs.
 */
export const managedAccount = cost.managedAccount
/**
 * `cost:NetworkFlowReport`: A network flow log report. dateInterval defaults to `last_7_days`;
 * startDate/endDate (YYYY-MM-DD) only with `custom` or no interval. flowWeight (costs or bytes)
 * defaults to `costs`. groupings from the 23 flow-log dimensions. Changing the workspace replaces the
 * report. Call it with a node name and, optionally, initial inputs.
 */
export const networkFlowReport = cost.networkFlowReport
/**
 * `cost:RecommendationView`: A saved view over savings recommendations, narrowed by provider, account,
 * region, creation dates (YYYY-MM-DD) and one tag. Call it with a node name and, optionally, initial
 * inputs.
 */
export const recommendationView = cost.recommendationView
/**
 * `cost:getAccessGrants` (a lookup, read at plan time): Every access grant (team → resource) visible
 * to the token.
 */
export const getAccessGrants = cost.getAccessGrants
/** `cost:getAnomalyNotifications` (a lookup, read at plan time): Every anomaly notification. */
export const getAnomalyNotifications = cost.getAnomalyNotifications
/**
 * `cost:getBillingProfiles` (a lookup, read at plan time): Every MSP billing profile. Bank account
 * numbers, routing numbers and IBANs are secrets.
 */
export const getBillingProfiles = cost.getBillingProfiles
/**
 * `cost:getBillingRules` (a lookup, read at plan time): Every billing rule; amounts and percentages
 * (decimal strings on the wire) as numbers.
 */
export const getBillingRules = cost.getBillingRules
/**
 * `cost:getBudgets` (a lookup, read at plan time): Every budget, with periods (amounts as numbers) and
 * performance.
 */
export const getBudgets = cost.getBudgets
/**
 * `cost:getBusinessMetrics` (a lookup, read at plan time): Every business metric (the list endpoint
 * has no `links`: one page of up to 1,000).
 */
export const getBusinessMetrics = cost.getBusinessMetrics
/** `cost:getCostAlerts` (a lookup, read at plan time): Every cost alert. */
export const getCostAlerts = cost.getCostAlerts
/** `cost:getCostReports` (a lookup, read at plan time): Every cost report. */
export const getCostReports = cost.getCostReports
/** `cost:getDashboards` (a lookup, read at plan time): Every dashboard with its widgets. */
export const getDashboards = cost.getDashboards
/**
 * `cost:getFinancialCommitmentReports` (a lookup, read at plan time): Every financial commitment
 * report; groupings (comma-joined on the wire) as a list.
 */
export const getFinancialCommitmentReports = cost.getFinancialCommitmentReports
/** `cost:getFolders` (a lookup, read at plan time): Every folder of cost reports. */
export const getFolders = cost.getFolders
/**
 * `cost:getKubernetesEfficiencyReports` (a lookup, read at plan time): Every Kubernetes efficiency
 * report; groupings as a list.
 */
export const getKubernetesEfficiencyReports = cost.getKubernetesEfficiencyReports
/** `cost:getManagedAccounts` (a lookup, read at plan time): Every managed account of the MSP. */
export const getManagedAccounts = cost.getManagedAccounts
/**
 * `cost:getNetworkFlowReports` (a lookup, read at plan time): Every network flow report; groupings as
 * a list.
 */
export const getNetworkFlowReports = cost.getNetworkFlowReports
/** `cost:getRecommendationViews` (a lookup, read at plan time): Every recommendation view. */
export const getRecommendationViews = cost.getRecommendationViews
/**
 * `cost:getReportNotifications` (a lookup, read at plan time): Every report notification (frequency
 * daily, weekly or monthly; change in percentage or dollars).
 */
export const getReportNotifications = cost.getReportNotifications
/** `cost:getResourceReports` (a lookup, read at plan time): Every resource report. */
export const getResourceReports = cost.getResourceReports
/**
 * `cost:getSavedFilters` (a lookup, read at plan time): Every saved filter (the result key is
 * `filters`).
 */
export const getSavedFilters = cost.getSavedFilters
/** `cost:getSegments` (a lookup, read at plan time): Every segment. */
export const getSegments = cost.getSegments
/** `cost:getTeams` (a lookup, read at plan time): Every team with its members and workspaces. */
export const getTeams = cost.getTeams
/**
 * `cost:getUsers` (a lookup, read at plan time): Every user of the account (tokens without the
 * permission get a 403).
 */
export const getUsers = cost.getUsers
/**
 * `cost:getVirtualTagConfigs` (a lookup, read at plan time): Every virtual tag configuration (the
 * endpoint has no paging).
 */
export const getVirtualTagConfigs = cost.getVirtualTagConfigs
/**
 * `cost:getWorkspaces` (a lookup, read at plan time): Every workspace the API token can see (all
 * pages).
 */
export const getWorkspaces = cost.getWorkspaces
/**
 * `cost:getInvoices` (a lookup, read at plan time): Every MSP invoice (all pages), or only those of
 * managedAccountToken when given.
 */
export const getInvoices = cost.getInvoices
/**
 * `cost:getIntegrations` (a lookup, read at plan time): Up to 1,000 integrations, of the provider type
 * providerFilter when given (for example `custom_provider`).
 */
export const getIntegrations = cost.getIntegrations
/**
 * `cost:getIntegrationByName` (a lookup, read at plan time): The first integration whose display name
 * is exactly `name` (among at most 1,000, of the provider type providerFilter when given).
 */
export const getIntegrationByName = cost.getIntegrationByName
/**
 * `cost:getResourceReportColumns` (a lookup, read at plan time): The columns of resource reports for
 * one resource type of the query language (e.g. aws_instance).
 */
export const getResourceReportColumns = cost.getResourceReportColumns
/**
 * `cost:getCloudProviderAInfo` (a lookup, read at plan time): Provider A's integration details:
 * externalId (secret), iamRoleArn and the root, autopilot, cloud-metrics and additional-resources
 * policies (JSON text).
 */
export const getCloudProviderAInfo = cost.getCloudProviderAInfo
export default cost
