/**
 * A separate process that takes a stack's lock and holds it until it is killed: the holder that
 * test/reliability/state-concurrency.test.ts kills to show a dead holder's lock is recovered.
 *
 *   node --import tsx test/reliability/state-lock-holder.ts file DIR STACK OWNER
 *   node --import tsx test/reliability/state-lock-holder.ts postgres URL SCHEMA STACK OWNER
 *
 * Prints `LOCKED <pid>` once it holds the lock (or `REFUSED <message>` and exits 1).
 */
import { fileStore } from '#trellis'
import { postgresStore } from '#trellis'

const [kind, ...args] = process.argv.slice(2)
const store =
  kind === 'file' ? fileStore({ dir: args[0] }) : postgresStore({ connectionString: args[0], schema: args[1] })
const [stack, owner] = kind === 'file' ? args.slice(1) : args.slice(2)
const r = await store.lock(stack, { owner, waitMs: 10_000 })()
if (r._tag === 'Left') {
  process.stdout.write(`REFUSED ${r.left.message}\n`)
  process.exit(1)
}
process.stdout.write(`LOCKED ${process.pid}\n`)
setInterval(() => undefined, 60_000)
