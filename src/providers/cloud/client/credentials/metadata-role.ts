/** The chain's third source: the instance's CAM role keys, from the metadata service. */
import * as E from 'fp-ts/Either'
import { failWith, jsonObject, keysOf, str, type ChainContext, type Resolved } from './chain-kit'

export const DEFAULT_METADATA_ENDPOINT = 'http://metadata.tencentyun.com'
export const CAM_CREDENTIALS_PATH = '/latest/meta-data/cam/security-credentials/'

/** 3. the keys of the instance's role `role` */
export const camRole = async ({ opts }: ChainContext, role: string): Promise<Resolved> => {
  const base = (opts.metadataEndpoint ?? DEFAULT_METADATA_ENDPOINT).replace(/\/+$/, '')
  const url = `${base}${CAM_CREDENTIALS_PATH}${encodeURIComponent(role)}`
  const r = await opts.http({ method: 'GET', url, headers: { accept: 'application/json' }, timeoutMs: 10_000 })()
  if (E.isLeft(r))
    return failWith('Network', `the metadata service could not be reached for role ${role}: ${r.left.message}`)
  const status = r.right.status
  if (status === 404) return failWith('Unauthorized', `the instance has no CAM role named ${role}`, { status: 404 })
  if (status !== 200)
    return failWith('Server', `the metadata service answered HTTP ${status} for role ${role}`, { status })
  const j = jsonObject(r.right.body)
  const id = str(j?.TmpSecretId)
  const key = str(j?.TmpSecretKey)
  const token = str(j?.Token)
  if (!j || (j.Code !== undefined && j.Code !== 'Success') || !id || !key || !token)
    return failWith('Malformed', `the metadata service returned no credentials for role ${role}`)
  return {
    keys: keysOf(id, key, token),
    expires: typeof j.ExpiredTime === 'number' ? j.ExpiredTime * 1000 : undefined,
  }
}
