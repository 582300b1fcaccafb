/**
 * What to record as applied when an object made by an interrupted or lost create is adopted. The
 * create may have failed part-way (a chain of writes), so what was sent is not proof: of the fields
 * sent, keep those the platform shows as sent; record the platform's value where it differs; leave
 * out what it does not show — the next plan (or the same run) then sends what is still owed.
 */
import type { ResourceSpec } from '../core/spec'
import { protectSecrets, type Protector } from '../state/protect'
import { diffInputs } from './diff'
import { defaultsTreeOf } from './platform-defaults'

export const adoptedInputs = (
  spec: ResourceSpec,
  sent: Readonly<Record<string, unknown>>,
  observed: Readonly<Record<string, unknown>>,
  protector: Protector,
): Record<string, unknown> => {
  const seen = protectSecrets(observed, spec.secrets, protector) as Record<string, unknown>
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(sent)) {
    const o = seen[k]
    if (o === undefined) continue
    const same =
      diffInputs(
        { [k]: o },
        { [k]: v },
        {
          replaceOn: [],
          ignore: [],
          equals: spec.equals ?? {},
          updatable: true,
          protector,
          filled: defaultsTreeOf(spec),
        },
      ).length === 0
    out[k] = same ? v : o
  }
  return out
}

/**
 * What to record after an update whose outcome was unknown (a lost reply, a kill), field by field
 * from what the platform shows now. The update may have been applied in part (a chain of writes
 * stopped half-way), so neither what was sent nor what was there before is proof: a field the
 * platform shows is recorded as shown (the sent or prior value when it equals one, to keep its
 * form); a field it does not show keeps its prior value, so the next plan sends it again if the
 * stack still differs. Recording the prior inputs wholesale made state claim values the platform
 * no longer held, and a later stack asking for them again planned no change.
 */
export const reconciledInputs = (
  spec: ResourceSpec,
  prior: Readonly<Record<string, unknown>>,
  sent: Readonly<Record<string, unknown>>,
  observed: Readonly<Record<string, unknown>>,
  protector: Protector,
): Record<string, unknown> => {
  const seen = protectSecrets(observed, spec.secrets, protector) as Record<string, unknown>
  const same = (k: string, a: unknown, b: unknown): boolean =>
    diffInputs(
      { [k]: a },
      { [k]: b },
      {
        replaceOn: [],
        ignore: [],
        equals: spec.equals ?? {},
        updatable: true,
        protector,
        filled: defaultsTreeOf(spec),
      },
    ).length === 0
  const out: Record<string, unknown> = {}
  for (const k of new Set([...Object.keys(prior), ...Object.keys(sent)])) {
    const o = seen[k]
    if (o === undefined) {
      if (prior[k] !== undefined) out[k] = prior[k]
      continue
    }
    out[k] =
      sent[k] !== undefined && same(k, o, sent[k])
        ? sent[k]
        : prior[k] !== undefined && same(k, o, prior[k])
          ? prior[k]
          : o
  }
  return out
}
