/**
 * The in-process platforms of `harness.ts`, with emulator fixtures the every-resource table needs:
 * the cost platform has no API that makes teams or workspaces, so an AccessGrant's team and a
 * CustomProvider's second workspace are seeded, as an account would hold them.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { registry } from '../../src/providers'
import { httpHandler } from '../../src/engine/http-handler'
import { fileStore } from '../../src/state/file-store'
import { platformClients } from '../../clients/platforms'
import { costEmulator } from '../../clients/emulators/cost'
import { hostingEmulator } from '../../clients/emulators/hosting'
import { cloudEmulator } from '../../clients/emulators/cloud'
import { CREDENTIALS, type Platforms } from './harness'

export const COST_TEAM = 'team_every_1'
export const SECOND_WORKSPACE = 'wrkspc_second'

const fastSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, Math.min(ms, 5)))

export const rowPlatforms = async (): Promise<Platforms> => {
  const emulators = {
    cost: costEmulator({
      fixtures: {
        teams: [{ token: COST_TEAM, name: 'FinOps', description: null, workspace_tokens: ['wrkspc_default'], user_emails: [], user_tokens: [] }],
        workspaces: [{ token: SECOND_WORKSPACE, name: 'Second', created_at: '2024-01-01T00:00:00Z', enable_currency_conversion: false, currency: 'USD', exchange_rate_date: null }],
      },
    }),
    hosting: hostingEmulator(),
    cloud: cloudEmulator(),
  }
  const handler = httpHandler({
    clients: (provider, config) => {
      const p = provider as keyof typeof emulators
      // the stack's provider configuration wins over the emulator credentials
      const withCreds: Record<string, unknown> = { ...CREDENTIALS[p], ...config }
      for (const [k, v] of Object.entries(CREDENTIALS[p])) if (config[k] === undefined) withCreds[k] = v
      return platformClients({ http: emulators[p].client, sleep: fastSleep })(provider, withCreds)
    },
  })
  const dir = mkdtempSync(join(tmpdir(), 'trellis-every-'))
  return {
    emulators,
    handler,
    env: (extra = {}) => ({ registry, handler, store: fileStore({ dir }), events: () => undefined, concurrency: 8, now: () => new Date(), ...extra }),
    close: async () => undefined,
  }
}
