/**
 * ReplyParser: HTTP/1.1 replies framed by Content-Length, chunked coding or the connection's end,
 * interim 1xx answers skipped, repeated headers combined as Node does, whether the connection can
 * be reused, what it refuses — and the same result however the bytes are cut into pieces.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import fc from 'fast-check'
import { MAX_HEAD_BYTES, ReplyParseError, ReplyParser } from '../../clients/reply-parser'

const test = suite('reply parser')
const isParseError = (e: unknown): boolean => e instanceof ReplyParseError

const parse = (text: string | Buffer, opts: { head?: boolean; pieces?: number[]; close?: boolean } = {}) => {
  const bytes = typeof text === 'string' ? Buffer.from(text, 'latin1') : text
  const p = new ReplyParser(opts.head ?? false)
  let at = 0
  for (const n of opts.pieces ?? []) {
    if (p.done) break
    p.push(bytes.subarray(at, Math.min(bytes.length, at + n)))
    at = Math.min(bytes.length, at + n)
  }
  if (at < bytes.length) p.push(bytes.subarray(at))
  const complete = opts.close ? p.end() : p.done
  return { p, complete, body: Buffer.concat(p.body).toString('utf8') }
}

test('a Content-Length body; the connection is kept', () => {
  const { p, complete, body } = parse(
    'HTTP/1.1 201 Created\r\nContent-Type: application/json\r\nContent-Length: 11\r\n\r\n{"ok":true}',
  )
  assert.ok(complete)
  assert.equal(p.head, { status: 201, headers: { 'content-type': 'application/json', 'content-length': '11' } })
  assert.is(body, '{"ok":true}')
  assert.ok(p.keepAlive && !p.overrun)
})

test('a chunked body with extensions and trailers', () => {
  const { p, complete, body } = parse(
    'HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n5;x=y\r\nhello\r\n6\r\n world\r\n0\r\nx-trailer: 1\r\n\r\n',
  )
  assert.ok(complete && p.keepAlive)
  assert.is(body, 'hello world')
  assert.is(p.head?.headers['x-trailer'], undefined)
})

test('a body without length or chunks ends with the connection, which is then not reused', () => {
  const open = parse('HTTP/1.1 200 OK\r\n\r\npartial')
  assert.not.ok(open.complete)
  const closed = parse('HTTP/1.1 200 OK\r\n\r\nall of it', { close: true })
  assert.ok(closed.complete)
  assert.is(closed.body, 'all of it')
  assert.not.ok(closed.p.keepAlive)
  // a Content-Length body cut short is not completed by the close
  assert.not.ok(parse('HTTP/1.1 200 OK\r\ncontent-length: 10\r\n\r\nabc', { close: true }).complete)
})

test('HEAD, 204 and 304 replies have no body whatever their headers say', () => {
  assert.ok(parse('HTTP/1.1 200 OK\r\ncontent-length: 500\r\n\r\n', { head: true }).complete)
  assert.ok(parse('HTTP/1.1 204 No Content\r\ncontent-length: 5\r\n\r\n').complete)
  assert.ok(parse('HTTP/1.1 304 Not Modified\r\ntransfer-encoding: chunked\r\n\r\n').complete)
})

test('interim 100 and 103 answers are skipped; 101 is refused', () => {
  const { p, body } = parse(
    'HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nlink: </a>\r\n\r\nHTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\nok',
  )
  assert.equal(p.head, { status: 200, headers: { 'content-length': '2' } })
  assert.is(body, 'ok')
  assert.throws(() => parse('HTTP/1.1 101 Switching Protocols\r\nupgrade: websocket\r\n\r\n'), isParseError)
})

test('repeated headers: joined, or the first kept for single-valued ones, as Node does', () => {
  const { p } = parse(
    'HTTP/1.1 200 OK\r\nvary: a\r\nVary: b\r\nlocation: /one\r\nlocation: /two\r\ncontent-length: 0\r\ncontent-length: 0\r\n\r\n',
  )
  assert.equal(p.head?.headers, { vary: 'a, b', location: '/one', 'content-length': '0' })
})

test('whether the connection may carry another request', () => {
  const keep = (text: string) => parse(text).p.keepAlive
  assert.not.ok(keep('HTTP/1.1 200 OK\r\nconnection: close\r\ncontent-length: 0\r\n\r\n'))
  assert.not.ok(keep('HTTP/1.0 200 OK\r\ncontent-length: 0\r\n\r\n'))
  assert.ok(keep('HTTP/1.0 200 OK\r\nconnection: Keep-Alive\r\ncontent-length: 0\r\n\r\n'))
  assert.is(parse('HTTP/1.1 200 OK\r\nkeep-alive: timeout=2\r\ncontent-length: 0\r\n\r\n').p.keepAliveMs, 2000)
  // bytes past the reply's end: not reused
  assert.ok(parse('HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\nokEXTRA').p.overrun)
})

test('what cannot be framed safely is refused', () => {
  for (const bad of [
    'HTTP/2 200\r\n\r\n',
    'hello\r\n\r\n',
    'HTTP/1.1 200 OK\r\ncontent-length: 3\r\ncontent-length: 4\r\n\r\nabc',
    'HTTP/1.1 200 OK\r\ncontent-length: -1\r\n\r\n',
    'HTTP/1.1 200 OK\r\nbad header\r\n\r\n',
    'HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\nzz\r\n',
    'HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n2\r\nabc\r\n',
    // both framings (a way to smuggle a reply), and a line without its CR: refused, as llhttp does
    'HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\ncontent-length: 3\r\n\r\n0\r\n\r\n',
    'HTTP/1.1 200 OK\ncontent-length: 0\n\n',
  ])
    assert.throws(() => parse(bad), isParseError, bad)
  // an endless head is refused once it passes the limit, not buffered
  const p = new ReplyParser(false)
  p.push(Buffer.from('HTTP/1.1 200 OK\r\n'))
  assert.throws(() => {
    for (let i = 0; i < 100; i++) p.push(Buffer.from(`x-filler-${i}: ${'y'.repeat(MAX_HEAD_BYTES / 50)}\r\n`))
  }, /longer than/)
})

test('a head arriving whole in one piece is read as the line-by-line reading reads it', () => {
  // a blank line before the status line is tolerated; a bare LF inside a head that ends well is not
  const blank = parse('\r\nHTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\nok')
  assert.ok(blank.complete && blank.body === 'ok' && blank.p.head?.status === 200)
  assert.throws(() => parse('HTTP/1.1 200 OK\r\nx-a: 1\nx-b: 2\r\ncontent-length: 0\r\n\r\n'), isParseError)
  // one piece holding a head past the limit: refused, however it came
  const long = `HTTP/1.1 200 OK\r\nx-long: ${'y'.repeat(MAX_HEAD_BYTES)}\r\ncontent-length: 0\r\n\r\n`
  assert.throws(() => parse(long), /longer than/)
  // two replies' heads in one piece: the second is bytes past the first reply
  const two = parse('HTTP/1.1 204 No Content\r\n\r\nHTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n')
  assert.ok(two.complete && two.p.head?.status === 204 && two.p.overrun)
  // the same head, whole and cut line by line, reads the same
  const text = 'HTTP/1.1 201 Created\r\nVary: a\r\nvary: b\r\nKeep-Alive: timeout=3\r\ncontent-length: 1\r\n\r\nx'
  const whole = parse(text)
  const cut = parse(text, { pieces: text.split('\n').map((l) => l.length + 1) })
  assert.equal(whole.p.head, cut.p.head)
  assert.equal([whole.p.keepAlive, whole.p.keepAliveMs, whole.body], [cut.p.keepAlive, cut.p.keepAliveMs, cut.body])
})

test('a whole head read in place: values trimmed as trim() does, errors in the order the lines come', () => {
  // spaces and tabs around a value, and the rarer characters trim() takes (a bare CR, VT, NBSP)
  const text =
    'HTTP/1.1 200 OK\r\nx-a:  \t one two \t\r\nx-b:\r\nx-c: \x0bv\xa0\r\nx-d: w\r\r\nx-e:\t\r\ncontent-length: 0\r\n\r\n'
  const whole = parse(text)
  const cut = parse(text, { pieces: text.split('\n').map((l) => l.length + 1) })
  assert.equal(whole.p.head?.headers, {
    'x-a': 'one two',
    'x-b': '',
    'x-c': 'v',
    'x-d': 'w',
    'x-e': '',
    'content-length': '0',
  })
  assert.equal(whole.p.head, cut.p.head)
  // a bad status line is what is reported, before a bad header after it; a colon on a later line
  // does not make a header line of one without
  assert.throws(() => parse('HTTP/9 200 OK\r\nno colon\r\n\r\n'), /status line/)
  assert.throws(() => parse('HTTP/1.1 200 OK\r\nno colon\r\nx-a: 1\r\n\r\n'), /bad header line "no colon"/)
  assert.throws(() => parse('HTTP/1.1 200 OK\r\n: empty name\r\n\r\n'), /bad header line/)
})

test('replies with the same head, one after another, read the same each time', () => {
  const reply = (status: string, keepAlive: string) =>
    parse(`HTTP/1.1 ${status}\r\nKeep-Alive: ${keepAlive}\r\nContent-Length: 2\r\n\r\nok`).p
  for (let i = 0; i < 3; i++) {
    const a = reply('201 Created', 'timeout=5')
    assert.equal([a.head?.status, a.keepAliveMs, a.keepAlive], [201, 5000, true])
    const b = reply('404 Not Found', 'max=3')
    assert.equal([b.head?.status, b.keepAliveMs], [404, undefined])
    assert.throws(() => parse('HTTP/1.1 2000 Weird\r\n\r\n'), /status line/)
  }
})

test('a body that came whole with its head is read in place: text, and bytes of its own', () => {
  const chunk = Buffer.from('HTTP/1.1 200 OK\r\ncontent-length: 6\r\n\r\nh\xc3\xa9llo', 'latin1')
  const p = new ReplyParser(false)
  p.push(chunk)
  assert.ok(p.done)
  assert.is(p.text(), 'héllo')
  const bytes = p.bytes()
  assert.equal(
    p.body.map((b) => b.toString('utf8')),
    ['héllo'],
  )
  // the bytes are a copy: the read buffer they came in may be overwritten by the next read
  chunk.fill(0)
  assert.is(bytes.toString('utf8'), 'héllo')
  // cut, and kept between the pieces: the same text
  const cut = new ReplyParser(false)
  const again = Buffer.from('HTTP/1.1 200 OK\r\ncontent-length: 6\r\n\r\nh\xc3\xa9llo', 'latin1')
  cut.push(again.subarray(0, again.length - 3))
  cut.keep()
  again.fill(0, 0, again.length - 3)
  cut.push(again.subarray(again.length - 3))
  assert.ok(cut.done)
  assert.is(cut.text(), 'héllo')
  assert.is(cut.bytes().toString('utf8'), 'héllo')
  // no body at all
  const empty = new ReplyParser(false)
  empty.push(Buffer.from('HTTP/1.1 204 No Content\r\n\r\n'))
  assert.equal([empty.text(), empty.bytes().length, empty.body], ['', 0, []])
})

test('the same reply however the bytes are cut', () => {
  const body = JSON.stringify({ title: 'é ✓', items: Array.from({ length: 20 }, (_, i) => i) })
  const utf8 = Buffer.from(body, 'utf8')
  const chunked = Buffer.concat([
    Buffer.from('HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\nx-a: 1\r\n\r\n'),
    Buffer.from(`${(10).toString(16)}\r\n`),
    utf8.subarray(0, 10),
    Buffer.from(`\r\n${(utf8.length - 10).toString(16)}\r\n`),
    utf8.subarray(10),
    Buffer.from('\r\n0\r\n\r\n'),
  ])
  const sized = Buffer.concat([
    Buffer.from(`HTTP/1.1 200 OK\r\nx-a: 1\r\ncontent-length: ${utf8.length}\r\n\r\n`),
    utf8,
  ])
  fc.assert(
    fc.property(fc.array(fc.integer({ min: 1, max: 40 }), { maxLength: 60 }), fc.boolean(), (pieces, isChunked) => {
      const r = parse(isChunked ? chunked : sized, { pieces })
      return r.complete && r.body === body && r.p.head?.status === 200 && r.p.head.headers['x-a'] === '1'
    }),
    { numRuns: 300 },
  )
})

test.run()
