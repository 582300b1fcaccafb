/**
 * localhostLookup: name resolution in which every name under `localhost` is the loopback address
 * (RFC 6761 §6.3: `*.localhost` names resolve to loopback, as browsers and systemd-resolved do,
 * while the C library often does not). It lets the cloud provider's documented `domain` setting
 * reach an emulator on this machine: `domain: 'localhost:4102', protocol: 'http'` sends
 * `apigateway.localhost:4102` to 127.0.0.1, with the service's own name in the Host header as on
 * the platform. Every other name goes to the system resolver.
 */
import * as dns from 'node:dns'
import type { LookupFunction } from 'node:net'

export const isLocalhostName = (hostname: string): boolean => {
  const h = hostname.toLowerCase().replace(/\.$/, '')
  return h === 'localhost' || h.endsWith('.localhost')
}

export const localhostLookup: LookupFunction = (hostname, options, callback) => {
  if (!isLocalhostName(hostname)) return dns.lookup(hostname, options, callback)
  if (options.all) (callback as (e: null, a: dns.LookupAddress[]) => void)(null, [{ address: '127.0.0.1', family: 4 }])
  else callback(null, '127.0.0.1', 4)
}
