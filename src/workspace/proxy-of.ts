/**
 * proxyOf: the proxy settings a live Env uses, read at the edge from the options' environment
 * (HTTPS_PROXY, HTTP_PROXY, NO_PROXY and their lower-case forms). Emulated traffic and a transport
 * the caller gives are never proxied. A malformed variable is a usage error naming it.
 */
import { proxyFromEnv } from '../../clients/proxy-from-env'
import type { ProxySettings } from '../../clients/fetch'
import { usageError } from './trellis-error'
import type { WorkspaceOptions } from './workspace'

/** `{ proxy }` to spread into the real wiring's options, or `{}` when nothing is proxied. */
export const proxyOf = (opts: WorkspaceOptions): { readonly proxy?: ProxySettings } => {
  if (opts.emulate || opts.transport) return {}
  const proxy = proxyFromEnv(opts.env ?? process.env)
  if (proxy._tag === 'Left') throw usageError(proxy.left)
  return proxy.right ? { proxy: proxy.right } : {}
}
