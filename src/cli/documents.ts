/**
 * The CLI's machine-readable documents: every `--json` output is one of these, versioned
 * (`formatVersion`) and tagged (`kind`), with a JSON Schema in schemas/. Secrets and values known
 * only after apply are the markers `{"secret": true}` and `{"unknown": true}`.
 */
import type { Registry } from '../core/registry'
import type { Plan } from '../engine/plan'
import type { Drift } from '../engine/operations'
import type { ResourceState } from '../state/state'
import { secretsOf, stepToJson, type StepSchema } from '../render/step-json'
import { jsonValue } from '../workspace/json-value'
import type { ApplyOutcome, PlanResult, RefreshOutcome } from '../workspace/workspace'
import type { TrellisError } from '../workspace/trellis-error'

export const FORMAT_VERSION = 1

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

/** format 1's steps: markers for values, a nested change's keys and indices dotted, flags at the end */
const DOCUMENT_STEPS: StepSchema = {
  value: jsonValue,
  // a nested object or array: its changes by key and index, and how many siblings stayed
  change: (d, secrets) =>
    d.inner !== undefined
      ? {
          changes: d.inner.map((c) => {
            const at = [d.path, ...c.path.map(String)]
            return {
              path: at.join('.'),
              // the same path unjoined, so a saved plan read back knows a key holding a dot from two keys
              keys: c.path,
              kind: c.kind,
              before: jsonValue(c.before, secrets, at) ?? null,
              after: jsonValue(c.after, secrets, at) ?? null,
            }
          }),
          unchanged: d.unchanged ?? 0,
        }
      : {},
  flags: () => ({}),
  trailing: (s) => ({
    ...(s.deleteBeforeReplace !== undefined ? { deleteBeforeReplace: s.deleteBeforeReplace } : {}),
    ...(s.movedFrom !== undefined ? { movedFrom: s.movedFrom } : {}),
    ...(s.readAtApply ? { readAtApply: true } : {}),
  }),
}

export const planSteps = (plan: Plan, registry: Registry) => plan.steps.map(stepToJson(DOCUMENT_STEPS, registry))

export const planDoc = (r: PlanResult, registry: Registry) => ({
  formatVersion: FORMAT_VERSION,
  kind: 'plan' as const,
  stack: r.stack,
  lineage: r.plan.lineage,
  baseSerial: r.plan.baseSerial,
  refreshed: r.refreshed,
  hasChanges: r.hasChanges,
  summary: r.summary,
  changedOutside: driftDoc(registry, r.changedOutside),
  pending: r.pending.map((p) => ({ address: p.address, op: p.op, ...(p.id ? { id: p.id } : {}), since: p.startedAt })),
  leftOut: r.leftOut,
  steps: planSteps(r.plan, registry),
  warnings: r.plan.warnings.map((w) => ({
    node: w.node,
    path: w.path,
    expected: w.expected,
    given: w.given,
    message: w.message ?? '',
  })),
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
