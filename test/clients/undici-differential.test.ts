/**
 * The transport's reading of replies (undici, llhttp) against node:http's (llhttp too, behind
 * Node's own message rules, as the oracle). fast-check makes replies — interim 1xx answers, any
 * status, repeated and odd-case headers, a body framed by Content-Length, chunked coding
 * (extensions, trailers) or the close, HEAD, 204 and 304 — and malformed ones; a raw server on
 * 127.0.0.1 writes each cut at random points with random pauses, once to node:http and once to
 * fetchClient. Status, headers (after Node's rules for repeats) and body must agree; a well-formed
 * reply must be read by both; and a reply the transport accepts must be one node:http accepts,
 * read the same (never another framing). Seeded and bounded: a few seconds.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import fc from 'fast-check'
import * as E from 'fp-ts/Either'
import * as http from 'node:http'
import * as net from 'node:net'
import type { AddressInfo } from 'node:net'
import { fetchClient } from '#trellis/clients'
import { flatHeaders } from '../../clients/flat-headers'

const test = suite('transport differential')

// ── replies ──────────────────────────────────────────────────────────────────
const NAMES = ['X-Trace', 'x-trace', 'Vary', 'vary', 'Set-Cookie', 'Content-Type', 'location', 'ETag', 'Link', 'X-A']
const MALFORMED = [
  'two-lengths',
  'length-and-chunked',
  'bad-chunk-size',
  'chunk-too-long',
  'bad-status',
  'space-before-colon',
  'bad-length',
  'obs-fold',
  'bare-lf',
] as const

interface Reply {
  readonly head: boolean
  readonly interims: ReadonlyArray<number>
  readonly status: number
  readonly headers: ReadonlyArray<readonly [string, string]>
  readonly framing: 'length' | 'chunked' | 'close'
  readonly body: string
  readonly chunks: ReadonlyArray<number>
  readonly ext: boolean
  readonly trailers: boolean
  readonly malformed: (typeof MALFORMED)[number] | undefined
  readonly cuts: ReadonlyArray<readonly [number, number]>
}

const value = fc.string({ unit: fc.constantFrom(...'abcXYZ019 -=;,./"'.split('')), maxLength: 12 }).map((v) => v.trim())
const replyArb: fc.Arbitrary<Reply> = fc.record({
  head: fc.boolean(),
  interims: fc.array(fc.constantFrom(100, 102, 103), { maxLength: 2 }),
  status: fc.oneof(fc.constantFrom(200, 201, 204, 301, 304, 404, 429, 500), fc.integer({ min: 200, max: 599 })),
  headers: fc.array(fc.tuple(fc.constantFrom(...NAMES), value), { maxLength: 6 }),
  framing: fc.constantFrom('length', 'chunked', 'close'),
  body: fc.string({ maxLength: 80, unit: 'grapheme' }),
  chunks: fc.array(fc.integer({ min: 1, max: 30 }), { maxLength: 5 }),
  ext: fc.boolean(),
  trailers: fc.boolean(),
  malformed: fc.option(fc.constantFrom(...MALFORMED), { freq: 3 }),
  cuts: fc.array(fc.tuple(fc.integer({ min: 1, max: 400 }), fc.integer({ min: 0, max: 2 })), { maxLength: 4 }),
})

const bytesOf = (r: Reply): Buffer => {
  const eol = r.malformed === 'bare-lf' ? '\n' : '\r\n'
  const parts: Buffer[] = []
  for (const s of r.interims) parts.push(Buffer.from(`HTTP/1.1 ${s} Interim${eol}x-interim: 1${eol}${eol}`))
  const lines = [r.malformed === 'bad-status' ? 'HTTP/1.1 2x0 OK' : `HTTP/1.1 ${r.status} Some Reason`]
  for (const [k, v] of r.headers) lines.push(`${k}: ${v}`)
  if (r.malformed === 'space-before-colon') lines.push('X-Spaced : v')
  if (r.malformed === 'obs-fold') lines.push('X-Folded: a', ' b')
  // every reply closes its connection: each is read on a connection of its own
  lines.push('Connection: close')
  const body = Buffer.from(r.body, 'utf8')
  const noBody = r.head || r.status === 204 || r.status === 304
  let payload = Buffer.alloc(0)
  if (r.framing === 'length' || r.malformed === 'two-lengths') {
    lines.push(`Content-Length: ${r.malformed === 'bad-length' ? '1x' : body.length}`)
    if (r.malformed === 'two-lengths') lines.push(`Content-Length: ${body.length + 1}`)
    if (!noBody) payload = body
  } else if (r.framing === 'chunked') {
    lines.push('Transfer-Encoding: chunked')
    if (r.malformed === 'length-and-chunked') lines.push(`Content-Length: ${body.length}`)
    if (!noBody) {
      const out: Buffer[] = []
      let at = 0
      for (const n of [...r.chunks, body.length]) {
        if (at >= body.length) break
        const piece = body.subarray(at, Math.min(body.length, at + n))
        at += piece.length
        const size = r.malformed === 'bad-chunk-size' ? 'zz' : piece.length.toString(16)
        const extra = r.malformed === 'chunk-too-long' ? 'X' : ''
        out.push(Buffer.from(`${size}${r.ext ? ';name=val' : ''}${eol}`), piece, Buffer.from(`${extra}${eol}`))
      }
      out.push(Buffer.from(`0${eol}${r.trailers ? `X-Trailer: t${eol}` : ''}${eol}`))
      payload = Buffer.concat(out)
    }
  } else if (!noBody) payload = body
  parts.push(Buffer.from(lines.join(eol) + eol + eol, 'utf8'), payload)
  return Buffer.concat(parts)
}

// ── the server: each connection gets the current reply, cut and paused ─────
const serve = async () => {
  let current: { bytes: Buffer; cuts: ReadonlyArray<readonly [number, number]> } = { bytes: Buffer.alloc(0), cuts: [] }
  const server = net.createServer((s) => {
    s.on('error', () => {})
    const write = async (): Promise<void> => {
      const { bytes, cuts } = current
      let at = 0
      for (const [n, pause] of cuts) {
        if (at >= bytes.length || s.destroyed) break
        s.write(bytes.subarray(at, Math.min(bytes.length, at + n)))
        at += n
        await new Promise((res) => setTimeout(res, pause))
      }
      if (!s.destroyed) s.end(bytes.subarray(Math.min(at, bytes.length)))
    }
    s.once('data', () => void write())
  })
  await new Promise<void>((res) => server.listen(0, '127.0.0.1', () => res()))
  const port = (server.address() as AddressInfo).port
  return { port, set: (c: typeof current) => (current = c), close: () => new Promise((res) => server.close(res)) }
}

type Read = { ok: true; status: number; headers: Record<string, string>; body: string } | { ok: false; why: string }

const oracle = (port: number, method: string): Promise<Read> =>
  new Promise((resolve) => {
    const req = http.request({ host: '127.0.0.1', port, path: '/x', method, agent: false }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('error', (e) => resolve({ ok: false, why: e.message }))
      res.on('end', () =>
        resolve({
          ok: true,
          status: res.statusCode ?? 0,
          headers: flatHeaders(res.headers),
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      )
      res.on('close', () => {
        if (!res.complete) resolve({ ok: false, why: 'cut' })
      })
    })
    req.on('error', (e) => resolve({ ok: false, why: e.message }))
    req.end()
  })

const ours = async (port: number, method: 'GET' | 'HEAD'): Promise<Read> => {
  const r = await fetchClient()({ method, url: `http://127.0.0.1:${port}/x`, headers: {}, timeoutMs: 5_000 })()
  return E.isRight(r) ? { ok: true, ...r.right, headers: { ...r.right.headers } } : { ok: false, why: r.left.message }
}

test('replies read by the transport as node:http reads them; what it accepts, node:http accepts the same', async () => {
  const srv = await serve()
  let malformedSeen = 0
  try {
    await fc.assert(
      fc.asyncProperty(replyArb, async (r) => {
        srv.set({ bytes: bytesOf(r), cuts: r.cuts })
        const method = r.head ? 'HEAD' : 'GET'
        const want = await oracle(srv.port, method)
        const got = await ours(srv.port, method)
        if (r.malformed) malformedSeen++
        if (r.malformed === undefined) {
          assert.ok(want.ok, `node:http refused a well-formed reply: ${JSON.stringify(want)}`)
          assert.ok(got.ok, `the transport refused a well-formed reply: ${JSON.stringify(got)}`)
        }
        if (got.ok) assert.equal(got, want, `reply ${JSON.stringify(bytesOf(r).toString('latin1'))}`)
      }),
      { seed: Number(process.env.TRELLIS_SEED ?? 20261124), numRuns: Number(process.env.TRELLIS_RUNS ?? 150) },
    )
  } finally {
    await srv.close()
  }
  assert.ok(malformedSeen > 10, `${malformedSeen} malformed replies tried`)
})

test.run()
