/**
 * signTc3: the TC3-HMAC-SHA256 request signature of the cloud API 3.0 (wire/cloud.md §1.3), as a
 * pure function of its inputs. Like the official SDKs it signs only `content-type` and `host`;
 * action, version, region and token travel as unsigned headers. Secrets come in as plain strings:
 * the caller reveals them at the last moment and never keeps the result around.
 */
import { createHash, createHmac } from 'node:crypto'

// ── model ────────────────────────────────────────────────────────────────────
export interface Tc3SignInput {
  readonly secretId: string
  readonly secretKey: string
  /** signing scope and host label: `vpc`, `apigateway`, … */
  readonly service: string
  /** the Host header exactly as sent, e.g. `vpc.tencentcloudapi.com` or `127.0.0.1:4100` */
  readonly host: string
  readonly action: string
  readonly version: string
  /** omitted when undefined (global actions) */
  readonly region?: string
  /** Unix seconds; the same integer goes into X-TC-Timestamp and the string to sign */
  readonly timestamp: number
  /** the exact body sent on the wire */
  readonly payload: string
  /** default `application/json` (what both SDKs send) */
  readonly contentType?: string
  /** session token of temporary credentials */
  readonly token?: string
  /** `POST` (default) or the GET style, whose parameters travel in the query and whose payload is empty */
  readonly method?: 'POST' | 'GET'
  /** the GET style's query string exactly as sent, without `?` */
  readonly query?: string
}

export interface Tc3Signature {
  readonly authorization: string
  /** every header of the request, lower-case names, authorization included */
  readonly headers: Readonly<Record<string, string>>
  /** intermediate values, for debugging a signature mismatch (they contain no secret) */
  readonly canonicalRequest: string
  readonly stringToSign: string
}

export const TC3_ALGORITHM = 'TC3-HMAC-SHA256'
export const SIGNED_HEADERS = 'content-type;host'

// ── helpers ──────────────────────────────────────────────────────────────────
const sha256Hex = (s: string): string => createHash('sha256').update(s, 'utf8').digest('hex')
const hmac = (key: string | Buffer, msg: string): Buffer => createHmac('sha256', key).update(msg, 'utf8').digest()

/** The UTC calendar date of a Unix timestamp (never local time: the date is part of the scope). */
export const tc3Date = (timestamp: number): string => new Date(timestamp * 1000).toISOString().slice(0, 10)

// ── signer ───────────────────────────────────────────────────────────────────
/** Sign a request with TC3-HMAC-SHA256. */
export const signTc3 = (input: Tc3SignInput): Tc3Signature => {
  const contentType = input.contentType ?? 'application/json'
  const canonicalRequest = [
    input.method ?? 'POST',
    '/',
    input.query ?? '',
    `content-type:${contentType}\nhost:${input.host}\n`,
    SIGNED_HEADERS,
    sha256Hex(input.payload),
  ].join('\n')
  const date = tc3Date(input.timestamp)
  const scope = `${date}/${input.service}/tc3_request`
  const stringToSign = [TC3_ALGORITHM, String(input.timestamp), scope, sha256Hex(canonicalRequest)].join('\n')
  const kDate = hmac(`TC3${input.secretKey}`, date)
  const kService = hmac(kDate, input.service)
  const kSigning = hmac(kService, 'tc3_request')
  const signature = createHmac('sha256', kSigning).update(stringToSign, 'utf8').digest('hex')
  const authorization = `${TC3_ALGORITHM} Credential=${input.secretId}/${scope}, SignedHeaders=${SIGNED_HEADERS}, Signature=${signature}`
  return {
    authorization,
    canonicalRequest,
    stringToSign,
    headers: {
      authorization,
      'content-type': contentType,
      host: input.host,
      'x-tc-action': input.action,
      'x-tc-version': input.version,
      'x-tc-timestamp': String(input.timestamp),
      ...(input.region ? { 'x-tc-region': input.region } : {}),
      ...(input.token ? { 'x-tc-token': input.token } : {}),
    },
  }
}
