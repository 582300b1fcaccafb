/**
 * dispatcherOf: the undici dispatchers a client sends through — one keep-alive Agent (a pool per
 * origin, connections not capped: the engine's concurrency decides how many requests are in
 * flight) for direct requests, and one ProxyAgent per proxy, made when first needed. A client with
 * neither a CA nor a lookup of its own shares its direct Agent with every other such client. undici and node:tls are
 * loaded by the first request, so a command that sends nothing does not load them.
 */
import type * as Undici from 'undici'
import type * as Tls from 'node:tls'
import type { LookupFunction } from 'node:net'
import { localhostLookup } from './localhost-lookup'
import { proxyFor, type ProxySettings } from './proxy-for'

// ── model ────────────────────────────────────────────────────────────────────
export interface DispatcherOptions {
  /**
   * certificate authorities trusted besides Node's bundled roots (PEM). NODE_EXTRA_CA_CERTS, which
   * Node reads at start, is honoured when this is not given.
   */
  readonly ca?: string | Buffer | ReadonlyArray<string | Buffer>
  /** proxies, as proxyFromEnv reads them at the edge (none: every request goes direct) */
  readonly proxy?: ProxySettings
  /**
   * name resolution of direct connections (default: the system's, every `*.localhost` name on
   * loopback); through a proxy, the proxy resolves the platform's name
   */
  readonly lookup?: LookupFunction
}

export interface Route {
  readonly dispatcher: Undici.Dispatcher
  /** the proxy the request goes through, if any */
  readonly proxy: string | undefined
}

// ── loading ──────────────────────────────────────────────────────────────────
let undici: typeof Undici | undefined
let tls: typeof Tls | undefined
let loading: Promise<typeof Undici> | undefined

/** undici, at once when loaded, or the promise of it */
export const loadUndici = (): typeof Undici | Promise<typeof Undici> =>
  undici ??
  (loading ??= Promise.all([import('undici'), import('node:tls')]).then(([m, t]) => {
    tls = t
    // a CommonJS module: some loaders (a bundle's interop) give its exports only as the default
    const u = typeof m.Agent === 'function' ? m : (m as unknown as { default: typeof Undici }).default
    return (undici = u)
  }))

// ── dispatchers ──────────────────────────────────────────────────────────────
let shared: Undici.Agent | undefined

const caList = (ca: NonNullable<DispatcherOptions['ca']>): Array<string | Buffer> => [
  // given alone, a CA would replace Node's roots: the public platforms must stay reachable
  ...(tls?.rootCertificates ?? []),
  ...(typeof ca === 'string' || Buffer.isBuffer(ca) ? [ca] : ca),
]

/** For each request URL, the dispatcher it goes through and the proxy, if any. */
export const dispatcherOf = (u: typeof Undici, opts: DispatcherOptions): ((url: URL) => Route) => {
  const ca = opts.ca === undefined ? undefined : caList(opts.ca)
  const tlsOpts = ca === undefined ? {} : { ca }
  const direct: Route = {
    dispatcher:
      ca === undefined && opts.lookup === undefined
        ? (shared ??= new u.Agent({ connect: { lookup: localhostLookup } }))
        : new u.Agent({ connect: { lookup: opts.lookup ?? localhostLookup, ...tlsOpts } }),
    proxy: undefined,
  }
  const settings = opts.proxy
  if (settings === undefined || (settings.http === undefined && settings.https === undefined)) return () => direct
  const viaProxy = new Map<string, Route>()
  return (url) => {
    const proxy = proxyFor(settings, url)
    if (proxy === undefined) return direct
    let r = viaProxy.get(proxy)
    if (!r) {
      // plain-http requests go to an http proxy as absolute URLs (forwarded), https ones through a
      // CONNECT tunnel; the proxy resolves the platform's name
      const dispatcher = new u.ProxyAgent({ uri: proxy, proxyTunnel: false, requestTls: tlsOpts, proxyTls: tlsOpts })
      viaProxy.set(proxy, (r = { dispatcher, proxy }))
    }
    return r
  }
}
