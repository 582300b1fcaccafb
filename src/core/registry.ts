/**
 * Registry: every provider, resource spec and lookup spec the engine knows, by token.
 */
import type { ProviderSpec } from './provider'
import type { LookupSpec, ResourceSpec } from './spec'

/** Every provider, resource spec and lookup spec the engine knows, by name and token. */
export interface Registry {
  readonly providers: ReadonlyMap<string, ProviderSpec>
  readonly resources: ReadonlyMap<string, ResourceSpec>
  readonly lookups: ReadonlyMap<string, LookupSpec>
}

/**
 * A registry of providers, their resource specs and lookup specs by token (a provider registered twice is
 * refused).
 */
export const makeRegistry = (providers: ReadonlyArray<ProviderSpec>): Registry => {
  const p = new Map<string, ProviderSpec>()
  const r = new Map<string, ResourceSpec>()
  const l = new Map<string, LookupSpec>()
  for (const prov of providers) {
    if (p.has(prov.name)) throw new Error(`registry: provider ${prov.name} registered twice`)
    p.set(prov.name, prov)
    for (const s of Object.values(prov.resources)) r.set(s.token, s)
    for (const s of Object.values(prov.lookups)) l.set(s.token, s)
  }
  return Object.freeze({ providers: p, resources: r, lookups: l })
}
