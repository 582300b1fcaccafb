/**
 * The credential check of every provider instance a stack uses, before any plan is shown or any
 * change made: a bearer-token platform needs its token (from the configuration or its documented
 * environment variable); the cloud resolves its credential chain, whose account check
 * (allowedAccountIds/forbiddenAccountIds) thereby runs once, before any provider changes anything.
 */
import * as E from 'fp-ts/Either'
import type { Registry } from '../core/registry'
import type { TaskEither } from 'fp-ts/TaskEither'
import type { PlatformError } from '../core/wire'
import type { Tc3Credentials } from '../../clients/tc3'
import type { TrellisIssue } from './trellis-error'

/** The configuration field that carries each bearer-token platform's credential. */
const TOKEN_FIELD: Readonly<Record<string, string>> = { cost: 'apiToken', hosting: 'token' }

export const preflightWith =
  (
    registry: Registry,
    cloudChain: (config: Readonly<Record<string, unknown>>) => () => TaskEither<PlatformError, Tc3Credentials>,
  ) =>
  async (
    provider: string,
    instance: string,
    config: Readonly<Record<string, unknown>>,
  ): Promise<ReadonlyArray<TrellisIssue>> => {
    const node = `provider ${instance}`
    const field = TOKEN_FIELD[provider]
    if (field) {
      if (config[field] !== undefined && config[field] !== '') return []
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
    if (E.isRight(r)) return []
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
