/**
 * The CLI's machine-readable documents: every `--json` output is one of these, versioned
 * (`formatVersion`) and tagged (`kind`), with a JSON Schema in schemas/. Secrets and values known
 * only after apply are the markers `{"secret": true}` and `{"unknown": true}`. The plan document has
 * its own version (src/render/plan-document.ts), the saved plan that embeds it SAVED_PLAN_VERSION.
 */
import { policyReportToJson } from '../policy/report-json'
import type { Registry } from '../core/registry'
import type { Drift } from '../engine/operations'
import type { ResourceState } from '../state/state'
import { secretsOf } from '../render/step-json'
import { planDocument } from '../render/plan-document'
import { jsonValue } from '../render/json-value'
import type { ApplyOutcome, PlanResult, RefreshOutcome } from '../workspace/workspace'
import type { TrellisError } from '../workspace/trellis-error'

export const FORMAT_VERSION = 1
/** 2: its `plan` is the plan document of format 3 */
export const SAVED_PLAN_VERSION = 2

const driftDoc = (registry: Registry, d: ReadonlyArray<Drift>) =>
  d.map((x) => {
    const secrets = secretsOf(registry, x.address.split('/')[0])
    return {
      address: x.address,
      gone: x.gone,
      changes: x.changes.map((c) => ({
        path: c.path,
        before: jsonValue(c.before, secrets, [c.path]) ?? null,
        after: jsonValue(c.after, secrets, [c.path]) ?? null,
      })),
    }
  })

export { planSteps } from '../render/plan-document'

/** The plan document (src/render/plan-document.ts) and what this run saw beside the plan. */
export const planDoc = (r: PlanResult, registry: Registry) => ({
  ...planDocument(r.plan, registry),
  refreshed: r.refreshed,
  hasChanges: r.hasChanges,
  changedOutside: driftDoc(registry, r.changedOutside),
  pending: r.pending.map((p) => ({ address: p.address, op: p.op, ...(p.id ? { id: p.id } : {}), since: p.startedAt })),
  leftOut: r.leftOut,
  ...(r.policy ? { policy: policyReportToJson(r.policy) } : {}),
})

export const applyDoc = (which: 'apply' | 'destroy', r: ApplyOutcome) => ({
  formatVersion: FORMAT_VERSION,
  kind: which,
  stack: r.stack,
  status: r.cancelled ? 'cancelled' : r.plan.hasChanges ? 'applied' : 'no-changes',
  changes: r.changes,
  serial: r.serial,
  ms: r.ms,
  journal: r.journal.map((j) => ({
    seq: j.seq,
    address: j.address,
    action: j.action,
    status: j.status,
    ms: j.ms,
    ...(j.id !== undefined ? { id: j.id } : {}),
    ...(j.message !== undefined ? { message: j.message } : {}),
  })),
  outputs: r.outputs,
  ...(r.plan.policy ? { findings: r.findings } : {}),
})

export const refreshDoc = (r: RefreshOutcome, registry: Registry) => ({
  formatVersion: FORMAT_VERSION,
  kind: 'refresh' as const,
  stack: r.stack,
  drift: driftDoc(registry, r.drift),
  written: r.written,
  serial: r.serial,
})

export const resourceDoc = (r: ResourceState, registry: Registry) => ({
  address: r.address,
  token: r.token,
  name: r.name,
  provider: r.provider,
  id: r.id,
  inputs: jsonValue(r.inputs, secretsOf(registry, r.token)),
  outputs: jsonValue(r.outputs, secretsOf(registry, r.token)),
  dependencies: r.dependencies,
  ...(r.protect ? { protect: true } : {}),
})

export const errorDoc = (e: TrellisError) => ({
  formatVersion: FORMAT_VERSION,
  kind: 'error' as const,
  error: {
    kind: e.kind,
    exitCode: e.exitCode,
    message: e.message,
    issues: e.issues.map((i) => ({
      node: i.node,
      path: i.path,
      expected: i.expected,
      given: i.given,
      message: i.message,
    })),
  },
})

export const doc = <K extends string, B extends Record<string, unknown>>(kind: K, body: B) => ({
  formatVersion: FORMAT_VERSION,
  kind,
  ...body,
})
