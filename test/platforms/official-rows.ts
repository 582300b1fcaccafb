/**
 * The run both official-client suites make: every resource type of one provider in the
 * every-resource table created, changed, refreshed and destroyed by the real interpreter, its
 * requests going through a transport the suite gives (the official client's methods), each step
 * asserted to succeed.
 */
import * as assert from 'uvu/assert'
import * as E from 'fp-ts/Either'
import { registry } from '#trellis'
import { apply, destroy, plan, formatEngineError, type EngineError } from '#trellis/engine'
import { httpHandler } from '#trellis/engine'
import { memoryStore } from '#trellis'
import { DEFAULT_CONCURRENCY, type Env } from '#trellis/engine'
import { platformClients } from '#trellis/clients'
import type { HttpClient } from '#trellis/clients'
import { withEmulatorCredentials } from '../../clients/emulators/local-platforms'
import { ROWS } from '../interpreter/every-resource-rows'

export const driveRows = async (provider: 'cost' | 'hosting' | 'cloud', http: HttpClient): Promise<void> => {
  const env = (): Env => ({
    registry,
    handler: httpHandler({
      clients: (prov, c) =>
        platformClients({ http, sleep: async () => undefined })(prov, withEmulatorCredentials(prov, c)),
    }),
    store: memoryStore(),
    events: () => undefined,
    concurrency: DEFAULT_CONCURRENCY,
    now: () => new Date(),
  })
  for (const row of ROWS.filter((r) => r.token.startsWith(`${provider}:`))) {
    const e = env()
    const steps: ReadonlyArray<readonly [string, () => Promise<E.Either<EngineError, unknown>>]> = [
      ['apply', () => apply(row.before)(e)()],
      ['apply the change', () => apply(row.after)(e)()],
      ['plan --refresh', () => plan(row.after, { refresh: true })(e)()],
      ['destroy', () => destroy(row.after)(e)()],
    ]
    for (const [what, step] of steps) {
      const r = await step()
      assert.ok(E.isRight(r), `${row.token} ${what}: ${E.isLeft(r) ? formatEngineError(r.left) : ''}`)
    }
  }
}
