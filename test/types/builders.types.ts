/**
 * Compile-only type tests: each @ts-expect-error line must be a type error, or `tsc` fails.
 */
import { demo } from '../fixtures/demo-builders'
import { stack } from '#trellis'
import * as cloud from '#trellis/cloud'

const shelf = demo.shelf('a', { title: 'A' })
demo.book('b').shelfToken(shelf.out.token).title('t')
demo.shelf('ok').colour('blue')

// @ts-expect-error unknown field
demo.shelf('x', { title: 'A', size: 3 })
// @ts-expect-error unknown setter
demo.shelf('x').size(3)
// @ts-expect-error wrong enum value
demo.shelf('x').colour('green')
// @ts-expect-error wrong type
demo.shelf('x').title(3)
// @ts-expect-error ref to an undeclared output
demo.book('b').shelfToken(shelf.out.nope)
// @ts-expect-error a ref of the wrong type
demo.book('b').title(demo.getLibrary('l').out.rooms)
// @ts-expect-error lookups: unknown arg
demo.getLibrary('l', { town: 'x' })

stack('s').add(shelf)

// required inputs: add() takes a builder once every one is set, by setter, initial object or set()
stack('s').add(demo.book('b').title('T').shelfToken(shelf.out.token))
stack('s').add(demo.book('b', { title: 'T', shelfToken: 'x' }))
stack('s').add(demo.book('b', { title: 'T' }).set({ shelfToken: 'x' }), shelf, demo.getLibrary('l'))
const partial = demo.book('b').title('T')
stack('s').add(partial.shelfToken('x'))
// @ts-expect-error a required input (shelfToken) is not set
stack('s').add(partial)
// @ts-expect-error nothing set: shelfToken and title missing
stack('s').add(shelf, demo.book('b'))
// @ts-expect-error set() does not take unknown fields
demo.book('b').set({ size: 3 })

// a ref may be given to an optional field nested in a list item
cloud
  .apiGatewayApi('a')
  .requestParameters([
    { name: 'p', position: 'QUERY', type: 'string', desc: shelf.out.title, defaultValue: shelf.out.token },
  ])
export {}
