/**
 * What to record as applied when an object made by an interrupted or lost create is adopted. The
 * create may have failed part-way (a chain of writes), so what was sent is not proof: of the fields
 * sent, keep those the platform shows as sent; record the platform's value where it differs; leave
 * out what it does not show — the next plan (or the same run) then sends what is still owed.
 */
import type { ResourceSpec } from '../core/spec'
import { protectSecrets, type Protector } from '../state/protect'
import { diffInputs } from './diff'

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
        { replaceOn: [], ignore: [], equals: spec.equals ?? {}, updatable: true, protector },
      ).length === 0
    out[k] = same ? v : o
  }
  return out
}
