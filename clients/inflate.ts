/**
 * inflate: a reply body in a content coding the Node transports ask for (gzip, deflate, br) as
 * text. node:zlib is loaded by the first compressed reply.
 */
import type * as Zlib from 'node:zlib'

/** the codings inflate reads (what the transports send in Accept-Encoding, and x-gzip) */
export const ENCODINGS: ReadonlySet<string> = new Set(['gzip', 'x-gzip', 'deflate', 'br'])

let zlib: typeof Zlib | undefined
const zlibOf = async (): Promise<typeof Zlib> => (zlib ??= await import('node:zlib'))

/** A compressed body as text (deflate either zlib-wrapped or raw, as servers send both). */
export const inflate = async (encoding: string, raw: Buffer): Promise<string> => {
  if (raw.length === 0) return ''
  const z = await zlibOf()
  const run = (f: (b: Buffer, cb: (e: Error | null, out: Buffer) => void) => void): Promise<string> =>
    new Promise((resolve, reject) => f(raw, (e, out) => (e ? reject(e) : resolve(out.toString('utf8')))))
  if (encoding === 'br') return run(z.brotliDecompress)
  if (encoding === 'deflate') return run((raw[0] & 0x0f) === 0x08 ? z.inflate : z.inflateRaw)
  return run(z.gunzip)
}
