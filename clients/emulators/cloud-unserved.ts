/**
 * unservedService: the cloud emulator's answer to a request for a service it does not serve. The
 * official SDK signs for the service named by its endpoint's first label, so a client pointed at
 * `127.0.0.1:PORT` signs for service `127`; the answer says how to name the service instead.
 */

/** `versions`: each served service's API version (`vpc` → `2017-03-12`) */
export const unservedService = (
  service: string,
  host: string,
  version: string | undefined,
  versions: Readonly<Record<string, string>>,
): string => {
  const served = Object.keys(versions)
  const port = /:(\d+)$/.exec(host)?.[1] ?? 'PORT'
  // the version sent names the service meant (two share one: both are offered)
  const meant = served.filter((s) => versions[s] === version)
  const example = meant.length ? meant.join('|') : '<service>'
  const endpoint = `${example}.localhost:${port}`
  const ipAddress = /^\d+$/.test(service) || /^\[|^\d+\.\d+\.\d+\.\d+(:\d+)?$/.test(host)
  const why = ipAddress
    ? `: the SDK took the service from the first label of the endpoint ${host}, an IP address.`
    : '.'
  return (
    `The service ${service} is not served here${why} Name the service in the endpoint: ${endpoint} ` +
    `(every name under localhost is this machine), or give each service's client its own endpoint ` +
    `(profile.httpProfile.endpoint = '${endpoint}'). Served: ${served.join(', ')}.`
  )
}
