/**
 * A separate process that applies a stack declaring team `team-1`'s firewall rules (mock
 * interpreter), for test/state/owners-across-stacks.test.ts: two of these at once, on one store.
 *
 *   node --import tsx test/state/owners-apply-child.ts file DIR STACK
 *   node --import tsx test/state/owners-apply-child.ts postgres URL SCHEMA STACK
 *
 * Prints `READY` once loaded, waits for a line on stdin, applies, then prints `DONE` or
 * `REFUSED <message>` (and closes the store).
 */
import { createInterface } from 'node:readline'
import { fileStore, postgresStore, stack } from '#trellis'
import { apply, formatEngineError } from '#trellis/engine'
import { mockEnv } from '#trellis/testing'
import * as hosting from '#trellis/hosting'

const [kind, ...args] = process.argv.slice(2)
const store =
  kind === 'file' ? fileStore({ dir: args[0] }) : postgresStore({ connectionString: args[0], schema: args[1] })
const name = kind === 'file' ? args[1] : args[2]
const program = stack(name).add(
  hosting.teamFirewallTrafficRules(`rules-of-${name}`, {
    teamId: 'team-1',
    published: { defaultAction: 'allow' },
    unpublished: { defaultAction: 'deny' },
  }),
)
process.stdout.write('READY\n')
await new Promise<void>((go) => createInterface({ input: process.stdin }).once('line', () => go()))
const r = await apply(program)({ ...mockEnv(), store, lockWaitMs: 10_000 })()
process.stdout.write(r._tag === 'Right' ? 'DONE\n' : `REFUSED ${formatEngineError(r.left)}\n`)
if ('close' in store) await store.close()
process.exit(0)
