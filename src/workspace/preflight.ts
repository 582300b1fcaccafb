/**
 * The credential check of every provider instance a stack uses, before any plan is shown or any
 * change made: a bearer-token platform needs its token (from the configuration or its documented
 * environment variable); the cloud resolves its credential chain, whose account check
 * (allowedAccountIds/forbiddenAccountIds) thereby runs once, before any provider changes anything.
 * With a probe, a credential that is present is then tried once against the platform (the provider's
 * `verify` read), so a wrong one stops the run here too.
 */
import * as E from 'fp-ts/Either'
import type { Registry } from '../core/registry'
import type { TaskEither } from 'fp-ts/TaskEither'
import type { PlatformError } from '../core/wire'
import type { Tc3Credentials } from '../../clients/tc3'
import type { TrellisIssue } from './trellis-error'

/** Tries one instance's credential against its platform (credentialProbe). */
export type Probe = (
  provider: string,
  instance: string,
  config: Readonly<Record<string, unknown>>,
) => Promise<ReadonlyArray<TrellisIssue>>

/** The account checks have already called sts:GetCallerIdentity with the resolved credentials. */
const accountChecked = (config: Readonly<Record<string, unknown>>): boolean =>
  [config.allowedAccountIds, config.forbiddenAccountIds].some((l) => Array.isArray(l) && l.length > 0)

/** The configuration field that carries each bearer-token platform's credential. */
const TOKEN_FIELD: Readonly<Record<string, string>> = { cost: 'apiToken', hosting: 'token' }

export const preflightWith =
  (
    registry: Registry,
    cloudChain: (config: Readonly<Record<string, unknown>>) => () => TaskEither<PlatformError, Tc3Credentials>,
    probe?: Probe,
  ) =>
  async (
    provider: string,
    instance: string,
    config: Readonly<Record<string, unknown>>,
  ): Promise<ReadonlyArray<TrellisIssue>> => {
    const node = `provider ${instance}`
    const field = TOKEN_FIELD[provider]
    if (field) {
      if (config[field] !== undefined && config[field] !== '') return probe ? probe(provider, instance, config) : []
      const variable = (registry.providers.get(provider)?.env as Record<string, string> | undefined)?.[field]
      const how = `${field} in the ${provider} provider configuration${variable ? ` or the environment variable ${variable}` : ''}`
      return [
        {
          node,
          path: field,
          expected: how,
          given: 'nothing',
          message: `${node} has no credential: set ${how}.`,
        },
      ]
    }
    if (provider !== 'cloud') return []
    const r = await cloudChain(config)()()
    if (E.isRight(r)) return probe && !accountChecked(config) ? probe(provider, instance, config) : []
    return [
      {
        node,
        path: r.left.kind === 'Forbidden' ? 'allowedAccountIds' : 'secretId',
        expected: r.left.kind === 'Forbidden' ? 'an allowed cloud account' : 'usable cloud credentials',
        given: r.left.kind === 'Forbidden' ? 'another account' : 'none',
        message: `${node}: ${r.left.message}`,
      },
    ]
  }
