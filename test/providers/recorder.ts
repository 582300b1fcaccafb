/**
 * An HttpClient middleware that keeps every request it passes on: what the engine and the
 * specs really put on the wire, for tests that check requests against the platforms' documents.
 */
import type { HttpClient, HttpRequest } from '#trellis/clients'

export interface Recorded {
  readonly method: HttpRequest['method']
  readonly url: string
  /** the signed action's name (x-tc-action), version and service (credential scope), for the cloud platform */
  readonly action?: string
  readonly version?: string
  readonly service?: string
  /** the parsed JSON body, if any */
  readonly body?: unknown
}

export const recorder = () => {
  const sent: Recorded[] = []
  const wrap =
    (next: HttpClient): HttpClient =>
    (req) => {
      let body: unknown
      try {
        body = req.body === undefined || req.body === '' ? undefined : JSON.parse(req.body)
      } catch {
        body = req.body
      }
      const scope = /Credential=[^/]+\/[^/]+\/([^/]+)\//.exec(req.headers.authorization ?? '')
      sent.push({
        method: req.method,
        url: req.url,
        action: req.headers['x-tc-action'],
        version: req.headers['x-tc-version'],
        service: scope?.[1],
        body,
      })
      return next(req)
    }
  return { wrap, sent }
}
