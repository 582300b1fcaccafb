/**
 * http1Client reads every plain connection into one shared buffer (connection-pool.ts): a reply
 * whose body comes in several reads, on connections whose reads interleave, must still be read
 * whole — what is kept of a read past it (body pieces, a part of the head, a body to inflate) is a
 * copy, never a view of the buffer the next read overwrites.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import * as E from 'fp-ts/Either'
import * as net from 'node:net'
import { gzipSync } from 'node:zlib'
import type { AddressInfo } from 'node:net'
import { http1Client } from '../../clients/http1-client'

const test = suite('http1 shared read buffer')

const pause = (ms: number) => new Promise((res) => setTimeout(res, ms))

/** A raw server writing each reply in the pieces `piecesOf` gives, a pause between them. */
const serve = async (piecesOf: (path: string) => ReadonlyArray<Buffer>) => {
  const server = net.createServer((s) => {
    s.on('error', () => {})
    let head = ''
    s.on('data', (c: Buffer) => {
      head += c.toString('latin1')
      if (!head.includes('\r\n\r\n')) return
      const path = head.split(' ')[1]
      head = ''
      void (async () => {
        for (const p of piecesOf(path)) {
          if (s.destroyed) return
          s.write(p)
          await pause(15)
        }
      })()
    })
  })
  await new Promise<void>((res) => server.listen(0, '127.0.0.1', () => res()))
  const port = (server.address() as AddressInfo).port
  return { base: `http://127.0.0.1:${port}`, close: () => new Promise((res) => server.close(res)) }
}

test('bodies that come in several reads, on connections read in turn, are read whole', async () => {
  // each connection's body: a short first piece behind the head, then long pieces of its own
  // letter that, read into the same buffer, would overwrite the first piece were it only a view
  const bodyOf = (path: string) => {
    const letter = path.slice(1)
    return `${letter.toUpperCase().repeat(10)}${letter.repeat(3000)}${letter.toUpperCase().repeat(5)}`
  }
  const srv = await serve((path) => {
    const body = Buffer.from(bodyOf(path), 'latin1')
    const head = Buffer.from(`HTTP/1.1 200 OK\r\ncontent-length: ${body.length}\r\nconnection: close\r\n\r\n`, 'latin1')
    return [Buffer.concat([head, body.subarray(0, 10)]), body.subarray(10, 1500), body.subarray(1500)]
  })
  try {
    const client = http1Client()
    const letters = ['a', 'b', 'c', 'd', 'e', 'f']
    const rs = await Promise.all(
      letters.map((l) => client({ method: 'GET', url: `${srv.base}/${l}`, headers: {}, timeoutMs: 5_000 })()),
    )
    rs.forEach((r, i) => {
      assert.ok(E.isRight(r), JSON.stringify(r))
      if (E.isRight(r)) assert.equal(r.right.body, bodyOf(`/${letters[i]}`))
    })
  } finally {
    await srv.close()
  }
})

test('a head cut between reads, chunked bodies and a gzip body in several reads are read whole', async () => {
  const text = 'x'.repeat(2000) + 'the end'
  const gz = gzipSync(Buffer.from(text))
  const srv = await serve((path) => {
    if (path === '/head')
      return [
        Buffer.from('HTTP/1.1 200 OK\r\ncontent-le', 'latin1'),
        Buffer.from(`ngth: ${text.length}\r\nx-long: ${'y'.repeat(3000)}\r\nconnection: close\r\n\r\n`, 'latin1'),
        Buffer.from(text),
      ]
    if (path === '/chunked')
      return [
        Buffer.from(
          'HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\nconnection: close\r\n\r\n5\r\nfirst\r\n',
          'latin1',
        ),
        Buffer.from(`bb8\r\n${'z'.repeat(3000)}\r\n0\r\n\r\n`, 'latin1'),
      ]
    const head = Buffer.from(
      `HTTP/1.1 200 OK\r\ncontent-encoding: gzip\r\ncontent-length: ${gz.length}\r\nconnection: close\r\n\r\n`,
      'latin1',
    )
    return [Buffer.concat([head, gz.subarray(0, 10)]), gz.subarray(10)]
  })
  try {
    const client = http1Client()
    const get = (p: string) => client({ method: 'GET', url: `${srv.base}${p}`, headers: {}, timeoutMs: 5_000 })()
    const [head, chunked, gzip] = await Promise.all([get('/head'), get('/chunked'), get('/gzip')])
    assert.ok(E.isRight(head) && head.right.body === text && head.right.headers['x-long'] === 'y'.repeat(3000))
    assert.ok(E.isRight(chunked) && chunked.right.body === `first${'z'.repeat(3000)}`, JSON.stringify(chunked))
    assert.ok(E.isRight(gzip) && gzip.right.body === text, JSON.stringify(gzip).slice(0, 200))
  } finally {
    await srv.close()
  }
})

test.run()
