/**
 * The API gateway service (`apigateway`, 2018-08-08) of the cloud emulator: services, APIs, keys,
 * usage plans and their bindings, releases, plugins, custom domains, IP strategies, API apps and
 * docs. Replies keep the platform's shapes (payloads under `Result` except CreateService,
 * DescribeService, DescribeServiceForApiApp and ModifyService), its defaults ("" strings, false
 * flags, `-1` = unlimited), its id formats and its refusals. Services, usage plans and IP
 * strategies are eventually consistent (docs/wire/cloud.md): a new one is missing from its
 * Describe action and from the listings until it has been looked for `visibleAfter` times (by id
 * or by a listing that would show it) or `visibleAfterMs` have passed since it was made,
 * whichever comes first — so an object nobody asks for by id still shows up in the listings, as
 * on the platform.
 *
 * Each resource family is an action module under cloud/apigateway/, over one explicit state record
 * (cloud/apigateway/state.ts); this file assembles the action table and what the emulator keeps.
 */
import { ApiError, clone } from './cloud-kit'
import type { SeedObjects, StoredObject } from './emulator'
import type { Holdings } from './holdings'
import { scalarText } from '../../src/core/scalar-text'
import { contextOf, emptyState, holdingsOf, type ApiGatewayOptions, type Gw } from './cloud/apigateway/state'
import { servicesActions, serviceView } from './cloud/apigateway/services'
import { releasesActions } from './cloud/apigateway/releases'
import { apisActions } from './cloud/apigateway/apis'
import { apiKeysActions } from './cloud/apigateway/api-keys'
import { planView, usagePlansActions } from './cloud/apigateway/usage-plans'
import { planBindingsActions } from './cloud/apigateway/plan-bindings'
import { pluginsActions } from './cloud/apigateway/plugins'
import { domainsActions } from './cloud/apigateway/domains'
import { ipStrategiesActions, strategyView } from './cloud/apigateway/ip-strategies'
import { apiAppsActions } from './cloud/apigateway/api-apps'
import { applyFixtures, SEEDS, seedApiGateway } from './cloud/apigateway/seed'
import type { Params } from './cloud-kit'

export type { ApiAppBindingFixture, ApiAppFixture, ApiDocFixture, ApiGatewayOptions } from './cloud/apigateway/state'

/** Every stored object, for tests that check for orphans and duplicates. */
const objectsOf = (g: Gw): StoredObject[] => {
  const st = g.state
  return [
    ...[...st.services.values()].map((s) => ({
      kind: 'apigateway:Service',
      id: s.info.ServiceId as string,
      body: serviceView(g, s),
    })),
    ...[...st.apis.values()].map((a) => ({ kind: 'apigateway:Api', id: a.info.ApiId as string, body: clone(a.info) })),
    ...[...st.keys.values()].map((k) => ({ kind: 'apigateway:ApiKey', id: k.AccessKeyId as string, body: clone(k) })),
    ...[...st.plans.values()].map((pl) => ({
      kind: 'apigateway:UsagePlan',
      id: pl.UsagePlanId as string,
      body: planView(g, pl),
    })),
    ...st.bindings.map((b) => ({
      kind: 'apigateway:UsagePlanBinding',
      id: `${b.UsagePlanId}#${b.ServiceId}#${b.Environment}#${b.BindType}#${b.ApiId}`,
      body: { ...b },
    })),
    ...[...st.plugins.values()].map((x) => ({ kind: 'apigateway:Plugin', id: x.PluginId as string, body: clone(x) })),
    ...[...st.domains.values()].map((d) => ({
      kind: 'apigateway:SubDomain',
      id: `${scalarText(d.ServiceId)}#${scalarText(d.DomainName)}`,
      body: clone(d),
    })),
    ...[...st.strategies.values()].map((s) => ({
      kind: 'apigateway:IPStrategy',
      id: s.info.StrategyId as string,
      body: strategyView(g, s),
    })),
    ...[...st.services.values()].flatMap((s) =>
      [...s.released].map((e) => ({
        kind: 'apigateway:Release',
        id: `${scalarText(s.info.ServiceId)}#${e}`,
        body: { ...s.history[e][0] },
      })),
    ),
  ]
}

export const apigatewayService = (o: ApiGatewayOptions) => {
  const state = emptyState()
  const g = contextOf(state, o)
  applyFixtures(g, o)
  const holdings: Holdings = holdingsOf(state)
  const actions = {
    ...servicesActions(g),
    ...releasesActions(g),
    ...apisActions(g),
    ...apiKeysActions(g),
    ...usagePlansActions(g),
    ...planBindingsActions(g),
    ...pluginsActions(g),
    ...domainsActions(g),
    ...ipStrategiesActions(g),
    ...apiAppsActions(g),
  } as Record<string, (p: Params) => Record<string, unknown>>
  return {
    holdings,
    seed: (objects: SeedObjects): void => seedApiGateway(g, objects, actions),
    seeds: SEEDS,
    actions,
    objects: () => objectsOf(g),
  }
}

export { ApiError }
