/**
 * proxyFromEnv: the proxy settings of an environment record (the CLI's and workspace()'s, passed
 * in): HTTPS_PROXY, HTTP_PROXY and NO_PROXY, each read in its lower-case form first, as curl does. A
 * proxy given without a scheme is taken as http:// (as both do); anything else that is not an
 * http(s) URL is refused here, naming the variable, before any request, without printing its
 * user name or password.
 */
import * as E from 'fp-ts/Either'
import type { ProxySettings } from './proxy-for'

type EnvRecord = Readonly<Record<string, string | undefined>>

const read = (env: EnvRecord, name: string): string | undefined => {
  const v = env[name.toLowerCase()] ?? env[name]
  return v === undefined || v.trim() === '' ? undefined : v.trim()
}

/** the value with any user info masked, for an error message */
const masked = (v: string): string => v.replace(/\/\/[^@/]*@/, '//***@')

const proxyUrl = (name: string, v: string): E.Either<string, string> => {
  const given = /^[a-z][a-z0-9+.-]*:\/\//i.test(v) ? v : `http://${v}`
  let u: URL
  try {
    u = new URL(given)
  } catch {
    return E.left(`${name}: expected a proxy URL like http://proxy.example:3128, got ${JSON.stringify(masked(v))}`)
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:')
    return E.left(`${name}: expected an http:// or https:// proxy, got ${u.protocol}// (${JSON.stringify(masked(v))})`)
  if (u.hostname === '') return E.left(`${name}: expected a proxy host, got ${JSON.stringify(masked(v))}`)
  return E.right(u.href)
}

/** The proxy settings the environment gives, undefined when it names no proxy, or why it cannot be used. */
export const proxyFromEnv = (env: EnvRecord): E.Either<string, ProxySettings | undefined> => {
  const httpRaw = read(env, 'HTTP_PROXY')
  const httpsRaw = read(env, 'HTTPS_PROXY')
  const noProxy = read(env, 'NO_PROXY')
  if (httpRaw === undefined && httpsRaw === undefined) return E.right(undefined)
  const http = httpRaw === undefined ? E.right(undefined) : proxyUrl('HTTP_PROXY', httpRaw)
  if (E.isLeft(http)) return http
  const https = httpsRaw === undefined ? E.right(undefined) : proxyUrl('HTTPS_PROXY', httpsRaw)
  if (E.isLeft(https)) return https
  return E.right({
    ...(http.right !== undefined ? { http: http.right } : {}),
    ...(https.right !== undefined ? { https: https.right } : {}),
    ...(noProxy !== undefined ? { noProxy } : {}),
  })
}
