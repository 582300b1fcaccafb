/**
 * The in-process platforms of `harness.ts`, with emulator fixtures the every-resource table needs:
 * the cost platform has no API that makes teams or workspaces, so an AccessGrant's team and a
 * CustomProvider's second workspace are seeded, as an account would hold them.
 */
import { platforms, type Platforms } from './harness'

export const COST_TEAM = 'team_every_1'
export const SECOND_WORKSPACE = 'wrkspc_second'

/** the cost emulator's fixtures: the team and the second workspace the rows refer to */
export const COST_FIXTURES = {
  teams: [
    {
      token: COST_TEAM,
      name: 'FinOps',
      description: null,
      workspace_tokens: ['wrkspc_default'],
      user_emails: [],
      user_tokens: [],
    },
  ],
  workspaces: [
    {
      token: SECOND_WORKSPACE,
      name: 'Second',
      created_at: '2024-01-01T00:00:00Z',
      enable_currency_conversion: false,
      currency: 'USD',
      exchange_rate_date: null,
    },
  ],
}

export const rowPlatforms = (): Promise<Platforms> => platforms('in-process', { cost: { fixtures: COST_FIXTURES } })
