/**
 * credentialProbe: a provider instance's credential check against its platform — the provider's one
 * cheap authenticated read (`verify`), sent before any plan — so a wrong token stops the run naming
 * the field and variable to fix, instead of passing the plan and failing half-way through an apply.
 */
import * as E from 'fp-ts/Either'
import type { ClientFactory } from '../core/provider'
import type { Registry } from '../core/registry'
import type { PlatformError } from '../core/wire'
import type { TrellisIssue } from './trellis-error'

/** `token` or `token (HOST_API_TOKEN)`: a field and its documented environment variable. */
const named = (env: Readonly<Record<string, string>>, field: string): string =>
  env[field] ? `${field} (${env[field]})` : field

const refused = (e: PlatformError): boolean => e.kind === 'Unauthorized' || e.kind === 'Forbidden'

/** A busy or failing platform (after the retries) says nothing of the credential: the run goes on. */
const inconclusive = (e: PlatformError): boolean =>
  e.kind === 'RateLimited' || e.kind === 'Server' || e.kind === 'Aborted'

export const credentialProbe =
  (registry: Registry, clients: ClientFactory) =>
  async (
    provider: string,
    instance: string,
    config: Readonly<Record<string, unknown>>,
  ): Promise<ReadonlyArray<TrellisIssue>> => {
    const spec = registry.providers.get(provider)
    const verify = spec?.verify
    if (!spec || !verify) return []
    const r = await clients(provider, config).call(verify.request(config))()
    if (E.isRight(r) || inconclusive(r.left)) return []
    const env = spec.env as Readonly<Record<string, string>>
    const node = `provider ${instance}`
    const status = r.left.status ? `HTTP ${r.left.status}` : r.left.kind
    if (refused(r.left)) {
      const fields = verify.credential.map((f) => named(env, f)).join(' and ')
      return [
        {
          node,
          path: verify.credential[0] ?? '',
          expected: `a credential the ${provider} platform accepts`,
          given: `one it refused (${status})`,
          message:
            `${node}: the ${provider} platform refused the credential (${status} to ${r.left.request}): ` +
            `check ${fields}.`,
        },
      ]
    }
    return [
      {
        node,
        path: verify.endpoint,
        expected: `a reachable ${provider} platform`,
        given: `${status}: ${r.left.message}`,
        message:
          `${node}: the credential check could not complete (${status} to ${r.left.request}: ${r.left.message}): ` +
          `check ${named(env, verify.endpoint)}.`,
      },
    ]
  }
