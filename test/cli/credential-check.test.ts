/**
 * Credentials before the plan, as users run the CLI: a wrong HOST_API_TOKEN stops `plan` with exit 3
 * naming the variable, and the platform is sent nothing but the credential check; the right token
 * plans as before.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { join } from 'node:path'
import { hostingEmulator } from '#trellis/clients'
import { serve, type Served } from '../../clients/serve'
import { ROOT, run, tempDir } from './harness'

const test = suite('cli: credentials checked before the plan')
const SITE = join(ROOT, 'test/cli/fixtures/site.ts')
const emu = hostingEmulator({ token: 'the-right-token' })
let served: Served
test.before(async () => {
  served = await serve(emu.client)
})
test.after(() => served.close())

const sent = (): Readonly<Record<string, number>> => emu.requests()

test('a wrong HOST_API_TOKEN: plan exits 3 naming HOST_API_TOKEN, only the check was sent', async () => {
  const r = await run(['plan', SITE, '--state-dir', tempDir()], {
    HOST_API_ENDPOINT: served.url,
    HOST_API_TOKEN: 'a-wrong-token',
  })
  assert.is(r.code, 3, r.err)
  assert.match(
    r.err,
    /provider hosting: the hosting platform refused the credential \(HTTP 401 to GET \/api\/v1\/accounts\)/,
  )
  assert.match(r.err, /check token \(HOST_API_TOKEN\)/)
  assert.not.match(r.out, /Plan for stack/)
  assert.not.ok((r.out + r.err).includes('a-wrong-token'), 'the token is not printed')
  assert.equal(sent(), { 'GET /api/v1/accounts': 1 })
})

test('the right HOST_API_TOKEN: the check passes and the plan is shown', async () => {
  const r = await run(['plan', SITE, '--state-dir', tempDir()], {
    HOST_API_ENDPOINT: served.url,
    HOST_API_TOKEN: 'the-right-token',
  })
  assert.is(r.code, 0, r.err)
  assert.match(r.out, /\+ hosting:DnsZone "zone" will be created/)
  assert.is(sent()['GET /api/v1/accounts'], 2, 'one more check, nothing else needed for a fresh plan')
})

test.run()
