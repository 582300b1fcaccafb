/**
 * replyHeaders: a reply's headers as undici parsed them (lower-case names, repeated ones as
 * arrays) as one string per name, by node:http's rules for repeats — the shape HttpResponse
 * carries, unchanged from the transports before undici: a repeat of a header that holds one value
 * is dropped (the first one counts), any other repeat is joined with ', '.
 */

/** the headers node:http keeps the first of (its IncomingMessage rules) */
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

export const replyHeaders = (h: Readonly<Record<string, string | string[] | undefined>>): Record<string, string> => {
  const out: Record<string, string> = {}
  for (const k in h) {
    const v = h[k]
    if (v === undefined) continue
    out[k] = typeof v === 'string' ? v : SINGLE.has(k) ? v[0] : v.join(', ')
  }
  return out
}
