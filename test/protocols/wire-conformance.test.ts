/**
 * Wire conformance: every request the engine sends, checked against the operations the platforms
 * document. The tables in test/fixtures/wire-operations/ come from the official descriptions (the
 * npm packages of the Vantage client, Netlify's OpenAPI document and the cloud SDK; see the README
 * there). Every resource type runs through the real interpreter against its emulator — create,
 * re-plan, refresh, its update or replacement, import, adoption by importId, destroy — every
 * resource spec's lost-reply find (or list) and every lookup is sent once, and each HTTP request
 * must be an operation of the table: the method and path template for REST with only the query
 * parameters and top-level body fields the operation declares; the action and its parameters for
 * the signed API.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { isLeft, type Either } from 'fp-ts/Either'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { registry } from '#trellis'
import { apply, destroy, importResource, plan, refresh, formatEngineError } from '#trellis/engine'
import { resourceNode } from '#trellis/engine'
import { stack, type Stack } from '#trellis'
import { memoryStore } from '#trellis'
import type { PlatformClient } from '#trellis/engine'
import { ROWS } from '../interpreter/every-resource-rows'
import type { Recorded } from '../providers/recorder'
import { recordingPlatforms } from '../conformance-platforms'

// ── the tables ───────────────────────────────────────────────────────────────
interface RestOperation {
  readonly method: string
  readonly path: string
  readonly query: ReadonlyArray<string>
  readonly body: ReadonlyArray<string> | null
}
interface ActionOperation {
  readonly service: string
  readonly version: string
  readonly action: string
  readonly params: ReadonlyArray<string>
}
const fixture = <A>(file: string): A[] =>
  (
    JSON.parse(readFileSync(join(import.meta.dirname, '../fixtures/wire-operations', file), 'utf8')) as {
      operations: A[]
    }
  ).operations
/** the upstream tables win over the public ones for the same method and path template */
const withUpstream = (pub: RestOperation[], upstream: RestOperation[]): RestOperation[] => {
  const key = (o: RestOperation) => `${o.method} ${o.path.replace(/\{[^}]+\}/g, '{}')}`
  const over = new Set(upstream.map(key))
  return [...pub.filter((o) => !over.has(key(o))), ...upstream]
}
const REST: Record<'cost' | 'hosting', RestOperation[]> = {
  cost: withUpstream(fixture<RestOperation>('cost.json'), fixture<RestOperation>('cost-upstream.json')),
  hosting: withUpstream(fixture<RestOperation>('hosting.json'), fixture<RestOperation>('hosting-upstream.json')),
}
const ACTIONS = fixture<ActionOperation>('cloud.json')

// ── matching ─────────────────────────────────────────────────────────────────
const segments = (p: string) => p.split('/').filter((s) => s !== '')
/** the documented operation a REST request is, the most specific template first */
const restOperation = (table: ReadonlyArray<RestOperation>, method: string, path: string) => {
  const got = segments(path)
  const fits = table.filter((op) => {
    if (op.method !== method) return false
    const want = segments(op.path)
    return want.length === got.length && want.every((w, i) => /^\{.+\}$/.test(w) || w === decodeURIComponent(got[i]))
  })
  const literal = (op: RestOperation) => segments(op.path).filter((w) => !w.startsWith('{')).length
  return fits.sort((a, b) => literal(b) - literal(a))[0]
}

/** What is wrong with a request, or nothing. */
const problemsOf = (platform: 'cost' | 'hosting' | 'cloud', r: Recorded): string[] => {
  if (platform === 'cloud') {
    const op = ACTIONS.find((a) => a.service === r.service && a.version === r.version && a.action === r.action)
    if (!op) return [`${r.service}:${r.action} (${r.version}) is not an action of the SDK`]
    const params = Object.keys(r.body ?? {})
    return params.filter((p) => !op.params.includes(p)).map((p) => `${r.service}:${r.action} takes no parameter ${p}`)
  }
  const url = new URL(r.url)
  const op = restOperation(REST[platform], r.method, url.pathname)
  const what = `${r.method} ${url.pathname}`
  if (!op) return [`${what} is not a documented operation`]
  const out = [...new Set(url.searchParams.keys())]
    .filter((q) => !op.query.includes(q))
    .map((q) => `${what} (${op.method} ${op.path}) declares no query parameter ${q}`)
  if (op.body !== null && typeof r.body === 'object' && r.body !== null && !Array.isArray(r.body))
    for (const k of Object.keys(r.body)) if (!op.body.includes(k)) out.push(`${what} body field ${k} is not documented`)
  return out
}

const ok = <A>(r: Either<{ _tag: string }, A>, what: string): A => {
  if (isLeft(r)) throw new Error(`${what}: ${formatEngineError(r.left as never)}`)
  return r.right
}

/** every node of a stack adopted by the import id of its object in state */
const adopting = (st: Stack, ids: Record<string, string>): Stack =>
  stack(st.name, { providers: st.providers }).add(
    ...st.nodes.map((n) =>
      n._tag === 'Resource' && ids[`${n.token}/${n.name}`]
        ? resourceNode(n.token, n.name, n.inputs, { ...n.options, importId: ids[`${n.token}/${n.name}`] })
        : n,
    ),
  )

const checked = (recs: ReturnType<typeof recordingPlatforms>['recs']) => {
  const problems = new Set<string>()
  let count = 0
  for (const platform of ['cost', 'hosting', 'cloud'] as const)
    for (const r of recs[platform].sent) {
      count++
      for (const p of problemsOf(platform, r)) problems.add(p)
    }
  return { problems: [...problems].sort(), count }
}

// ── the suites ───────────────────────────────────────────────────────────────
const tables = suite('wire conformance: the tables')
tables('the tables hold the documents (and the operations this suite relies on)', () => {
  assert.ok(REST.cost.length > 150 && REST.hosting.length > 150 && ACTIONS.length > 500)
  assert.equal(ACTIONS.find((a) => a.action === 'DescribeApiEnvironmentStrategy')?.params, [
    'ApiId',
    'EnvironmentNames',
    'Limit',
    'Offset',
    'ServiceId',
  ])
  assert.equal(restOperation(REST.cost, 'GET', '/v2/virtual_tag_configs')?.query, ['q'])
})
tables('the matcher refuses what the documents do not have', () => {
  const r = (method: Recorded['method'], url: string, body?: unknown): Recorded => ({ method, url, body })
  assert.equal(problemsOf('cost', r('GET', 'https://api.vantage.sh/v2/virtual_tag_configs?limit=1000&page=1')), [
    'GET /v2/virtual_tag_configs (GET /v2/virtual_tag_configs) declares no query parameter limit',
    'GET /v2/virtual_tag_configs (GET /v2/virtual_tag_configs) declares no query parameter page',
  ])
  assert.equal(problemsOf('hosting', r('GET', 'https://api.netlify.com/api/v1/nowhere')), [
    'GET /api/v1/nowhere is not a documented operation',
  ])
  assert.equal(
    problemsOf('cloud', {
      method: 'POST',
      url: 'https://apigateway.tencentcloudapi.com/',
      service: 'apigateway',
      version: '2018-08-08',
      action: 'DescribeApiEnvironmentStrategy',
      body: { ServiceId: 's', ApiIds: ['a'] },
    }),
    ['apigateway:DescribeApiEnvironmentStrategy takes no parameter ApiIds'],
  )
})
tables.run()

const rows = suite('wire conformance: every resource type through the engine')
for (const provider of ['cost', 'hosting', 'cloud'])
  rows(
    `${provider}: create, re-plan, refresh, change, import, adopt, destroy send only documented operations`,
    async () => {
      const { recs, env } = recordingPlatforms()
      for (const row of ROWS.filter((r) => r.token.startsWith(`${provider}:`))) {
        const e = env()
        ok(await apply(row.before)(e)(), `${row.token}: apply BEFORE`)
        ok(await plan(row.before, { refresh: true })(e)(), `${row.token}: plan --refresh`)
        ok(await refresh(row.before)(e)(), `${row.token}: refresh`)
        const a = ok(await apply(row.after)(e)(), `${row.token}: apply AFTER`)
        const ids: Record<string, string> = {}
        const fresh = { ...e, store: memoryStore() }
        for (const r of Object.values(a.state.resources)) {
          ids[r.address] = registry.resources.get(r.token)!.identity.printImportId(r.id, r.inputs)
          ok(await importResource(row.after, r.token, r.name, ids[r.address])(fresh)(), `import ${r.address}`)
        }
        ok(await apply(adopting(row.after, ids))({ ...e, store: memoryStore() })(), `${row.token}: adopt by importId`)
        ok(await destroy(row.after)(e)(), `${row.token}: destroy`)
      }
      const { problems, count } = checked(recs)
      assert.ok(count > 20, `${count} requests recorded`)
      assert.equal(problems, [], problems.join('\n'))
    },
  )
rows.run()

const finds = suite('wire conformance: lost-reply finds, listings and lookups')
for (const provider of ['cost', 'hosting', 'cloud'])
  finds(`${provider}: every find, list and lookup request is a documented operation`, async () => {
    const { recs, clientOf } = recordingPlatforms()
    const config = provider === 'hosting' ? { defaultTeamSlug: 'acme' } : {}
    const client: PlatformClient = clientOf(provider, config)
    const ctx = { config }
    let sent = 0
    for (const spec of registry.resources.values()) {
      if (spec.provider !== provider) continue
      const reqs = [
        ...(spec.wire.find ? [spec.wire.find(spec.examples.valid, ctx)] : []),
        ...(spec.wire.list ? [spec.wire.list(ctx)] : []),
      ]
      for (const req of reqs) {
        await client.call(req)()
        sent++
      }
    }
    for (const spec of registry.lookups.values()) {
      if (spec.provider !== provider) continue
      await client.call(spec.wire.request(spec.examples.valid, ctx))()
      sent++
    }
    const { problems, count } = checked(recs)
    assert.ok(sent > 0 && count >= sent, `${count} requests for ${sent} calls`)
    assert.equal(problems, [], problems.join('\n'))
  })
finds.run()
