/**
 * Compile-only type tests: each @ts-expect-error line must be a type error, or `tsc` fails.
 */
import { demo } from '../fixtures/demo-builders'
import { stack } from '../../src/core/stack'

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
export {}
