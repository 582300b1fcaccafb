import { test } from 'uvu'
import * as assert from 'uvu/assert'
import * as E from 'fp-ts/Either'
import { inspect } from 'node:util'
import { LogDrain } from '#src/providers/hosting/log-drain'
import { validateValue } from '#trellis/engine'
import { secret, isSecret, reveal } from '#trellis'
import { formatIssue } from '#trellis'
import { stack } from '#trellis'
import * as hosting from '#trellis/hosting'
import { compile } from '#trellis/engine'
import { setup, siteId } from './harness'

const findings = (inputs: any) => LogDrain.rules.flatMap((r) => r.check(inputs, { config: {}, now: new Date() }))

test('LogDrain: destination is one of the eight and log types one of the five', () => {
  assert.equal(validateValue(LogDrain.inputs, { siteId: 's', destination: 'splunkcloud', logTypes: ['waf_logs'] }), [])
  assert.equal(
    validateValue(LogDrain.inputs, { siteId: 's', destination: 'loki', logTypes: ['waf'] }).map((f) => f.path),
    ['destination', 'logTypes.0'],
  )
})

test('LogDrain: per-destination service config, and the platform-needed fields', () => {
  assert.equal(
    findings({ siteId: 's', destination: 'http', logTypes: ['deploys'] }).map((f) => f.path),
    ['serviceConfig.url'],
  )
  assert.equal(
    findings({
      siteId: 's',
      destination: 'newrelic',
      logTypes: ['deploys'],
      serviceConfig: { url: secret('https://x') },
    }).map((f) => f.path),
    ['serviceConfig.tags'],
  )
  assert.equal(
    findings({}).map((f) => f.path),
    ['siteId', 'destination', 'logTypes'],
  )
})

test('LogDrain: a bad secret url is reported without its value', () => {
  const f = findings({
    siteId: 's',
    destination: 'http',
    logTypes: ['deploys'],
    serviceConfig: { url: secret('ftp://user:hunter2@example') },
  })
  assert.equal(
    f.map((x) => x.path),
    ['serviceConfig.url'],
  )
  // the issue a compile reports for it, as the user reads it
  const drain = hosting.logDrain('d', {
    siteId: 's',
    destination: 'http',
    logTypes: ['deploys'],
    serviceConfig: { url: secret('ftp://user:hunter2@example') },
  })
  const compiled = compile(stack('drains').add(drain))
  assert.ok(E.isLeft(compiled), 'the compile fails')
  const [found] = compiled.left.issues.filter((i) => i.path === 'serviceConfig.url')
  assert.ok(found, 'an issue on serviceConfig.url')
  const text = formatIssue(found)
  assert.ok(text.includes('hosting:LogDrain "d"'), text)
  assert.not.ok(text.includes('hunter2'), text)
  assert.ok(text.includes('[secret]'))
})

test('LogDrain: import id <site_id>:<log_drain_id>', () => {
  assert.equal(LogDrain.identity.parseImportId('site1:drain2'), E.right({ id: 'drain2', inputs: { siteId: 'site1' } }))
  assert.ok(E.isLeft(LogDrain.identity.parseImportId('drain2')))
  assert.ok(E.isLeft(LogDrain.identity.parseImportId('site1:')))
})

test('LogDrain: round trip; log_types travels as a JSON string; secrets never come back in plain text', async () => {
  const h = setup()
  const site = await siteId(h)
  const URL_ = 'https://logs.example.com/ingest?token=abc123secret'
  const AUTH = 'Bearer drain-secret-xyz'
  const inputs = {
    siteId: site,
    destination: 'http' as const,
    logTypes: ['user_traffic' as const, 'functions' as const],
    excludePii: true,
    serviceConfig: { url: secret(URL_), authorizationHeader: secret(AUTH), tags: {} },
  }
  const req = LogDrain.wire.create(inputs, { config: {} })
  assert.ok(req._tag === 'Rest' && typeof (req.body as any).log_types === 'string')
  assert.is((req.body as any).log_types, '["user_traffic","functions"]')
  const created = await h.create(LogDrain, inputs)
  // format json is the default: not reported unless asked for
  assert.is(created.inputs.format, undefined)
  assert.equal(created.inputs.logTypes, inputs.logTypes)
  assert.ok(isSecret(created.inputs.serviceConfig!.url))
  // imported: the platform echoes the url; it comes back wrapped
  const imported = await h.read(LogDrain, created.id, { siteId: site })
  assert.ok(isSecret(imported.inputs.serviceConfig!.url) && reveal(imported.inputs.serviceConfig!.url) === URL_)
  assert.ok(isSecret(imported.inputs.serviceConfig!.authorizationHeader))
  assert.is(imported.inputs.serviceConfig!.tags, undefined)
  assert.ok(LogDrain.equals!.serviceConfig!({ url: 'u', tags: {} }, { url: 'u' }))
  for (const shown of [
    JSON.stringify(created),
    JSON.stringify(imported),
    inspect(imported, { depth: 10 }),
    JSON.stringify(req),
  ]) {
    assert.not.ok(shown.includes('abc123secret'), shown)
    assert.not.ok(shown.includes('drain-secret-xyz'), shown)
  }
  const changed = { ...inputs, format: 'ndjson' as const, logTypes: ['deploys' as const] }
  const updated = await h.update(LogDrain, created.id, changed, inputs)
  assert.is(updated.inputs.format, 'ndjson')
  assert.equal(updated.inputs.logTypes, ['deploys'])
  await h.del(LogDrain, created.id, changed)
  const gone = await h.readE(LogDrain, created.id, changed)
  assert.ok(E.isLeft(gone) && gone.left.kind === 'NotFound')
})

test('LogDrain: the platform refuses an invalid URL with 422', async () => {
  const h = setup()
  const site = await siteId(h)
  const r = await h.send(
    LogDrain.wire.create(
      { siteId: site, destination: 'http', logTypes: ['deploys'], serviceConfig: { url: secret('not a url') } },
      { config: {} },
    ),
  )
  assert.ok(E.isLeft(r) && r.left.status === 422 && r.left.message === 'URL is invalid')
})

test.run()
