/**
 * ReplyParser: an HTTP/1.1 response read from a connection's bytes as they arrive, in whatever
 * pieces the network cuts them — the status line and headers, then a body framed by Content-Length,
 * by chunked transfer coding, or by the connection's end, and whether the connection may carry the
 * next request. The Node transport feeds it from the socket (see node-http-client.ts). It refuses
 * what it cannot frame safely (a bad status line, a bad or conflicting Content-Length, an oversized
 * head, a protocol switch) with a ReplyParseError, and never buffers a head past MAX_HEAD_BYTES.
 */
import { memo } from '../src/core/memo'

// ── model ────────────────────────────────────────────────────────────────────
export interface ReplyHead {
  readonly status: number
  /** lower-case names; a repeated header joined with `, ` (its first value for the single-valued ones) */
  readonly headers: Record<string, string>
}

export class ReplyParseError extends Error {
  readonly code = 'ERR_HTTP_REPLY'
}

/** The largest status line and headers accepted (and the largest chunk-size or trailer line). */
export const MAX_HEAD_BYTES = 64 * 1024

// Node's own rules for repeats: these keep their first value, every other is joined
const SINGLE: ReadonlySet<string> = new Set([
  'age',
  'authorization',
  'content-length',
  'content-type',
  'etag',
  'expires',
  'from',
  'host',
  'if-modified-since',
  'if-unmodified-since',
  'last-modified',
  'location',
  'max-forwards',
  'proxy-authorization',
  'referer',
  'retry-after',
  'server',
  'user-agent',
])
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/
const STATUS_LINE = /^HTTP\/1\.([01]) (\d{3})(?:[ \t].*)?$/
const CHUNK_SIZE = /^([0-9A-Fa-f]{1,12})[ \t]*(?:;.*)?$/

const badLine = (l: string): ReplyParseError => new ReplyParseError(`bad header line ${JSON.stringify(l.slice(0, 60))}`)

const LF = 0x0a
const CR = 0x0d
const HEAD_END = Buffer.from('\r\n\r\n', 'latin1')

// header names as they were sent → their lower-case key, for names already checked: a server sends
// the same few names in every reply (bounded: names are the server's to choose)
const NAMES = new Map<string, string>()
const keyOf = (name: string): string | undefined => {
  let key = NAMES.get(name)
  if (key === undefined && TOKEN.test(name)) {
    if (NAMES.size >= 256) NAMES.clear()
    NAMES.set(name, (key = name.toLowerCase()))
  }
  return key
}

// the same few status lines and Keep-Alive values come in every reply: each read once (a match
// array per reply otherwise), bounded like the names
const statusOf = memo((line: string): readonly [version: string, code: number] | null => {
  const m = STATUS_LINE.exec(line)
  return m ? [m[1], Number(m[2])] : null
}, 64)
/** The version and code of a status line; throws when it is not one. */
const statusIn = (line: string): readonly [string, number] => {
  const s = statusOf(line)
  if (!s) throw new ReplyParseError(`not an HTTP/1.x status line: ${JSON.stringify(line.slice(0, 60))}`)
  return s
}
const hintOf = memo((keepAlive: string): number | undefined => {
  const m = /timeout\s*=\s*(\d+)/i.exec(keepAlive)
  return m ? Number(m[1]) * 1000 : undefined
}, 64)

/** what String.prototype.trim takes off that a header value may hold (Latin-1): LF, VT, FF, CR, NBSP */
const otherSpace = (c: number): boolean => (c >= 0x0a && c <= 0x0d) || c === 0xa0
/** `text.slice(from, to).trim()`, in one string when the value is only padded by spaces and tabs */
const valueAt = (text: string, from: number, to: number): string => {
  while (from < to && (text.charCodeAt(from) === 0x20 || text.charCodeAt(from) === 0x09)) from++
  while (to > from && (text.charCodeAt(to - 1) === 0x20 || text.charCodeAt(to - 1) === 0x09)) to--
  const v = text.slice(from, to)
  return v !== '' && (otherSpace(v.charCodeAt(0)) || otherSpace(v.charCodeAt(v.length - 1))) ? v.trim() : v
}

const enum Mode {
  Head,
  Length,
  ChunkSize,
  ChunkData,
  ChunkEnd,
  Trailers,
  Close,
  Done,
}

// ── parser ───────────────────────────────────────────────────────────────────
/** One response (and the 1xx interim ones before it) of one request. */
export class ReplyParser {
  head: ReplyHead | undefined
  /** the body's bytes so far, as views of the chunks fed (copies of those before the last `keep`) */
  private parts: Buffer[] | undefined
  /**
   * A body framed by its length that came whole in one chunk (the common case): that chunk and
   * where the body lies in it, no view of it made. Read it (`text`, `bytes`) before the chunk's
   * buffer is reused: it is done when it is set, so nothing `keep`s it.
   */
  private whole: Buffer | undefined
  private wholeAt = 0
  private wholeEnd = 0
  /** the connection may carry another request once this reply is done */
  keepAlive = false
  /** the server's Keep-Alive `timeout`, in ms, when it sent one */
  keepAliveMs: number | undefined
  /** bytes arrived past this reply's end (the connection cannot be trusted with another request) */
  overrun = false
  private mode = Mode.Head
  /** an unfinished line (head, chunk size, trailer) */
  private pending: Buffer | undefined
  private lines: string[] = []
  /** bytes of the head (or the trailers) so far */
  private lineBytes = 0
  private left = 0
  /** body pieces before this one are the parser's own (see `keep`) */
  private owned = 0

  /** @param noBody the request was a HEAD: its reply has headers only */
  constructor(private readonly noBody: boolean) {}

  get done(): boolean {
    return this.mode === Mode.Done
  }

  /** the body's bytes so far, as views of the chunks fed (copies of those before the last `keep`) */
  get body(): Buffer[] {
    return this.whole ? [this.whole.subarray(this.wholeAt, this.wholeEnd)] : (this.parts ?? [])
  }

  /** the body as UTF-8 text */
  text(): string {
    if (this.whole) return this.whole.toString('utf8', this.wholeAt, this.wholeEnd)
    const parts = this.parts
    return parts === undefined
      ? ''
      : parts.length === 1
        ? parts[0].toString('utf8')
        : Buffer.concat(parts).toString('utf8')
  }

  /** the body's bytes, a copy of its own (not a view of a buffer that is reused) */
  bytes(): Buffer {
    return this.whole ? Buffer.from(this.whole.subarray(this.wholeAt, this.wholeEnd)) : Buffer.concat(this.parts ?? [])
  }

  /** Bytes from the connection. Throws a ReplyParseError on what cannot be framed. */
  push(chunk: Buffer): void {
    let at = 0
    const end = chunk.length
    while (at < end) {
      switch (this.mode) {
        case Mode.Done:
          this.overrun = true
          return
        case Mode.Head:
        case Mode.ChunkSize:
        case Mode.ChunkEnd:
        case Mode.Trailers: {
          // the common case: a head that starts a chunk and ends in it, read as one string
          if (this.mode === Mode.Head && this.pending === undefined && this.lines.length === 0) {
            const next = this.wholeHead(chunk, at)
            if (next >= 0) {
              at = next
              break
            }
          }
          const nl = chunk.indexOf(LF, at)
          if (nl < 0) {
            this.hold(chunk, at, end)
            return
          }
          this.line(this.take(chunk, at, nl))
          at = nl + 1
          break
        }
        case Mode.Length:
        case Mode.ChunkData: {
          const n = Math.min(this.left, end - at)
          if (n === this.left && this.mode === Mode.Length && this.parts === undefined) {
            this.whole = chunk
            this.wholeAt = at
            this.wholeEnd = at + n
          } else (this.parts ??= []).push(at === 0 && n === end ? chunk : chunk.subarray(at, at + n))
          at += n
          this.left -= n
          if (this.left === 0) this.mode = this.mode === Mode.Length ? Mode.Done : Mode.ChunkEnd
          break
        }
        case Mode.Close:
          ;(this.parts ??= []).push(at === 0 ? chunk : chunk.subarray(at))
          return
      }
    }
  }

  /**
   * A head that starts at `at` and ends within the chunk, decoded in one piece (a string per line
   * cost a native call each): where the body starts, or -1 when the head is not all here or is
   * unusual (a blank line first, a bare LF, too long), for the line-by-line path to read.
   */
  private wholeHead(chunk: Buffer, at: number): number {
    if (chunk[at] === CR || chunk[at] === LF) return -1
    const e = chunk.indexOf(HEAD_END, at)
    if (e < 0 || e + 4 - at > MAX_HEAD_BYTES) return -1
    const text = chunk.toString('latin1', at, e)
    // lines end in CRLF: a bare LF anywhere, and the line-by-line path reads (and refuses) it
    for (let nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n', nl + 1))
      if (text.charCodeAt(nl - 1) !== CR) return -1
    // the lines read where they lie in the text: no array of them, no string per whole line
    let eol = text.indexOf('\r\n')
    if (eol < 0) eol = text.length
    const status = statusIn(text.slice(0, eol))
    const headers: Record<string, string> = {}
    for (let from = eol + 2; from < text.length; from = eol + 2) {
      eol = text.indexOf('\r\n', from)
      if (eol < 0) eol = text.length
      const colon = text.indexOf(':', from)
      const key = colon > from && colon < eol ? keyOf(text.slice(from, colon)) : undefined
      if (key === undefined) throw badLine(text.slice(from, eol))
      this.header(headers, key, valueAt(text, colon + 1, eol))
    }
    this.headDone(status, headers)
    return e + 4
  }

  /**
   * Copies the body pieces fed since the last call: the chunks they are views of are about to be
   * reused (a connection's shared read buffer), and the reply is not complete yet.
   */
  keep(): void {
    const body = this.parts
    if (body === undefined) return
    for (let i = this.owned; i < body.length; i++) body[i] = Buffer.from(body[i])
    this.owned = body.length
  }

  /** The connection ended: true when that completes the reply (a body framed by the close). */
  end(): boolean {
    if (this.mode === Mode.Close) this.mode = Mode.Done
    return this.mode === Mode.Done
  }

  private hold(chunk: Buffer, from: number, to: number): void {
    const piece = chunk.subarray(from, to)
    this.pending = this.pending ? Buffer.concat([this.pending, piece]) : Buffer.from(piece)
    this.limit(this.pending.length)
  }

  private limit(bytes: number): void {
    if (bytes > MAX_HEAD_BYTES) throw new ReplyParseError(`the reply's headers are longer than ${MAX_HEAD_BYTES} bytes`)
  }

  /** the text of a line ending at `nl` (its CR dropped), with what was held of it; a bare LF is refused, as llhttp does */
  private take(chunk: Buffer, from: number, nl: number): string {
    if (this.pending === undefined) {
      if (nl === from || chunk[nl - 1] !== 0x0d) throw new ReplyParseError('a line of the reply ends without CR')
      return chunk.toString('latin1', from, nl - 1)
    }
    const text = this.pending.toString('latin1') + chunk.toString('latin1', from, nl)
    this.pending = undefined
    if (!text.endsWith('\r')) throw new ReplyParseError('a line of the reply ends without CR')
    return text.slice(0, -1)
  }

  private line(text: string): void {
    this.lineBytes += text.length + 2
    this.limit(this.lineBytes)
    switch (this.mode) {
      case Mode.Head:
        if (text !== '') {
          this.lines.push(text)
          return
        }
        // a blank line before any status line is tolerated (RFC 9112 §2.2)
        if (this.lines.length === 0) return void (this.lineBytes = 0)
        return this.headOfLines()
      case Mode.ChunkSize: {
        const m = CHUNK_SIZE.exec(text)
        if (!m) throw new ReplyParseError(`bad chunk size line ${JSON.stringify(text.slice(0, 40))}`)
        this.left = parseInt(m[1], 16)
        this.mode = this.left === 0 ? Mode.Trailers : Mode.ChunkData
        this.lineBytes = 0
        return
      }
      case Mode.ChunkEnd:
        if (text !== '') throw new ReplyParseError('a chunk is longer than its size')
        this.mode = Mode.ChunkSize
        return
      case Mode.Trailers:
        // trailer fields are read past, not kept
        if (text === '') this.mode = Mode.Done
        return
    }
  }

  /** the head read line by line (see `line`) */
  private headOfLines(): void {
    const lines = this.lines
    this.lines = []
    this.lineBytes = 0
    const status = statusIn(lines[0])
    const headers: Record<string, string> = {}
    for (let i = 1; i < lines.length; i++) {
      const l = lines[i]
      const colon = l.indexOf(':')
      const key = colon > 0 ? keyOf(l.slice(0, colon)) : undefined
      if (key === undefined) throw badLine(l)
      this.header(headers, key, l.slice(colon + 1).trim())
    }
    this.headDone(status, headers)
  }

  private header(headers: Record<string, string>, key: string, value: string): void {
    const had = headers[key]
    if (had === undefined) headers[key] = value
    else if (key === 'content-length') {
      if (had !== value) throw new ReplyParseError(`two different Content-Length headers (${had}, ${value})`)
    } else if (!SINGLE.has(key)) headers[key] = `${had}, ${value}`
  }

  /** the status line's version and code, and the headers */
  private headDone(status: readonly [string, number], headers: Record<string, string>): void {
    const code = status[1]
    // interim answers (100 Continue, 103 Early Hints): the real one follows
    if (code >= 100 && code < 200) {
      if (code === 101) throw new ReplyParseError('the server switched protocols, which was not asked for')
      return
    }
    this.head = { status: code, headers }
    const connection = headers['connection']?.toLowerCase()
    this.keepAlive =
      status[0] === '1'
        ? !/(^|,)\s*close\s*(,|$)/.test(connection ?? '')
        : /(^|,)\s*keep-alive\s*(,|$)/.test(connection ?? '')
    this.keepAliveMs = hintOf(headers['keep-alive'] ?? '')
    const te = headers['transfer-encoding']
    const cl = headers['content-length']
    if (cl !== undefined && !/^\d{1,15}$/.test(cl))
      throw new ReplyParseError(`bad Content-Length ${JSON.stringify(cl.slice(0, 40))}`)
    // both framings at once: refused, as llhttp does (a way to smuggle a second reply)
    if (te !== undefined && cl !== undefined)
      throw new ReplyParseError('the reply has both Content-Length and Transfer-Encoding')
    if (this.noBody || code === 204 || code === 304) this.mode = Mode.Done
    else if (te !== undefined) {
      if (/(^|,)\s*chunked\s*$/i.test(te)) this.mode = Mode.ChunkSize
      else {
        this.mode = Mode.Close
        this.keepAlive = false
      }
    } else if (cl !== undefined) {
      this.left = Number(cl)
      this.mode = this.left === 0 ? Mode.Done : Mode.Length
    } else {
      this.mode = Mode.Close
      this.keepAlive = false
    }
  }
}
