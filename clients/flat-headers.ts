/**
 * flatHeaders: the headers Node parsed from a message (keys already lower-case, repeated ones as
 * arrays) as one string per name, the shape HttpRequest and HttpResponse carry.
 */
import type { IncomingHttpHeaders } from 'node:http'

export const flatHeaders = (h: IncomingHttpHeaders): Record<string, string> => {
  const out: Record<string, string> = {}
  for (const k in h) {
    const v = h[k]
    if (v !== undefined) out[k] = typeof v === 'string' ? v : v.join(', ')
  }
  return out
}
