/**
 * The cost emulator checked by the platform's official client (@vantage-sh/vantage-client, from
 * the lockfile): every request trellis makes while it creates, updates, refreshes and destroys
 * every cost resource type of the every-resource table goes through the official client to the
 * emulator served on 127.0.0.1 — so each operation trellis uses is one the client can send, and
 * each reply one it parses — and every reply is checked against the schema the client's
 * OpenAPI-generated declarations document for that path: no undocumented field, no missing
 * field, required or optional (29 optional ones were left out before the emulator filled them).
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import * as E from 'fp-ts/Either'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { serve } from '#trellis/clients'
import type { HttpClient } from '#trellis/clients'
import { rowPlatforms } from '../interpreter/every-resource-platforms'
import { driveRows } from './official-rows'
import { checkShape, openApiDocsOf, templateOf } from './documented-shapes'

const test = suite('official client: @vantage-sh/vantage-client')
const require = createRequire(import.meta.url)
const root = join(process.cwd(), 'node_modules', '@vantage-sh', 'vantage-client', 'dist')

interface VantageError {
  readonly status: number | null
  readonly body: string
}
type Raw = (path: string, method: string, body: unknown) => Promise<[unknown, VantageError | null]>

test('every cost operation trellis uses goes through the official client, and replies in the documented shapes', async () => {
  const { APIV2Client } = require(join(root, 'index.js')) as {
    APIV2Client: new (token: string, neverThrow: boolean, baseUrl: string) => { request: Raw }
  }
  const docs = openApiDocsOf(join(root, 'index.d.ts'))
  const p = await rowPlatforms()
  const server = await serve(p.emulators.cost.client)
  const client = new APIV2Client('emulator-token', true, server.url)
  const issues = new Set<string>()
  const omitted = new Set<string>()
  const used = new Set<string>()

  // trellis's transport, through the official client
  const viaClient: HttpClient = (req) => async () => {
    const u = new URL(req.url)
    const params =
      req.method === 'GET' ? Object.fromEntries(u.searchParams) : req.body ? (JSON.parse(req.body) as unknown) : {}
    const [data, err] = await client.request(u.pathname, req.method, params)
    const template = templateOf(docs.templates, u.pathname.replace(/^\/v2/, ''))
    used.add(`${req.method} ${template ?? u.pathname}`)
    if (err) {
      if (err.status === null)
        return E.left({ kind: 'ConnectFailed', message: err.body, sent: false, request: req } as never)
      return E.right({ status: err.status, headers: { 'content-type': 'application/json' }, body: err.body })
    }
    if (!template) issues.add(`${req.method} ${u.pathname}: no such path in the documentation`)
    else {
      const schema = docs.reply(req.method, template)
      if (schema && data !== undefined) {
        const r = checkShape(data, schema, docs.schemas, `${req.method} ${template}`)
        r.issues.forEach((x) => issues.add(x))
        r.omitted.forEach((x) => omitted.add(x))
      }
    }
    return E.right({
      status: data === undefined ? 204 : req.method === 'POST' ? 201 : 200,
      headers: { 'content-type': 'application/json' },
      body: data === undefined ? '' : JSON.stringify(data),
    })
  }
  try {
    await driveRows('cost', viaClient)
  } finally {
    await server.close()
  }
  assert.equal([...issues], [], 'replies carry no undocumented field and every required one')
  assert.ok(used.size > 40, `the cost resource types use many operations (${used.size})`)
  // replies carry every documented field, optional ones too (null where the object has none)
  assert.equal([...omitted], [], 'no documented optional field left out')
  console.log(`  official cost client: ${used.size} operations, every documented field in every reply`)
})

test.run()
