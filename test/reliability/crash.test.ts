/**
 * Crash safety: apply runs in a child process (test/reliability/fixtures/crash-child.ts) against
 * emulators served by this process, and is killed with SIGKILL at seeded random points — before a
 * request leaves, after its answer arrived, around journal appends and snapshot writes (the child
 * blocks at each point until told to go on, so the kill lands exactly there), and at random times.
 * After each kill: the state file is whole and reads back, a new apply converges, the emulators
 * hold exactly what state records, every object the killed run made is the one state now holds
 * (adopted, not made again), and a refreshed plan is clean.
 *
 * The stack here uses the types whose interrupted creates can be reconciled today (they can be
 * listed, and a new object shows in the list at once); crash.pending.ts runs every type.
 */
import { test } from 'uvu'
import { crashSuite, RECONCILABLE } from './fixtures/crash-run'

test('SIGKILL at 20 seeded points of an apply: state never torn, the next apply converges and adopts what the killed run made', async () => {
  await crashSuite('crash', RECONCILABLE)
})

test.run()
