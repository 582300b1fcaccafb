/**
 * Helpers for the cost provider's tests: validate inputs as compile does (codec, unknown fields,
 * compile-time rules), and run plan-time rules with a prior.
 */
import type { ResourceSpec, LookupSpec, RuleContext } from '../../../src/core/spec'
import type { Finding } from '../../../src/core/issue'
import { validateValue } from '../../../src/engine/validate'

const ctx: RuleContext = { config: {}, now: new Date('2024-07-15T00:00:00Z') }

/** Every finding compile would report for these inputs (errors and warnings). */
export const findings = (spec: ResourceSpec | LookupSpec, inputs: unknown): Finding[] => {
  const codec = spec._tag === 'ResourceSpec' ? spec.inputs : spec.args
  const f = validateValue(codec, inputs)
  if (f.length > 0) return f
  const decoded = codec.decode(inputs)
  const value = decoded._tag === 'Right' ? decoded.right : inputs
  return spec.rules.filter((r) => r.when !== 'plan').flatMap((r) => [...r.check(value as never, ctx)])
}

export const errors = (spec: ResourceSpec | LookupSpec, inputs: unknown): Finding[] => findings(spec, inputs).filter((f) => f.severity !== 'warning')
export const warnings = (spec: ResourceSpec | LookupSpec, inputs: unknown): Finding[] => findings(spec, inputs).filter((f) => f.severity === 'warning')
export const errorPaths = (spec: ResourceSpec | LookupSpec, inputs: unknown): string[] => errors(spec, inputs).map((f) => f.path)

/** Findings of the plan-time rules, given what exists. */
export const planFindings = (spec: ResourceSpec, inputs: unknown, prior: Record<string, unknown>): Finding[] =>
  spec.rules
    .filter((r) => r.when === 'plan')
    .flatMap((r) => [...r.check(inputs as never, { ...ctx, prior: { inputs: prior, outputs: {}, changedAt: {} } })])
