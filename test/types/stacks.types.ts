/**
 * Compile-only type tests for cross-stack refs: each @ts-expect-error line must be a type error,
 * or `tsc` fails.
 */
import * as t from 'io-ts'
import type { Ref } from '#trellis'
import { stack } from '#trellis'
import { stackOutputs } from '#trellis'
import { demo } from '../fixtures/demo-builders'

const shelf = demo.shelf('a', { title: 'A' })
const network = stack('network').add(shelf).export('zoneId', shelf.out.token).export('count', 3)

// the export's type follows its value: a ref's value type, else the value's own
const zone: Ref<string> = network.output('zoneId')
const count: Ref<number> = network.output('count')
demo.book('b').title('T').shelfToken(network.output('zoneId'))

// @ts-expect-error a misspelt output name
network.output('zoneIdd')
// @ts-expect-error an output of the wrong type where a string is wanted
demo.book('b').title(network.output('count'))
// @ts-expect-error a stack that exports nothing has no outputs to read
stack('empty').output('zoneId')

// a stack only in the store: typed by the codecs given
const prod = stackOutputs('network-prod', { zoneId: t.string, ttl: t.number })
const prodZone: Ref<string> = prod.output('zoneId')
// @ts-expect-error not among the codecs given
prod.output('zone')
// @ts-expect-error a number where a string is wanted
demo.book('c').title(prod.output('ttl'))

export { zone, count, prodZone }
