/**
 * Which discovered object holds an id: each object's remote id and every id-like output field
 * (`token`, `id`, `apiGatewayServiceId`), so a field of another object that holds the same value
 * becomes a ref to that output (records → their zone, reports → their folder, APIs → their service).
 */
import type { DiscoveredObject } from '../discover/discovered'

/** An object's output that holds an id: the object's index and the output field. */
export interface IdHolder {
  readonly index: number
  readonly field: string
}

const ID_LIKE = /(^id$|^token$|Id$|Token$)/

/** id value → where it is held; an id two objects hold alike is left out (no ref can be sure). */
export const idIndex = (objects: ReadonlyArray<DiscoveredObject>): ReadonlyMap<string, IdHolder> => {
  const seen = new Map<string, IdHolder | null>()
  const put = (v: string, h: IdHolder): void => {
    const had = seen.get(v)
    if (had === undefined) seen.set(v, h)
    else if (had !== null && had.index !== h.index) seen.set(v, null)
  }
  objects.forEach((o, index) => {
    const fields = Object.entries(o.outputs).filter(([k, v]) => ID_LIKE.test(k) && typeof v === 'string' && v !== '')
    // the output holding the remote id first: it is the one a ref should name
    fields.sort(([, a], [, b]) => (a === o.id ? 0 : 1) - (b === o.id ? 0 : 1))
    const [first] = fields
    if (first && first[1] === o.id) put(o.id, { index, field: first[0] })
    // every builder has `.out.id`, the remote id, when no named output holds it
    else put(o.id, { index, field: 'id' })
    for (const [field, v] of fields) put(v as string, { index, field })
  })
  const out = new Map<string, IdHolder>()
  for (const [k, v] of seen) if (v) out.set(k, v)
  return out
}
