import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { isRight } from 'fp-ts/Either'
import { costEmulator } from '#trellis/clients'
import type { HttpRequest } from '#trellis/clients'

const get = (path: string, headers: Record<string, string> = { authorization: 'Bearer t' }): HttpRequest => ({
  method: 'GET',
  url: `http://127.0.0.1:1${path}`,
  headers,
})
const send = async (emu: ReturnType<typeof costEmulator>, req: HttpRequest) => {
  const r = await emu.client(req)()
  if (!isRight(r)) throw new Error('transport failed')
  return { ...r.right, json: r.right.body ? JSON.parse(r.right.body) : undefined }
}

test('without a bearer token: 401 with an empty object', async () => {
  const emu = costEmulator()
  const r = await send(emu, get('/v2/workspaces', {}))
  assert.equal([r.status, r.json], [401, {}])
  assert.is((await send(emu, get('/v2/workspaces', { authorization: 'Token t' }))).status, 401)
  assert.is(
    (await send(costEmulator({ token: 'right' }), get('/v2/workspaces', { authorization: 'Bearer wrong' }))).status,
    401,
  )
})

test('rate-limit headers on every response; 429 with errors beyond the budget', async () => {
  const emu = costEmulator({ rateLimit: { limit: 2, windowMs: 60_000 }, now: () => new Date('2024-07-15T12:00:00Z') })
  const a = await send(emu, get('/v2/workspaces'))
  assert.equal([a.headers['x-rate-limit-limit'], a.headers['x-rate-limit-remaining']], ['2', '1'])
  assert.is(a.headers['x-rate-limit-reset'], String(Date.parse('2024-07-15T12:01:00Z') / 1000))
  const nf = await send(emu, get('/v2/folders/fldr_nope'))
  assert.equal([nf.status, nf.headers['x-rate-limit-remaining']], [404, '0'])
  assert.ok(Array.isArray(nf.json.errors))
  const c = await send(emu, get('/v2/workspaces'))
  assert.is(c.status, 429)
  assert.equal(c.json, { errors: ['Rate limit exceeded. Please retry after the reset time.'] })
  assert.is(c.headers['x-rate-limit-remaining'], '0')
})

test('paging: default page size, limit honoured up to the maximum, links.next absolute', async () => {
  const emu = costEmulator({
    pageSize: 3,
    fixtures: { teams: Array.from({ length: 7 }, (_, i) => ({ token: `team_${i}` })) },
  })
  const p1 = await send(emu, get('/v2/teams'))
  assert.is(p1.json.teams.length, 3)
  assert.is(p1.json.links.next, 'http://127.0.0.1:1/v2/teams?page=2')
  const p3 = await send(emu, get('/v2/teams?page=3'))
  assert.equal([p3.json.teams.length, p3.json.links.next], [1, null])
  const all = await send(emu, get('/v2/teams?limit=1000'))
  assert.equal([all.json.teams.length, all.json.links.next], [7, null])
})

test('creates get prefixed tokens; validation answers 400 with errors; unknown keys refused', async () => {
  const emu = costEmulator()
  const post = (path: string, body: unknown) =>
    send(emu, {
      method: 'POST',
      url: `https://api.vantage.sh${path}`,
      headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  const f = await post('/v2/folders', { title: 'F' })
  assert.is(f.status, 201)
  assert.match(f.json.token, /^fldr_/)
  const bad = await post('/v2/cost_alerts', { title: 'A' })
  assert.is(bad.status, 400)
  assert.ok(bad.json.errors.includes('interval is required'))
  const unknown = await post('/v2/folders', { title: 'F', colour: 'red' })
  assert.equal([unknown.status, unknown.json], [400, { errors: ['Unknown parameter: colour'] }])
  const cp = await post('/v2/integrations/custom_provider', { name: 'Snow' })
  assert.match(cp.json.token, /^accss_crdntl_/)
  const k = await post('/v2/kubernetes_efficiency_reports', {
    title: 'K',
    workspace_token: 'wrkspc_default',
    groupings: ['cluster_id', 'namespace'],
  })
  assert.equal(
    [k.json.groupings, k.json.date_interval, k.json.start_date],
    ['cluster_id,namespace', 'this_month', '2024-07-01'],
  )
})

test.run()
