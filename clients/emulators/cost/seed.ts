/**
 * What a cost emulator holds before any request (the default workspace, the options' fixtures) and
 * objects seeded later in the platform's own shapes, each under its token (made if it has none).
 */
import { checkSeedKinds, type SeedObjects } from '../emulator'
import type { Collections } from './collection'
import type { Obj } from './reply'
import type { CostContext } from './state'

export const DEFAULT_WORKSPACE: Obj = {
  token: 'wrkspc_default',
  name: 'Default Workspace',
  created_at: '2024-01-01T00:00:00Z',
  enable_currency_conversion: false,
  currency: 'USD',
  exchange_rate_date: null,
}

export const applyFixtures = (
  ctx: CostContext,
  fixtures: Readonly<Record<string, ReadonlyArray<Record<string, unknown>> | undefined>>,
): void => {
  ctx.coll('workspaces').set('wrkspc_default', { ...DEFAULT_WORKSPACE })
  for (const [name, items] of Object.entries(fixtures))
    for (const it of items ?? []) {
      const token = typeof it.token === 'string' ? it.token : ctx.newToken(`${name.slice(0, 4)}_`)
      ctx.coll(name).set(token, { ...it, token })
    }
}

export const seedCost = (ctx: CostContext, collections: Collections, objects: SeedObjects): void => {
  checkSeedKinds('cost', objects, Object.keys(collections).sort())
  for (const [name, items] of Object.entries(objects))
    for (const it of items) {
      const token = typeof it.token === 'string' && it.token !== '' ? it.token : ctx.newToken(collections[name].prefix)
      ctx.coll(name).set(token, { created_at: ctx.stamp(), ...(JSON.parse(JSON.stringify(it)) as Obj), token })
    }
}
