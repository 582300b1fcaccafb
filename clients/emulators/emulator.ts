/**
 * Emulator: an in-memory fake of one platform, speaking its real HTTP API as an HttpClient (no
 * sockets), servable on 127.0.0.1 with `serve(emulator.client)`. It routes on the request path (and,
 * for the signed cloud API, on the service named in the signature scope), so any base URL works.
 * What it holds can be saved to a data file and restored (`snapshot`/`restore`), and objects made
 * elsewhere can be put in first, in the platform's own shapes (`seed`).
 */
import type { HttpClient } from '../http'
import { allOrNothing, restoreInto, snapshotOf, type Holdings } from './holdings'

export interface StoredObject {
  /** collection or kind, e.g. `folders`, `dns_zones`, `apigateway:Service` */
  readonly kind: string
  readonly id: string
  /** the object as the platform would return it */
  readonly body: unknown
}

/** Objects to seed, by kind (`folders`, `sites`, `services`, …), each in the platform's own shape. */
export type SeedObjects = Readonly<Record<string, ReadonlyArray<Readonly<Record<string, unknown>>>>>

/** Everything one emulator holds, as plain JSON. */
export interface EmulatorSnapshot {
  readonly platform: 'cost' | 'hosting' | 'cloud'
  readonly version: 1
  readonly data: Readonly<Record<string, unknown>>
}

/** What a served emulator's root answers. */
export interface EmulatorAbout {
  readonly platform: 'cost' | 'hosting' | 'cloud'
  readonly name: string
  /** the paths (or, for signed actions, the services) it serves */
  readonly serves: ReadonlyArray<string>
  /** the kinds `seed` takes */
  readonly seeds: ReadonlyArray<string>
}

/** An in-memory fake of one platform: an HttpClient, its stored objects and request counts. */
export interface Emulator {
  readonly platform: 'cost' | 'hosting' | 'cloud'
  readonly client: HttpClient
  /** every stored object, for tests that check for orphans and duplicates */
  readonly objects: () => ReadonlyArray<StoredObject>
  /** how many requests it has served, by `METHOD path` (or `service:Action`) */
  readonly requests: () => Readonly<Record<string, number>>
  /** everything it holds, for a data file */
  readonly snapshot: () => EmulatorSnapshot
  /** replaces everything it holds with a snapshot's (throws on a snapshot of another platform) */
  readonly restore: (snapshot: EmulatorSnapshot) => void
  /** adds objects made elsewhere (throws naming the kind or field that is wrong, before adding any) */
  readonly seed: (objects: SeedObjects) => void
  readonly about: EmulatorAbout
}

/** The check every `restore` starts with. */
export const checkSnapshot = (platform: Emulator['platform'], s: EmulatorSnapshot): void => {
  if (typeof s !== 'object' || s === null || s.platform !== platform || s.version !== 1)
    throw new Error(
      `emulator data: expected a version 1 snapshot of the ${platform} emulator, got ${JSON.stringify({ platform: s?.platform, version: s?.version })}`,
    )
}

/** Seeding refuses kinds it does not know, naming the ones it does. */
export const checkSeedKinds = (platform: Emulator['platform'], objects: SeedObjects, kinds: ReadonlyArray<string>) => {
  if (typeof objects !== 'object' || objects === null || Array.isArray(objects))
    throw new Error(`seed ${platform}: expected an object of kind → list of objects`)
  for (const [k, list] of Object.entries(objects)) {
    if (!kinds.includes(k)) throw new Error(`seed ${platform}: unknown kind "${k}" (known: ${kinds.join(', ')})`)
    if (!Array.isArray(list)) throw new Error(`seed ${platform}.${k}: expected a list of objects`)
    list.forEach((o, i) => {
      if (typeof o !== 'object' || o === null || Array.isArray(o))
        throw new Error(`seed ${platform}.${k}[${i}]: expected an object, got ${JSON.stringify(o)}`)
    })
  }
}

/** A required string field of a seeded object, or an error naming where it is missing. */
export const seedField = (
  platform: string,
  kind: string,
  i: number,
  o: Readonly<Record<string, unknown>>,
  k: string,
) => {
  const v = o[k]
  if (typeof v !== 'string' || v === '')
    throw new Error(`seed ${platform}.${kind}[${i}].${k}: expected a non-empty string, got ${JSON.stringify(v)}`)
  return v
}

/** An emulator's snapshot, restore and (all-or-nothing) seed over the containers it holds. */
export const persisted = (
  platform: Emulator['platform'],
  holdings: Holdings,
  seed: (objects: SeedObjects) => void,
): Pick<Emulator, 'snapshot' | 'restore' | 'seed'> => ({
  snapshot: () => ({ platform, version: 1, data: snapshotOf(holdings) }),
  restore: (s) => {
    checkSnapshot(platform, s)
    restoreInto(holdings, s.data)
  },
  seed: (objects) => allOrNothing(holdings, () => seed(objects)),
})
