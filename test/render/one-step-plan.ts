/** A one-step plan holding a given diff, for the renderers' suites (test/render/, test/engine/diff). */
import { addressOf, type Plan } from '#trellis'
import type { FieldChange } from '#trellis/engine'

/** a one-step plan holding the given diff, rendered as text */
export const planOf = (d: ReadonlyArray<FieldChange>, secrets = false): Plan => ({
  version: 1,
  stack: 's',
  lineage: 'l',
  baseSerial: 1,
  warnings: [],
  steps: [
    {
      address: addressOf({ token: secrets ? 'hosting:EnvironmentVariable' : 'demo:Thing', name: 'x' }),
      token: secrets ? 'hosting:EnvironmentVariable' : 'demo:Thing',
      name: 'x',
      kind: 'Resource',
      action: 'update',
      provider: 'p',
      diff: d,
      inputs: {},
      deps: [],
      notes: [],
    },
  ],
})
