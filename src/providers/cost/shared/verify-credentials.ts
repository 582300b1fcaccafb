/**
 * The cost platform's credential check: a one-item page of `GET /v2/workspaces` (every token with
 * the `read` scope may list its workspaces; docs/wire/cost.md, getWorkspaces), sent by preflight before any plan.
 */
import { rest } from '../../../core/wire'
import type { VerifyRequest } from '../../../core/provider'
import type { CostConfig } from '../config'

export const verifyCredentials: VerifyRequest<CostConfig> = {
  request: () => rest('GET', '/v2/workspaces', { query: { limit: 1 } }),
  credential: ['apiToken'],
  endpoint: 'host',
}
