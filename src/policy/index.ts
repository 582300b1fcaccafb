/**
 * Policy as code over the typed plan: the policies' model and constructors, suppressions, the
 * evaluation over a plan (the pipeline's `policies` stage) and the apply-time gate.
 */
export {
  resourcePolicy,
  stackPolicy,
  policyPack,
  type Policy,
  type ResourcePolicy,
  type StackPolicy,
  type PolicyPack,
  type PolicyStep,
  type PolicyPlan,
  type PolicyContext,
  type ResourceFinding,
} from './policy'
export {
  isBlocking,
  formatFinding,
  type Finding,
  type PolicyFinding,
  type SuppressedFinding,
  type Enforcement,
  type FindingStatus,
  type FindingStage,
} from './finding'
export { matches } from './matches'
export { suppress, type Suppression } from './suppress'
export { gatherPolicies, type PolicyEntry, type PackRecord } from './policy-entries'
export { packDigest } from './pack-digest'
export { evaluatePolicies, type PolicyReport, type PolicyError, type EvaluateOptions } from './evaluate'
export { policyGate, type PolicyGate, type GateDecision, type StepValues } from './apply-gate'
export type { NodeValues } from './policy-view'
export { policyReportToJson, type PolicyReportJson } from './report-json'
export type { OutputsOfToken } from '../providers/token-types'
export { policyRun, policyRefusal, type PolicyRun, type PolicyRunOptions } from './policy-run'
