/**
 * The hosting emulator checked by the platform's official client (@netlify/api, from the
 * lockfile): every request trellis makes while it creates, changes, refreshes and destroys every
 * hosting resource type goes through the client's own method for that operation (the client sends
 * only the parameters the public specification declares) to the emulator served on 127.0.0.1,
 * and every reply is checked against the specification bundled with the client: no undocumented
 * field, and no documented one left out (121 optional ones were, before the emulator filled them).
 * Paths the public specification does not have (firewall rule sets, WAF, log drains, …) go
 * straight to the emulator and are listed, not checked.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import * as E from 'fp-ts/Either'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { NetlifyAPI } from '@netlify/api'
import { serve } from '#trellis/clients'
import { fetchClient } from '#trellis/clients'
import type { HttpClient } from '#trellis/clients'
import { rowPlatforms } from '../interpreter/every-resource-platforms'
import { driveRows } from './official-rows'
import { checkShape, swaggerDocsOf, templateOf, type Swagger } from './documented-shapes'

const test = suite('official client: @netlify/api')

type Method = (params: Record<string, unknown>) => Promise<unknown>

/**
 * Fields the platform sends that its public specification lacks, documented elsewhere (the wire
 * reference cites where): the site's real-user metrics and analytics instance (the official
 * Terraform provider's patch of the specification), a DNS record's weight, port and errors (the
 * platform's API model in that provider).
 */
const DOCUMENTED_ELSEWHERE = [
  /\.(rum_enabled|analytics_instance_id): not documented in (getSite|updateSite|listSitesForAccount)Reply/,
  /\.(weight|port|errors): not documented in (createDnsRecord|getIndividualDnsRecord|getDnsRecords)Reply/,
]

test('every hosting operation trellis uses goes through the official client, and replies in the documented shapes', async () => {
  const spec = JSON.parse(
    readFileSync(join(process.cwd(), 'node_modules', '@netlify', 'open-api', 'dist', 'swagger.json'), 'utf8'),
  ) as Swagger
  const docs = swaggerDocsOf(spec)
  const p = await rowPlatforms()
  const server = await serve(p.emulators.hosting.client)
  const api = new NetlifyAPI('emulator-token', {
    scheme: 'http',
    host: server.url.replace('http://', ''),
    pathPrefix: spec.basePath,
  }) as unknown as Record<string, Method>
  const direct = fetchClient()
  const issues = new Set<string>()
  const omitted = new Set<string>()
  const used = new Set<string>()
  const unspecified = new Set<string>()

  const viaClient: HttpClient = (req) => async () => {
    const u = new URL(req.url)
    const path = u.pathname.replace(spec.basePath, '')
    const template = templateOf(docs.templates, path)
    const op = template ? docs.operation(req.method, template) : undefined
    if (!template || !op) {
      unspecified.add(`${req.method} ${path.replace(/[0-9a-f-]{20,}/g, '{id}')}`)
      // to the served emulator, never the URL's own host
      return direct({ ...req, url: `${server.url}${u.pathname}${u.search}` })()
    }
    used.add(`${req.method} ${template} (${op.operationId})`)
    const params: Record<string, unknown> = Object.fromEntries(u.searchParams)
    template.split('/').forEach((seg, i) => {
      const m = /^\{(\w+)\}$/.exec(seg)
      if (m) params[m[1]] = decodeURIComponent(path.split('/')[i])
    })
    if (req.body) params.body = JSON.parse(req.body) as unknown
    let data: unknown
    try {
      data = await api[op.operationId](params)
    } catch (e) {
      const x = e as { status?: number; json?: unknown; data?: unknown; message?: string }
      if (x.status === undefined) throw e
      return E.right({
        status: x.status,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(x.json ?? { code: x.status, message: x.data ?? x.message }),
      })
    }
    const schema = docs.reply(req.method, template)
    if (schema && data !== undefined && data !== '') {
      const r = checkShape(
        Array.isArray(data) ? { list: data } : data,
        Array.isArray(data) ? `${op.operationId}List` : schema,
        new Map([...docs.schemas, [`${op.operationId}List`, [{ name: 'list', optional: false, type: schema }]]]),
        `${req.method} ${template}`,
      )
      r.issues.filter((x) => !DOCUMENTED_ELSEWHERE.some((d) => d.test(x))).forEach((x) => issues.add(x))
      r.omitted.forEach((x) => omitted.add(x))
    }
    const empty = data === undefined || data === ''
    return E.right({
      status: empty ? 204 : docs.success(op),
      headers: { 'content-type': 'application/json' },
      body: empty ? '' : JSON.stringify(data),
    })
  }
  try {
    await driveRows('hosting', viaClient)
  } finally {
    await server.close()
  }
  assert.equal([...issues], [], 'replies carry no undocumented field and every required one')
  // replies carry every documented field, optional ones too (null where the object has none)
  assert.equal([...omitted], [], 'no documented optional field left out')
  console.log(
    `  official hosting client: ${used.size} operations; not in the public specification: ${[...unspecified].sort().join(', ') || 'none'}; every documented field in every reply`,
  )
})

test.run()
