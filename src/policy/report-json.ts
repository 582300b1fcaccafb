/**
 * A policy report as JSON (what `--json` prints beside the plan and a saved plan keeps): versioned,
 * with counts that say at a glance whether the run is stopped.
 */
import { isBlocking, type PolicyFinding, type SuppressedFinding } from './finding'
import type { PolicyReport } from './evaluate'
import type { PackRecord } from './policy-entries'

/** The JSON shape of a policy report. */
export interface PolicyReportJson {
  readonly version: 1
  readonly packs: ReadonlyArray<PackRecord>
  readonly summary: {
    readonly mandatory: number
    readonly advisory: number
    readonly needsApplyCheck: number
    readonly suppressed: number
  }
  readonly findings: ReadonlyArray<PolicyFinding>
  readonly suppressed: ReadonlyArray<SuppressedFinding>
  readonly warnings: ReadonlyArray<string>
}

/** A report (or the findings of a gate, given with the report's packs) as JSON. */
export const policyReportToJson = (r: PolicyReport): PolicyReportJson => ({
  version: 1,
  packs: r.packs,
  summary: {
    mandatory: r.findings.filter(isBlocking).length,
    advisory: r.findings.filter((f) => f.status === 'violation' && f.enforcement === 'advisory').length,
    needsApplyCheck: r.findings.filter((f) => f.status === 'needs-apply-check').length,
    suppressed: r.suppressed.length,
  },
  findings: r.findings,
  suppressed: r.suppressed,
  warnings: r.warnings,
})
