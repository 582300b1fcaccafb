/**
 * Collection: how one cost collection (`/v2/<name>`) is made, changed, shown and listed. The route
 * table's generic handlers (collections.ts) serve every collection through its entry.
 */
import type { Obj } from './reply'

export interface Collection {
  /** token prefix */
  readonly prefix: string
  /** the body fields update accepts (and create, with createOnly); checked before create and update */
  readonly fields?: ReadonlyArray<string>
  /** fields create accepts besides `fields` */
  readonly createOnly?: ReadonlyArray<string>
  readonly create?: (body: Obj, token: string, now: Date) => Obj
  readonly update?: (obj: Obj, body: Obj, now: Date) => Obj
  readonly deletable?: boolean
  /** false: the list has no paging parameters and no `links` */
  readonly paged?: boolean
  /** the object as a GET returns it (e.g. performance only on request) */
  readonly view?: (obj: Obj, query: URLSearchParams) => Obj
  readonly filter?: (obj: Obj, query: URLSearchParams) => boolean
}

export type Collections = Readonly<Record<string, Collection>>
