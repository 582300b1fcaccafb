/**
 * Emulator: an in-memory fake of one platform, speaking its real HTTP API as an HttpClient (no
 * sockets), servable on 127.0.0.1 with `serve(emulator.client)`. It routes on the request path (and,
 * for the signed cloud API, on the service named in the signature scope), so any base URL works.
 */
import type { HttpClient } from '../http'

export interface StoredObject {
  /** collection or kind, e.g. `folders`, `dns_zones`, `apigateway:Service` */
  readonly kind: string
  readonly id: string
  /** the object as the platform would return it */
  readonly body: unknown
}

export interface Emulator {
  readonly platform: 'cost' | 'hosting' | 'cloud'
  readonly client: HttpClient
  /** every stored object, for tests that check for orphans and duplicates */
  readonly objects: () => ReadonlyArray<StoredObject>
  /** how many requests it has served, by `METHOD path` (or `service:Action`) */
  readonly requests: () => Readonly<Record<string, number>>
}
