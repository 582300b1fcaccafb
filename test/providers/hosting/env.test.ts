import { test } from 'uvu'
import * as assert from 'uvu/assert'
import * as E from 'fp-ts/Either'
import { inspect } from 'node:util'
import { validateValue } from '#trellis/engine'
import { secret, isSecret } from '#trellis'
import { acmeId, setup, siteId } from './harness'
import { hostingProvider } from '#trellis/engine'
const { EnvironmentVariable } = hostingProvider.resources

const findings = (inputs: any, config = {}, prior?: any) =>
  EnvironmentVariable.rules
    .flatMap((r) => (r.when === 'plan' && !prior ? [] : r.check(inputs, { config, now: new Date(), prior })))
    .map((f) => f.path)

test('EnvironmentVariable: context is one of the seven and branch needs contextParameter', () => {
  assert.equal(
    validateValue(EnvironmentVariable.inputs, { key: 'K', values: [{ context: 'staging', value: 'x' }] }).map(
      (f) => f.path,
    ),
    ['values.0.context'],
  )
  assert.equal(findings({ key: 'K', teamId: 't', values: [{ context: 'branch', value: 'x' }] }), [
    'values.0.contextParameter',
  ])
  assert.equal(
    findings({ key: 'K', teamId: 't', values: [{ context: 'branch', contextParameter: 'staging', value: 'x' }] }),
    [],
  )
})

test('EnvironmentVariable: teamId is needed only without a default team', () => {
  assert.equal(findings({ key: 'K', values: [{ context: 'all', value: 'x' }] }), ['teamId'])
  assert.equal(findings({ key: 'K', values: [{ context: 'all', value: 'x' }] }, { defaultTeamId: 'abc' }), [])
})

test('EnvironmentVariable: a secret without scopes gets all four (as upstream); specific scopes exclude post-processing', () => {
  const s = [{ context: 'production', value: secret('x') }]
  assert.equal(findings({ key: 'K', teamId: 't', secretValues: s }), [])
  assert.equal(findings({ key: 'K', teamId: 't', secretValues: s, scopes: ['builds', 'post-processing'] }), ['scopes'])
  assert.equal(findings({ key: 'K', teamId: 't', secretValues: s, scopes: ['builds', 'runtime'] }), [])
})

test('EnvironmentVariable: a secret variable cannot become plain (plan rule)', () => {
  const prior = { inputs: { key: 'K', secretValues: [] }, outputs: {}, changedAt: {} }
  assert.equal(findings({ key: 'K', teamId: 't', values: [{ context: 'all', value: 'x' }] }, {}, prior), ['values'])
})

test('EnvironmentVariable: import ids, team-level and site-level', () => {
  assert.equal(
    EnvironmentVariable.identity.parseImportId('team1:API_URL'),
    E.right({ id: 'team1:API_URL', inputs: { teamId: 'team1', key: 'API_URL' } }),
  )
  assert.equal(
    EnvironmentVariable.identity.parseImportId('team1:site9:API_URL'),
    E.right({ id: 'team1:site9:API_URL', inputs: { teamId: 'team1', siteId: 'site9', key: 'API_URL' } }),
  )
  assert.equal(
    ['API_URL', 'team1:', 'team1::API_URL', 'a:b:c:d'].map((bad) => EnvironmentVariable.identity.parseImportId(bad)),
    [
      E.left('has 1 part separated by ":", not 2 or 3'),
      E.left('has an empty part'),
      E.left('has an empty part'),
      E.left('has 4 parts separated by ":", not 2 or 3'),
    ],
  )
  assert.is(EnvironmentVariable.identity.importFormat, '<team_id>:<key> or <team_id>:<site_id>:<key>')
})

test('EnvironmentVariable: values and scopes compare as sets', () => {
  const eq = EnvironmentVariable.equals!
  assert.ok(eq.scopes!(['runtime', 'builds'], ['builds', 'runtime']))
  assert.ok(
    eq.values!(
      [
        { context: 'all', value: 'a' },
        { context: 'production', value: 'b' },
      ],
      [
        { context: 'production', value: 'b' },
        { context: 'all', value: 'a' },
      ],
    ),
  )
  assert.not.ok(eq.values!([{ context: 'all', value: 'a' }], [{ context: 'all', value: 'b' }]))
})

test('EnvironmentVariable: team-level round trip; all four scopes are not sent; post_processing reads as post-processing', async () => {
  const h = setup()
  const team = await acmeId(h)
  const inputs = {
    key: 'API_URL',
    teamId: team,
    values: [
      { context: 'production' as const, value: 'https://api' },
      { context: 'branch' as const, contextParameter: 'staging', value: 'https://staging' },
    ],
  }
  const req = EnvironmentVariable.wire.create(inputs, { config: {} })
  assert.ok(req._tag === 'Rest' && Array.isArray(req.body) && !('scopes' in req.body[0]))
  const created = await h.create(EnvironmentVariable, inputs)
  assert.is(created.id, `${team}:API_URL`)
  assert.equal(created.outputs.scopes, ['builds', 'functions', 'runtime', 'post-processing'])
  assert.equal(created.inputs.values, inputs.values)
  const read = await h.read(EnvironmentVariable, created.id, { key: 'API_URL', teamId: team })
  assert.equal(read.inputs.values, inputs.values)
  const changed = {
    ...inputs,
    scopes: ['builds' as const, 'runtime' as const],
    values: [{ context: 'all' as const, value: 'one' }],
  }
  const updated = await h.update(EnvironmentVariable, created.id, changed, inputs)
  assert.equal(updated.inputs.scopes, ['builds', 'runtime'])
  assert.equal(updated.inputs.values, [{ context: 'all', value: 'one' }])
  await h.del(EnvironmentVariable, created.id, changed)
  const gone = await h.readE(EnvironmentVariable, created.id, changed)
  assert.ok(E.isLeft(gone) && gone.left.kind === 'NotFound')
})

test('EnvironmentVariable: site-level secret is never read back, printed or returned in plain text', async () => {
  const h = setup({}, { defaultTeamSlug: 'acme' })
  const team = await acmeId(h)
  h.config.defaultTeamId = team
  const site = await siteId(h)
  const PLAIN = 'sk_live_very_secret_value'
  const inputs = {
    key: 'STRIPE_KEY',
    siteId: site,
    scopes: ['builds' as const, 'functions' as const, 'runtime' as const],
    secretValues: [{ context: 'production' as const, value: secret(PLAIN) }],
  }
  const created = await h.create(EnvironmentVariable, inputs)
  assert.is(created.id, `${team}:${site}:STRIPE_KEY`)
  // the platform never returns the value: decode keeps what was sent, still wrapped
  const v = created.inputs.secretValues![0].value
  assert.ok(isSecret(v))
  const raw = await h.call({
    _tag: 'Rest',
    method: 'GET',
    path: `/api/v1/accounts/${team}/env/STRIPE_KEY`,
    query: { site_id: site },
  })
  assert.not.ok(JSON.stringify(raw).includes(PLAIN))
  for (const shown of [
    JSON.stringify(created),
    inspect(created, { depth: 10 }),
    // eslint-disable-next-line @typescript-eslint/no-base-to-string -- a secret's own toString is what is checked
    String(created.inputs.secretValues![0].value),
    JSON.stringify(EnvironmentVariable.wire.create(inputs, { config: h.config })),
  ])
    assert.not.ok(shown.includes(PLAIN), shown)
  // imported: nothing to keep, so no secret values at all
  const imported = await h.read(EnvironmentVariable, created.id, {
    key: 'STRIPE_KEY',
    siteId: site,
    teamId: team,
  })
  assert.is(imported.inputs.secretValues, undefined)
  assert.is(imported.inputs.values, undefined)
  // a secret without scopes is created with the default of all four (none are sent)
  const defaulted = await h.create(EnvironmentVariable, { ...inputs, key: 'OTHER', scopes: undefined })
  assert.equal(defaulted.outputs.scopes, ['builds', 'functions', 'runtime', 'post-processing'])
  // the platform refuses post-processing named among specific scopes (our rule says so before it gets there)
  const refused = await h.send(
    EnvironmentVariable.wire.create(
      { ...inputs, key: 'THIRD', scopes: ['builds', 'post-processing'] },
      {
        config: h.config,
      },
    ),
  )
  assert.ok(E.isLeft(refused) && refused.left.kind === 'Invalid' && !refused.left.message.includes(PLAIN))
})

test('EnvironmentVariable: creating an existing key is a conflict', async () => {
  const h = setup()
  const team = await acmeId(h)
  const inputs = { key: 'DUP', teamId: team, values: [{ context: 'all' as const, value: 'x' }] }
  await h.create(EnvironmentVariable, inputs)
  const again = await h.send(EnvironmentVariable.wire.create(inputs, { config: {} }))
  assert.ok(E.isLeft(again) && again.left.kind === 'Conflict')
})

test.run()
