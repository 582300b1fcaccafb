/**
 * verifySignature: the TC3-HMAC-SHA256 check of one request, as the platform makes it: a known
 * SecretId (static or temporary, with its token, unexpired), a fresh timestamp, only
 * content-type;host signed, and the signature recomputed with the secret the emulator knows.
 */
import type { HttpRequest } from '../../http'
import { signTc3, tc3Date } from '../../tc3-sign'
import type { Credentials } from './sts'

export const AUTH =
  /^TC3-HMAC-SHA256 Credential=([^/\s]+)\/(\d{4}-\d{2}-\d{2})\/([a-z0-9]+)\/tc3_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/

export interface Signed {
  readonly req: HttpRequest
  readonly url: URL
  /** the Authorization header's parts (AUTH) */
  readonly auth: RegExpExecArray
  readonly service: string
  readonly action: string
  readonly version: string
  /** the GET style: parameters in the query, nothing in the body */
  readonly getStyle: boolean
}

/** An error's code and message, or the SecretId the request was signed with. */
export type Verdict = { readonly error: readonly [string, string] } | { readonly caller: string }

const refused = (code: string, message: string): Verdict => ({ error: [code, message] })

/** the Host header as sent, or its name alone: the official SDK signs the host name without the port */
const signatureMatches = (s: Signed, key: string, ts: number): boolean => {
  const [, secretId, , , , signature] = s.auth
  const h = s.req.headers
  const host = h.host ?? ''
  return [host, host.replace(/:\d+$/, '')].some((hostSigned) =>
    signTc3({
      secretId,
      secretKey: key,
      service: s.service,
      host: hostSigned,
      action: s.action,
      version: s.version,
      timestamp: ts,
      payload: s.getStyle ? '' : (s.req.body ?? ''),
      contentType: h['content-type'] ?? '',
      ...(s.getStyle ? { method: 'GET' as const, query: s.url.search.slice(1) } : {}),
    }).authorization.endsWith(`Signature=${signature}`),
  )
}

export const verifySignature = (c: Credentials, s: Signed): Verdict => {
  const [, secretId, date, , signedHeaders] = s.auth
  const t = c.now().getTime()
  const ts = Number(s.req.headers['x-tc-timestamp'])
  if (!Number.isInteger(ts)) return refused('MissingParameter', 'The request is missing a valid X-TC-Timestamp.')
  if (Math.abs(t / 1000 - ts) > 300)
    return refused(
      'AuthFailure.SignatureExpire',
      'Signature expired. Timestamp and server time cannot differ by more than five minutes.',
    )
  const tmp = c.temp.get(secretId)
  const key = tmp?.key ?? c.staticKeys[secretId]
  if (key === undefined)
    return refused(
      'AuthFailure.SecretIdNotFound',
      'The SecretId is not found, please ensure that your SecretId is correct.',
    )
  if (tmp && s.req.headers['x-tc-token'] !== tmp.token)
    return refused('AuthFailure.TokenFailure', 'The token is missing or does not belong to this SecretId.')
  if (tmp && tmp.expires <= t) return refused('AuthFailure.TokenFailure', 'The temporary credentials have expired.')
  if (signedHeaders !== 'content-type;host')
    return refused(
      'AuthFailure.SignatureFailure',
      'The provided credentials could not be validated: only content-type;host may be signed here.',
    )
  if (!signatureMatches(s, key, ts) || tc3Date(ts) !== date)
    return refused(
      'AuthFailure.SignatureFailure',
      'The provided credentials could not be validated. Please check your signature is correct.',
    )
  return { caller: secretId }
}
