/** The STS calls of the cloud credential chain: signed with the keys so far, or unsigned before any exist. */
import * as E from 'fp-ts/Either'
import * as TE from 'fp-ts/TaskEither'
import { action } from '../../../../core/wire'
import { kindOfCode, tc3Client } from '../../../../../clients/tc3'
import { DEFAULT_CLOUD_DOMAIN } from '../../config'
import { Failure, failWith, obj, str, WHAT, type ChainContext, type CloudKeys, type Obj } from './chain-kit'

const STS = { service: 'sts', version: '2018-08-13' } as const

/** a signed STS call with the keys so far */
export const signedSts = async (ctx: ChainContext, keys: CloudKeys, name: string, params: Obj): Promise<unknown> => {
  const client = tc3Client({
    credentials: () => TE.right(keys),
    region: ctx.region,
    protocol: ctx.protocol,
    domain: ctx.domain,
    endpoint: ctx.opts.stsEndpoint,
    http: ctx.opts.http,
    now: ctx.opts.now,
    sleep: ctx.opts.sleep,
    maxAttempts: 5,
    readRetryMs: 30_000,
    writeRetryMs: 30_000,
  })
  const r = await client.call(action(STS.service, STS.version, name, params))()
  if (E.isLeft(r)) throw new Failure({ ...r.left, request: `${WHAT}: sts:${name}` })
  return r.right
}

/** The `Response` of an STS reply's text, or the failure it names. */
const stsResponse = (name: string, status: number, text: string): Obj | undefined => {
  if (status !== 200) return failWith('Server', `sts:${name}: HTTP ${status}`, { status })
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return failWith('Malformed', `sts:${name}: the reply is not JSON`)
  }
  const resp = obj(obj(json)?.Response)
  const err = obj(resp?.Error)
  if (!err) return resp
  const code = str(err.Code) ?? 'UnknownError'
  const message = str(err.Message)
  return failWith(kindOfCode(code, message ?? ''), `sts:${name}: ${code}: ${message ?? 'no message'}`, { code })
}

/** an STS call made before any key exists (`Authorization: SKIP`), as the SDKs do */
export const unsignedSts = async (ctx: ChainContext, name: string, params: Obj): Promise<unknown> => {
  const secure = ctx.protocol.toLowerCase() !== 'http'
  const url = ctx.opts.stsEndpoint ?? `${secure ? 'https' : 'http'}://sts.${ctx.domain ?? DEFAULT_CLOUD_DOMAIN}/`
  let host: string
  try {
    host = new URL(url).host
  } catch {
    return failWith('Refused', `the STS endpoint ${JSON.stringify(url)} is not a valid URL`)
  }
  const r = await ctx.opts.http({
    method: 'POST',
    url,
    headers: {
      authorization: 'SKIP',
      'content-type': 'application/json',
      host,
      'x-tc-action': name,
      'x-tc-version': STS.version,
      'x-tc-timestamp': String(Math.floor(ctx.now().getTime() / 1000)),
      'x-tc-region': ctx.region,
      'x-tc-language': 'en-US',
    },
    body: JSON.stringify(params),
    timeoutMs: 30_000,
  })()
  if (E.isLeft(r)) return failWith('Network', `sts:${name}: ${r.left.message}`)
  return stsResponse(name, r.right.status, r.right.body)
}
