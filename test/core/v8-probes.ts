/**
 * V8's own probes of an object's layout, for the objects module's guard tests and the spec
 * layout test: the runtime functions behind `%HaveSameMap` and `%HasFastProperties`.
 */
import { setFlagsFromString } from 'node:v8'

setFlagsFromString('--allow-natives-syntax')

/** do `a` and `b` have one hidden layout (V8's map)? */
// eslint-disable-next-line @typescript-eslint/no-implied-eval -- V8's own probe, only in tests
export const sameShape = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (a: object, b: object) => boolean

/** is `o` kept in fast mode (not a hash table)? */
// eslint-disable-next-line @typescript-eslint/no-implied-eval -- as above
export const fastProperties = new Function('o', 'return %HasFastProperties(o)') as (o: object) => boolean
