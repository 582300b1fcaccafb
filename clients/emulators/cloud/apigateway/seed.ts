/**
 * What the service holds before any request (the options' API apps, docs and app bindings), and
 * objects seeded later in the platform's shapes: each made through its create action, then given
 * its own id.
 */
import { ApiError, clone, oneOf } from '../../cloud-kit'
import { seedField, type SeedObjects } from '../../emulator'
import type { ApiAppFixture, ApiDocFixture, ApiGatewayOptions, Gw, Obj } from './state'
import { ENVS, type Env } from './vocabulary'
import { CreateService } from './services'
import { CreateUsagePlan } from './usage-plans'
import { CreateApiKey } from './api-keys'

export const SEEDS = [
  'services',
  'apiKeys',
  'usagePlans',
  'apis',
  'ipStrategies',
  'plugins',
  'releases',
  'usagePlanBindings',
  'apiApps',
  'apiDocs',
  'apiAppBindings',
]

/** The service's actions by name, as requests call them (objects of these kinds are made through them). */
export type Actions = Readonly<Record<string, (p: Obj) => Obj>>

/** an API app as the platform shows it, with a key and secret of its own */
export const appOf = (g: Gw, a: ApiAppFixture): Obj => ({
  ApiAppId: a.ApiAppId,
  ApiAppName: a.ApiAppName,
  ApiAppKey: `APID${g.ids.tail(28)}`,
  ApiAppSecret: g.ids.tail(40),
  CreatedTime: g.now(),
  ModifiedTime: g.now(),
  ApiAppDesc: a.ApiAppDesc ?? '',
})

export const applyFixtures = (g: Gw, o: ApiGatewayOptions): void => {
  g.state.apps.push(...(o.apiApps ?? []).map((a) => appOf(g, a)))
  g.state.docs.push(...(o.apiDocs ?? []))
  g.state.appBindings.push(...(o.apiAppBindings ?? []))
}

/** An object seeded in the platform's shape: made through its create action, then given its own id. */
const seedOne = (
  g: Gw,
  kind: string,
  i: number,
  run: () => string,
  id: unknown,
  rekey: (f: string, t: string) => void,
) => {
  let made: string
  try {
    made = run()
  } catch (e) {
    throw new Error(`seed cloud.${kind}[${i}]: ${e instanceof ApiError ? `${e.code}: ${e.message}` : String(e)}`, {
      cause: e,
    })
  }
  // seeded objects were made long ago: visible at once
  g.state.pending.delete(made)
  if (typeof id === 'string' && id !== '' && id !== made) {
    rekey(made, id)
    g.ids.taken.add(id)
  }
}

const rekeyed =
  <V extends { info?: Obj } | Obj>(m: Map<string, V>, field: string) =>
  (from: string, to: string) => {
    const v = m.get(from)!
    m.delete(from)
    const target = ('info' in v && v.info ? v.info : v) as Obj
    target[field] = to
    m.set(to, v)
  }

const seedService = (g: Gw, x: Obj): string => {
  const made = CreateService(g, { Protocol: 'http', NetTypes: ['OUTER'], ...x })
  const s = g.state.services.get(made.ServiceId as string)!
  for (const [k, v] of Object.entries(x)) if (k in s.info && k !== 'ServiceId') s.info[k] = clone(v)
  return made.ServiceId as string
}

const seedKey = (g: Gw, x: Obj): string => {
  const manual = typeof x.AccessKeyId === 'string'
  const r = CreateApiKey(g, { AccessKeyType: manual ? 'manual' : 'auto', ...x }).Result as Obj
  const k = g.state.keys.get(r.AccessKeyId as string)!
  if (typeof x.Status === 'number') k.Status = x.Status
  return r.AccessKeyId as string
}

const seedMade = (g: Gw, objects: SeedObjects): void => {
  const { services, plans, planKeys } = g.state
  for (const [i, x] of (objects.services ?? []).entries())
    seedOne(g, 'services', i, () => seedService(g, x), x.ServiceId, rekeyed(services, 'ServiceId'))
  for (const [i, x] of (objects.apiKeys ?? []).entries())
    seedOne(
      g,
      'apiKeys',
      i,
      () => seedKey(g, x),
      undefined,
      () => undefined,
    )
  for (const [i, x] of (objects.usagePlans ?? []).entries())
    seedOne(
      g,
      'usagePlans',
      i,
      () => (CreateUsagePlan(g, x).Result as Obj).UsagePlanId as string,
      x.UsagePlanId,
      (from, to) => {
        rekeyed(plans, 'UsagePlanId')(from, to)
        planKeys.set(to, planKeys.get(from) ?? [])
        planKeys.delete(from)
      },
    )
}

const seedElsewhere = (g: Gw, objects: SeedObjects): void => {
  for (const [i, x] of (objects.apiApps ?? []).entries())
    g.state.apps.push(
      appOf(g, {
        ApiAppId: seedField('cloud', 'apiApps', i, x, 'ApiAppId'),
        ApiAppName: seedField('cloud', 'apiApps', i, x, 'ApiAppName'),
        ...(typeof x.ApiAppDesc === 'string' ? { ApiAppDesc: x.ApiAppDesc } : {}),
      }),
    )
  for (const [i, x] of (objects.apiDocs ?? []).entries())
    g.state.docs.push({
      ApiDocId: seedField('cloud', 'apiDocs', i, x, 'ApiDocId'),
      ApiDocName: seedField('cloud', 'apiDocs', i, x, 'ApiDocName'),
      ApiDocStatus: (x.ApiDocStatus as ApiDocFixture['ApiDocStatus'] | undefined) ?? 'COMPLETED',
    })
  for (const [i, x] of (objects.apiAppBindings ?? []).entries())
    g.state.appBindings.push({
      ApiAppId: seedField('cloud', 'apiAppBindings', i, x, 'ApiAppId'),
      ServiceId: seedField('cloud', 'apiAppBindings', i, x, 'ServiceId'),
      ApiId: seedField('cloud', 'apiAppBindings', i, x, 'ApiId'),
      EnvironmentName: oneOf(x, 'EnvironmentName', ENVS) as Env,
    })
}

/** a made object's id in its create's reply */
const resultId = (r: Obj, field: string): string => ((r.Result as Obj | undefined)?.[field] as string | undefined) ?? ''

/**
 * Objects under a service (APIs, IP strategies), plugins, releases and plan bindings: each the
 * parameters of its create action (CreateApi, CreateIPStrategy, CreatePlugin, ReleaseService,
 * BindEnvironment), with its own id (ApiId, StrategyId, PluginId) where it gives one.
 */
const seedByAction = (g: Gw, objects: SeedObjects, actions: Actions): void => {
  const { apis, strategies, plugins } = g.state
  const kinds: ReadonlyArray<readonly [string, string, string, (f: string, t: string) => void]> = [
    ['apis', 'CreateApi', 'ApiId', rekeyed(apis, 'ApiId')],
    ['ipStrategies', 'CreateIPStrategy', 'StrategyId', rekeyed(strategies, 'StrategyId')],
    ['plugins', 'CreatePlugin', 'PluginId', rekeyed(plugins, 'PluginId')],
    ['releases', 'ReleaseService', '', () => undefined],
    ['usagePlanBindings', 'BindEnvironment', '', () => undefined],
  ]
  for (const [kind, action, idField, rekey] of kinds)
    for (const [i, x] of (objects[kind] ?? []).entries()) {
      const { [idField]: id, ...params } = x
      seedOne(g, kind, i, () => resultId(actions[action](params), idField), idField ? id : undefined, rekey)
    }
}

export const seedApiGateway = (g: Gw, objects: SeedObjects, actions: Actions): void => {
  seedMade(g, objects)
  seedByAction(g, objects, actions)
  seedElsewhere(g, objects)
}
