/**
 * The cloud emulator's one endpoint: the instance metadata paths (GET), and the action API (POST /,
 * or GET / with X-TC-Action): rate limit, service and version, signature, parameters, then the
 * service's action, answered in the `{Response: {..., RequestId}}` envelope.
 */
import type { HttpRequest, HttpResponse } from '../../http'
import { ApiError, fromQuery, type IdMaker, type Params } from '../cloud-kit'
import { unservedService } from '../cloud-unserved'
import type { Actions } from './fixtures'
import { AUTH, verifySignature, type Signed } from './signature'
import { EMULATOR_ACCOUNT_ID, issue, type Credentials } from './sts'

/** STS actions called with `Authorization: SKIP` (the caller has no keys yet) */
const UNSIGNED = new Set(['sts:AssumeRoleWithSAML', 'sts:AssumeRoleWithWebIdentity'])

export interface TransportDeps {
  readonly credentials: Credentials
  readonly ids: IdMaker
  /** service → API version */
  readonly versions: Readonly<Record<string, string>>
  /** the service's actions, for a caller (the SecretId signed with, if any) */
  readonly actionsOf: (service: string, caller: string | undefined) => Actions
  readonly camRoles: ReadonlyArray<string>
  readonly limit: { readonly limit: number; readonly windowMs: number; readonly perAction?: boolean }
  /** requests served, by `service:Action` or `GET path` */
  readonly counts: Record<string, number>
}

const reply = (status: number, body: unknown, headers: Record<string, string> = {}): HttpResponse => ({
  status,
  headers: { 'content-type': 'application/json', ...headers },
  body: typeof body === 'string' ? body : JSON.stringify(body),
})
const text = (status: number, body: string) => reply(status, body, { 'content-type': 'text/plain' })

/** the instance metadata service: a CAM role's temporary keys */
const metadata = (d: TransportDeps, req: HttpRequest, path: string): HttpResponse => {
  const base = '/latest/meta-data/cam/security-credentials/'
  if (req.method !== 'GET' || !path.startsWith('/latest/meta-data/')) return text(404, 'Not Found')
  if (path === base || path === base.slice(0, -1)) return text(200, d.camRoles.join('\n'))
  const role = decodeURIComponent(path.slice(base.length))
  if (!path.startsWith(base) || !d.camRoles.includes(role)) return text(404, 'Not Found')
  const c = issue(d.credentials, EMULATOR_ACCOUNT_ID, `qcs::cam::uin/${EMULATOR_ACCOUNT_ID}:roleName/${role}`, 7200)
  const { TmpSecretId, TmpSecretKey, ExpiredTime, Expiration, Token } = c
  return reply(200, { TmpSecretId, TmpSecretKey, ExpiredTime, Expiration, Token, Code: 'Success' })
}

/** request times in the current window, per action when the limit is per action ('' otherwise) */
const throttle = (d: TransportDeps) => {
  const hitsOf = new Map<string, number[]>()
  return (name: string): boolean => {
    const t = d.credentials.now().getTime()
    const key = d.limit.perAction ? name : ''
    const hits = hitsOf.get(key) ?? hitsOf.set(key, []).get(key)!
    while (hits.length && hits[0] <= t - d.limit.windowMs) hits.shift()
    if (hits.length >= d.limit.limit) return false
    hits.push(t)
    return true
  }
}

const paramsOf = (req: HttpRequest, url: URL, getStyle: boolean): Params | undefined => {
  try {
    const p: unknown = getStyle ? fromQuery(url.searchParams) : req.body ? JSON.parse(req.body) : {}
    return typeof p === 'object' && p !== null && !Array.isArray(p) ? (p as Params) : undefined
  } catch {
    return undefined
  }
}

export const cloudTransport = (d: TransportDeps) => {
  const apiError = (code: string, message: string) =>
    reply(200, { Response: { Error: { Code: code, Message: message }, RequestId: d.ids.uuid() } })
  const admit = throttle(d)

  /** the action itself, once the request is known to be signed (or need no signature) */
  const run = (req: HttpRequest, url: URL, service: string, action: string, caller: string | undefined) => {
    const getStyle = req.method === 'GET'
    const params = paramsOf(req, url, getStyle)
    if (!params) return apiError('InvalidParameter', 'The request body is not a JSON object.')
    const table = d.actionsOf(service, caller)
    const fn = Object.prototype.hasOwnProperty.call(table, action) ? table[action] : undefined
    if (!fn) return apiError('InvalidAction', `The action ${action} of ${service} does not exist.`)
    if (service !== 'sts' && service !== 'tag' && !req.headers['x-tc-region'])
      return apiError('MissingParameter', 'The request is missing a required parameter `Region`.')
    try {
      return reply(200, { Response: { ...fn(params), RequestId: d.ids.uuid() } })
    } catch (e) {
      if (e instanceof ApiError) return apiError(e.code, e.message)
      return apiError(
        'InternalError',
        `An internal error has occurred (${e instanceof Error ? e.message : String(e)}).`,
      )
    }
  }

  const action = (req: HttpRequest, url: URL): HttpResponse => {
    const h = req.headers
    const actionName = h['x-tc-action'] ?? ''
    const authHeader = h.authorization ?? ''
    const auth = AUTH.exec(authHeader)
    const label = /^([a-z]+)\./.exec(h.host ?? '')?.[1]
    const service = auth?.[3] ?? (authHeader === 'SKIP' ? (label && d.versions[label] ? label : 'sts') : '')
    const name = `${service}:${actionName}`
    d.counts[name] = (d.counts[name] ?? 0) + 1
    if (!admit(name))
      return apiError(
        'RequestLimitExceeded',
        `Your current request times equals to \`${d.limit.limit}\` in a second, which exceeds the frequency limit. Please reduce the frequency of calls.`,
      )
    if (!actionName) return apiError('MissingParameter', 'The request is missing a required parameter `Action`.')
    const version = d.versions[service]
    if (!version && authHeader !== 'SKIP' && !auth)
      return apiError('AuthFailure.InvalidAuthorization', 'The Authorization header is missing or malformed.')
    if (!version)
      return apiError('InvalidAction', unservedService(service, h.host ?? '', h['x-tc-version'], d.versions))
    if (h['x-tc-version'] !== version)
      return apiError('NoSuchVersion', `The version ${h['x-tc-version'] ?? '(none)'} of ${service} does not exist.`)
    if (authHeader === 'SKIP' && UNSIGNED.has(name)) return run(req, url, service, actionName, undefined)
    if (!auth) return apiError('AuthFailure.InvalidAuthorization', 'The Authorization header is missing or malformed.')
    const signed: Signed = { req, url, auth, service, action: actionName, version, getStyle: req.method === 'GET' }
    const verdict = verifySignature(d.credentials, signed)
    if ('error' in verdict) return apiError(...verdict.error)
    return run(req, url, service, actionName, verdict.caller)
  }

  return (req: HttpRequest): HttpResponse => {
    let url: URL
    try {
      url = new URL(req.url)
    } catch {
      return text(400, 'Bad Request')
    }
    const path = url.pathname
    const getStyle = req.method === 'GET' && path === '/' && req.headers['x-tc-action'] !== undefined
    if (req.method === 'GET' && !getStyle) {
      d.counts[`GET ${path}`] = (d.counts[`GET ${path}`] ?? 0) + 1
      return metadata(d, req, path)
    }
    if ((req.method !== 'POST' && !getStyle) || path !== '/') return text(404, 'Not Found')
    return action(req, url)
  }
}
