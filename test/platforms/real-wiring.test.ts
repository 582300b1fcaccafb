/**
 * Every platform reachable by the real wiring: the emulators served on 127.0.0.1, and the
 * providers' own documented settings pointing the ordinary real handler (fetch transport,
 * retries, rate budgets, TC3 signing) at them: cost `host`, hosting `endpoint`, and the cloud's
 * `domain` + `protocol: 'HTTP'` (`<service>.localhost:<port>`, which the transport sends to
 * loopback). Nothing here names an emulator client: the production code path is what runs.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import * as E from 'fp-ts/Either'
import quickstart from '../../examples/quickstart'
import { stack } from '#trellis'
import { secret } from '#trellis'
import { registry } from '#trellis'
import { apply, destroy, plan } from '#trellis/engine'
import { hasChanges } from '#trellis'
import { memoryStore } from '#trellis'
import { DEFAULT_CONCURRENCY, type Env } from '#trellis/engine'
import { realHandler } from '#trellis/engine'
import * as cost from '#trellis/cost'
import * as hosting from '#trellis/hosting'
import * as cloud from '#trellis/cloud'
import { emulators } from '#trellis/clients'
import { serveEmulators } from '#trellis/clients'
import { EMULATOR_SECRET_ID, EMULATOR_SECRET_KEY } from '../../clients/emulators/cloud'

const test = suite('real wiring on loopback')

test('apply, plan and destroy the quickstart through the real handler, configured by host, endpoint and domain + protocol', async () => {
  const set = emulators()
  const served = await serveEmulators(set)
  try {
    const cloudPort = new URL(served.endpoints.cloud).port
    const wired = stack('wired', {
      providers: {
        cost: cost.provider({ apiToken: secret('emulator-token'), host: served.endpoints.cost }),
        hosting: hosting.provider({ token: secret('emulator-token'), endpoint: served.endpoints.hosting }),
        cloud: cloud.provider({
          secretId: EMULATOR_SECRET_ID,
          secretKey: secret(EMULATOR_SECRET_KEY),
          region: 'ap-guangzhou',
          domain: `localhost:${cloudPort}`,
          protocol: 'HTTP',
        }),
      },
    }).add(...quickstart.nodes)
    const env: Env = {
      registry,
      handler: realHandler({ env: {} }),
      store: memoryStore(),
      events: () => undefined,
      concurrency: DEFAULT_CONCURRENCY,
      now: () => new Date(),
    }
    const a = await apply(wired)(env)()
    assert.ok(E.isRight(a), E.isLeft(a) ? JSON.stringify(a.left).slice(0, 600) : '')
    assert.is(set.cost.objects().filter((o) => o.kind === 'folders').length, 1)
    assert.is(set.hosting.objects().filter((o) => o.kind === 'dns_zones').length, 1)
    assert.is(set.cloud.objects().filter((o) => o.kind === 'apigateway:Service').length, 1)
    // the cloud was reached by its service host name, signed for it
    assert.ok((set.cloud.requests()['apigateway:CreateService'] ?? 0) >= 1)

    const again = await plan(wired, { refresh: true })(env)()
    assert.ok(E.isRight(again) && !hasChanges(again.right.plan), 'no changes after a refresh')
    const gone = await destroy(wired)(env)()
    assert.ok(E.isRight(gone), E.isLeft(gone) ? JSON.stringify(gone.left).slice(0, 600) : '')
    assert.is(set.cost.objects().filter((o) => o.kind === 'folders').length, 0)
    assert.is(set.cloud.objects().filter((o) => o.kind === 'apigateway:Service').length, 0)
  } finally {
    await served.close()
  }
})

test('each served platform’s root says what it is and which paths it serves', async () => {
  const served = await serveEmulators(emulators())
  try {
    for (const [p, url] of Object.entries(served.endpoints)) {
      const r = await fetch(`${url}/`)
      const body = (await r.json()) as { platform: string; emulator: string; serves: string[] }
      assert.is(body.platform, p)
      assert.match(body.emulator, /trellis emulator/)
      assert.ok(body.serves.length > 3, `${p} lists what it serves`)
    }
  } finally {
    await served.close()
  }
})

test.run()
