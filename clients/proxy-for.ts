/**
 * proxyFor: which proxy, if any, a request goes through — as Go's and curl's clients choose it. A
 * plain-http URL takes the HTTP proxy, an https one the HTTPS proxy (tunnelled with CONNECT); a
 * host that NO_PROXY names goes direct, and so does loopback and link-local (the cloud's instance
 * metadata service, an emulator on this machine) whatever the settings say. The settings are data
 * read at the edge (proxyFromEnv), never from the process here.
 */
import { isLocalhostName } from './localhost-lookup'

// ── model ────────────────────────────────────────────────────────────────────
/** Where requests go through a proxy, as the environment's HTTP(S)_PROXY and NO_PROXY say. */
export interface ProxySettings {
  /** the proxy of plain-http requests (`http://user:pass@proxy:3128`) */
  readonly http?: string
  /** the proxy of https requests, tunnelled with CONNECT */
  readonly https?: string
  /** hosts that go direct: names (a name covers its subdomains), IPs, CIDRs, `host:port`, `*` */
  readonly noProxy?: string
}

// ── addresses ────────────────────────────────────────────────────────────────
const ipv4 = (h: string): number | undefined => {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(h)
  if (!m) return undefined
  const parts = m.slice(1).map(Number)
  return parts.every((p) => p <= 255)
    ? ((parts[0] << 24) | (parts[1] << 16) | (parts[2] << 8) | parts[3]) >>> 0
    : undefined
}

/** 127.0.0.0/8, ::1, localhost names; 169.254.0.0/16 and fe80::/10 (link-local) */
export const neverProxied = (hostname: string): boolean => {
  const h = hostname.toLowerCase().replace(/^\[|\]$/g, '')
  if (isLocalhostName(h) || h === '::1' || /^fe[89ab][0-9a-f]?:/.test(h)) return true
  // IPv4-mapped, as the URL parser writes it (::ffff:7f00:1 is 127.0.0.1, ::ffff:a9fe:… 169.254.…)
  if (/^::ffff:(7f[0-9a-f]{2}|a9fe):/.test(h)) return true
  const v4 = ipv4(h.startsWith('::ffff:') ? h.slice(7) : h)
  return v4 !== undefined && (v4 >>> 24 === 127 || v4 >>> 16 === 0xa9fe)
}

const inCidr = (host: string, cidr: string): boolean => {
  const [net, bits] = cidr.split('/')
  const a = ipv4(host)
  const b = ipv4(net)
  const n = Number(bits)
  if (a === undefined || b === undefined || !Number.isInteger(n) || n < 0 || n > 32) return false
  const mask = n === 0 ? 0 : (~0 << (32 - n)) >>> 0
  return (a & mask) >>> 0 === (b & mask) >>> 0
}

/** one NO_PROXY entry against a host and port (Go's rules: `.x.y` covers subdomains only, `x.y` both) */
const matches = (entry: string, host: string, port: string): boolean => {
  let e = entry.trim().toLowerCase()
  if (e === '') return false
  if (e === '*') return true
  if (e.includes('/')) return inCidr(host, e)
  const withPort = /^(\[[^\]]+\]|[^:]+):(\d+)$/.exec(e)
  if (withPort) {
    if (withPort[2] !== port) return false
    e = withPort[1]
  }
  e = e.replace(/^\[|\]$/g, '')
  if (e.startsWith('*.')) e = e.slice(1)
  if (e.startsWith('.')) return host.endsWith(e)
  return host === e || host.endsWith(`.${e}`)
}

// ── choice ───────────────────────────────────────────────────────────────────
const defaultPort = (protocol: string): string => (protocol === 'https:' ? '443' : '80')

/** The proxy URL a request to `url` goes through, or undefined to go direct. */
export const proxyFor = (settings: ProxySettings | undefined, url: URL): string | undefined => {
  if (!settings) return undefined
  const proxy = url.protocol === 'https:' ? settings.https : url.protocol === 'http:' ? settings.http : undefined
  if (proxy === undefined || proxy === '') return undefined
  const host = url.hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
  if (neverProxied(host)) return undefined
  const port = url.port || defaultPort(url.protocol)
  const no = settings.noProxy ?? ''
  return no.split(/[\s,]+/).some((e) => matches(e, host, port)) ? undefined : proxy
}

/** A proxy URL as it may be printed: scheme, host and port, never its user name or password. */
export const proxyShown = (proxy: string): string => {
  try {
    const u = new URL(proxy)
    return `${u.protocol}//${u.host}`
  } catch {
    // not a URL: nothing of it is printed but that it was given
    return '(the configured proxy)'
  }
}
