/**
 * The hosting platform's credential check: `GET /accounts`, the teams the token's user belongs to
 * (one unpaged list, as the default team's resolution reads it; docs/wire/hosting.md §1.2), sent by
 * preflight before any plan.
 */
import { rest } from '../../../core/wire'
import type { VerifyRequest } from '../../../core/provider'
import type { HostingConfig } from '../config'
import { apiPath } from './wire'

export const verifyCredentials: VerifyRequest<HostingConfig> = {
  request: () => rest('GET', apiPath`/accounts`),
  credential: ['token'],
  endpoint: 'endpoint',
}
