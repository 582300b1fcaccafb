/**
 * The one plan document: what the library's `planToJson`, `trellis plan --json`, a saved plan and
 * `trellis show FILE --json` all write. Values carry markers a policy tool can tell from real
 * strings — `{"secret": true}`, `{"unknown": true}` — at any depth, arrays included.
 *
 * Version 3 (from the CLI's 1 and the library's 2, which it replaces): one shape for both; a nested
 * change's rows carry their unjoined `keys`; a long text's change carries `lines`; a replacement
 * always says `deleteBeforeReplace`; `outputs` lists the exports that change. Added fields keep the
 * version, changed or removed ones bump it.
 */
import type { Registry } from '../core/registry'
import { summary, type Plan } from '../engine/plan'
import { displayChanges } from './render'
import { stepToJson, type StepSchema } from './step-json'
import { jsonValue } from './json-value'

export const PLAN_FORMAT_VERSION = 3

/** a nested object or array: its changes by key and index, and how many siblings stayed */
const nestedRows: StepSchema['change'] = (d, secrets) => {
  if (d.inner === undefined) {
    const lines = displayChanges(d, secrets)[0]?.lines
    return lines ? { lines } : {}
  }
  return {
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
}

export const DOCUMENT_STEPS: StepSchema = {
  value: jsonValue,
  change: nestedRows,
  flags: () => ({}),
  trailing: (s) => ({
    ...(s.action === 'replace' || s.deleteBeforeReplace !== undefined
      ? { deleteBeforeReplace: s.deleteBeforeReplace ?? false }
      : {}),
    ...(s.movedFrom !== undefined ? { movedFrom: s.movedFrom } : {}),
    ...(s.readAtApply ? { readAtApply: true } : {}),
    ...(s.adopts !== undefined ? { adopts: s.adopts } : {}),
  }),
}

export const planSteps = (plan: Plan, registry?: Registry) => plan.steps.map(stepToJson(DOCUMENT_STEPS, registry))

/** The plan document of a plan alone (the CLI adds what its run saw: drift, pending entries, …). */
export const planDocument = (plan: Plan, registry?: Registry) => ({
  formatVersion: PLAN_FORMAT_VERSION,
  kind: 'plan' as const,
  stack: plan.stack,
  lineage: plan.lineage,
  baseSerial: plan.baseSerial,
  summary: summary(plan),
  steps: planSteps(plan, registry),
  outputs: (plan.outputs ?? []).map((d) => ({
    path: d.path,
    kind: d.kind,
    // an export is a secret only by value (exports have no spec)
    before: jsonValue(d.before) ?? null,
    after: jsonValue(d.after) ?? null,
  })),
  warnings: plan.warnings.map((w) => ({
    node: w.node,
    path: w.path,
    expected: w.expected,
    given: w.given,
    message: w.message ?? '',
  })),
})

/** The library's name for it. */
export const planToJson = planDocument

/** The plan document (format 3), as planToJson gives it. */
export type PlanDocument = ReturnType<typeof planDocument>
