import { test } from 'uvu'
import * as assert from 'uvu/assert'
import * as E from 'fp-ts/Either'
import { HostingConfig, hostingBridge, oneDefaultTeam, DEFAULT_HOSTING_ENDPOINT } from '#src/providers/hosting/config'
import { hostingProvider } from '#trellis/engine'
import { configFromEnv } from '#trellis/engine'
import { isSecret, reveal, secret } from '#trellis'
import { acmeId, setup } from './harness'

// the provider's configuration with HOST_API_TOKEN / HOST_API_ENDPOINT as fallbacks, as `hosting.fromEnv` reads it
const fromEnv = (env: Readonly<Record<string, string | undefined>>, explicit?: Readonly<Record<string, unknown>>) =>
  configFromEnv(hostingProvider, env, explicit)

test('HostingConfig: endpoint defaults to the public API origin and gains a scheme when it has none', () => {
  const d = HostingConfig.decode({})
  assert.ok(E.isRight(d) && d.right.endpoint === DEFAULT_HOSTING_ENDPOINT)
  const bare = HostingConfig.decode({ endpoint: 'api.example.test/' })
  assert.ok(E.isRight(bare) && bare.right.endpoint === 'https://api.example.test')
  assert.ok(E.isLeft(HostingConfig.decode({ endpoint: 'has space' })))
})

test('HostingConfig: token is a secret; env fallbacks HOST_API_TOKEN and HOST_API_ENDPOINT; explicit wins', () => {
  const raw = fromEnv({ HOST_API_TOKEN: 'tok-123', HOST_API_ENDPOINT: 'http://127.0.0.1:9' })
  assert.ok(isSecret(raw.token) && reveal(raw.token as never) === 'tok-123')
  assert.is(raw.endpoint, 'http://127.0.0.1:9')
  assert.is(fromEnv({ HOST_API_ENDPOINT: 'x' }, { endpoint: 'y' }).endpoint, 'y')
  const d = HostingConfig.decode({ token: 'plain' })
  assert.ok(E.isRight(d) && isSecret(d.right.token))
  assert.not.ok(JSON.stringify(d).includes('plain'))
})

test('config rule: defaultTeamId and defaultTeamSlug together is an error', () => {
  assert.equal(
    oneDefaultTeam({ endpoint: 'e', defaultTeamId: 'a', defaultTeamSlug: 'b' }).map((f) => f.path),
    ['defaultTeamSlug'],
  )
  assert.equal(oneDefaultTeam({ endpoint: 'e', defaultTeamId: 'a' }), [])
  assert.is(hostingProvider.rules.length, 1)
})

test('bridge: snake_case keys, token still a secret', () => {
  const b = hostingBridge({ endpoint: 'https://api.netlify.com', token: secret('t0k'), defaultTeamSlug: 'acme' })
  assert.equal(Object.keys(b), ['token', 'endpoint', 'default_team_id', 'default_team_slug'])
  assert.ok(isSecret(b.token))
  assert.not.ok(JSON.stringify(b).includes('t0k'))
})

test('resolve: a default slug fills in the id, a default id fills in the slug, unknown teams are clear errors', async () => {
  const h = setup()
  const id = await acmeId(h)
  const bySlug = await hostingProvider.resolve!({ endpoint: 'e', defaultTeamSlug: 'acme' }, h.client)()
  assert.equal(bySlug, E.right({ endpoint: 'e', defaultTeamSlug: 'acme', defaultTeamId: id }))
  const byId = await hostingProvider.resolve!({ endpoint: 'e', defaultTeamId: id }, h.client)()
  assert.equal(byId, E.right({ endpoint: 'e', defaultTeamId: id, defaultTeamSlug: 'acme' }))
  const noSlug = await hostingProvider.resolve!({ endpoint: 'e', defaultTeamSlug: 'ghost' }, h.client)()
  assert.equal(
    noSlug,
    E.left('hosting provider: defaultTeamSlug "ghost" is not among the 1 team(s) this token can see'),
  )
  const noId = await hostingProvider.resolve!({ endpoint: 'e', defaultTeamId: 'ffff' }, h.client)()
  assert.equal(noId, E.left('hosting provider: defaultTeamId "ffff" is not a team this token can see'))
  const none = await hostingProvider.resolve!({ endpoint: 'e' }, h.client)()
  assert.equal(none, E.right({ endpoint: 'e' }))
  assert.is(h.emu.requests()[`GET /api/v1/accounts/${id}`], 1)
})

test.run()
