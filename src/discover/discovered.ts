/**
 * What discovery finds: objects that exist on the platforms and no stack in the store owns, each
 * in spec names with the import id that adopts it, and the types it could not list, with why.
 */

/** What to discover: providers, resource types (tokens) and scope values (`zoneId` → ids); empty means all. */
export interface DiscoverSelection {
  readonly providers?: ReadonlyArray<string>
  readonly types?: ReadonlyArray<string>
  /** scope key → values (`--scope siteId=site_1`): where a type lists only under a parent */
  readonly scopes?: Readonly<Record<string, ReadonlyArray<string>>>
}

/** One existing object, as a read of it observes it. */
export interface DiscoveredObject {
  readonly token: string
  /** the provider instance it was listed with */
  readonly provider: string
  readonly id: string
  /** what `.options({ importId })` and `trellis import` take */
  readonly importId: string
  readonly inputs: Readonly<Record<string, unknown>>
  readonly outputs: Readonly<Record<string, unknown>>
}

/** A type discovery did not list, and why (no listing on the platform, a scope not given, a failed request). */
export interface NotListed {
  readonly token: string
  readonly reason: string
}

/** What `discover` found: the objects no stack owns, the types not listed and why, and what was left out. */
export interface Discovered {
  /** in registry order of types, then as the platform listed them */
  readonly objects: ReadonlyArray<DiscoveredObject>
  readonly notListed: ReadonlyArray<NotListed>
  /** how many listed objects were left out because a stack in the store owns them */
  readonly owned: number
  /** how many listed objects were left out because the platform owns them */
  readonly platformOwned: number
}
