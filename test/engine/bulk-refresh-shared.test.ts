/**
 * Bulk refresh of the cloud types read one object at a time (src/engine/bulk-read.ts with the
 * specs' `wire.shares`) against the cloud emulator through the real handler: the listings of a
 * parent those reads include (a service's API limits, bindings and domains, a plan's keys, every
 * service for the releases) are sent once per refresh and shared, paged whole. The result must be
 * what one read per object sees — drift, objects deleted behind trellis's back as gone — with
 * fewer requests, and a shared listing that fails must leave each read to send its own.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import * as E from 'fp-ts/Either'
import { stack } from '#trellis'
import { secret } from '#trellis'
import { apply, refresh, type RefreshResult } from '#trellis/engine'
import { httpHandler } from '#trellis/engine'
import type { Handler } from '#trellis/engine'
import { memoryStore } from '#trellis'
import { registry } from '#trellis'
import { cloudProvider } from '#trellis/engine'
import { action } from '#trellis/engine'
import { buildersFor } from '#trellis/engine'
import { platformClients } from '#trellis/clients'
import { cloudEmulator, EMULATOR_SECRET_ID, EMULATOR_SECRET_KEY } from '../../clients/emulators/cloud'
import type { HttpClient } from '#trellis/clients'
import { oneByOne, refreshEnv, run } from './refresh-fixture'

const cloud = buildersFor(cloudProvider) as any

/** The cloud emulator, every request counted by action. */
const world = () => {
  const clock = new Date('2024-05-01T10:00:00Z')
  const emu = cloudEmulator({ now: () => clock })
  const sent: string[] = []
  const counted: HttpClient = (req) => {
    const h = req.headers as Record<string, string> | undefined
    const action = Object.entries(h ?? {}).find(([k]) => k.toLowerCase() === 'x-tc-action')?.[1]
    sent.push(action ?? '?')
    return emu.client(req)
  }
  const clients = platformClients({ http: counted, now: () => clock, sleep: async () => undefined })
  const handler = httpHandler({ clients })
  const envOf = refreshEnv(clock)
  // a request straight to the platform, as someone else's script would send it
  const direct = platformClients({ http: emu.client, now: () => clock })('cloud', {
    secretId: EMULATOR_SECRET_ID,
    secretKey: secret(EMULATOR_SECRET_KEY),
  })
  return {
    handler,
    oneByOne: oneByOne(handler),
    envOf,
    /** the actions sent while `f` ran, counted by name */
    count: async <A>(f: () => Promise<A>): Promise<[A, Record<string, number>]> => {
      const from = sent.length
      const a = await f()
      const n: Record<string, number> = {}
      for (const x of sent.slice(from)) n[x] = (n[x] ?? 0) + 1
      return [a, n]
    },
    call: async (name: string, params: Record<string, unknown>) => {
      const r = await direct.call(action('apigateway', '2018-08-08', name, params))()
      if (E.isLeft(r)) throw new Error(`${name}: ${r.left.message}`)
      return r.right
    },
  }
}

/**
 * Two services: the first with three APIs, two attachments binding them to one plan with one key,
 * a service-wide attachment of a second plan, a release, a default-mapped domain and one with path
 * mappings; the second with one API and a release.
 */
const theStack = () => {
  const svc = cloud.apiGatewayService('svc', { serviceName: 'orders', protocol: 'http', netTypes: ['OUTER'] })
  const svc2 = cloud.apiGatewayService('svc2', { serviceName: 'billing', protocol: 'http', netTypes: ['OUTER'] })
  const api = (name: string, s: any, extra: Record<string, unknown> = {}) =>
    cloud.apiGatewayApi(name, {
      serviceId: s.out.apiGatewayServiceId,
      apiName: name,
      authType: 'SECRET',
      requestConfigPath: `/${name}`,
      requestConfigMethod: 'GET',
      serviceConfigUrl: 'http://backend.internal',
      serviceConfigPath: `/${name}`,
      serviceConfigMethod: 'GET',
      ...extra,
    })
  const apis = [api('a', svc, { releaseLimit: 100 }), api('b', svc), api('c', svc)]
  const other = api('e', svc2)
  const plan = cloud.apiGatewayUsagePlan('plan', { usagePlanName: 'partners', maxRequestNumPreSec: 100 })
  const plan2 = cloud.apiGatewayUsagePlan('plan2', { usagePlanName: 'everyone', maxRequestNumPreSec: 10 })
  const key = cloud.apiGatewayApiKey('key', { secretName: 'partner' })
  const attach = (name: string, a: any) =>
    cloud.apiGatewayUsagePlanAttachment(name, {
      usagePlanId: plan.out.apiGatewayUsagePlanId,
      serviceId: svc.out.apiGatewayServiceId,
      environment: 'release',
      bindType: 'API',
      apiId: a.out.apiGatewayApiId,
      accessKeyIds: [key.out.apiGatewayApiKeyId],
    })
  const wide = cloud.apiGatewayUsagePlanAttachment('wide', {
    usagePlanId: plan2.out.apiGatewayUsagePlanId,
    serviceId: svc.out.apiGatewayServiceId,
    environment: 'test',
  })
  const release = (name: string, s: any, env: string, after: any) =>
    cloud
      .apiGatewayServiceRelease(name, {
        serviceId: s.out.apiGatewayServiceId,
        environmentName: env,
        releaseDesc: `${name} first`,
      })
      .options({ dependsOn: [after] })
  const domain = (name: string, extra: Record<string, unknown>) =>
    cloud.apiGatewayCustomDomain(name, {
      serviceId: svc.out.apiGatewayServiceId,
      subDomain: `${name}.example.com`,
      protocol: 'http',
      netType: 'OUTER',
      defaultDomain: svc.out.outerSubDomain,
      ...extra,
    })
  return stack('shared', {
    providers: { cloud: cloud.provider({ secretId: EMULATOR_SECRET_ID, secretKey: secret(EMULATOR_SECRET_KEY) }) },
  }).add(
    svc,
    svc2,
    ...apis,
    other,
    plan,
    plan2,
    key,
    attach('attach-a', apis[0]),
    attach('attach-b', apis[1]),
    wide,
    release('release', svc, 'release', apis[2]),
    release('release2', svc2, 'test', other),
    domain('plain', { isDefaultMapping: true }),
    domain('mapped', { isDefaultMapping: false, pathMappings: ['/v1#release'] }),
  )
}

const sorted = (r: RefreshResult) => ({
  drift: [...r.drift].sort((a, b) => a.address.localeCompare(b.address)),
  resources: Object.fromEntries(Object.entries(r.state.resources).sort(([a], [b]) => a.localeCompare(b))),
})

const applied = async () => {
  const w = world()
  const store = memoryStore()
  const s = theStack()
  const st = await run(apply(s)(w.envOf(w.handler, store)))
  const idOf = (a: string) => st.state.resources[a].id
  return { w, store, s, idOf }
}

test('shared listings: a bulk refresh of the cloud types sees what one read each sees, with fewer requests', async () => {
  const { w, store, s, idOf } = await applied()
  const svcId = idOf('cloud:ApiGatewayService/svc')

  // nothing changed: no drift either way, and the same state
  const [quietBulk, quietBulkN] = await w.count(() => run(refresh(s, { dryRun: true })(w.envOf(w.handler, store))))
  const [quietOne, quietOneN] = await w.count(() => run(refresh(s, { dryRun: true })(w.envOf(w.oneByOne, store))))
  assert.equal(quietBulk.drift, [])
  assert.equal(sorted(quietBulk), sorted(quietOne))
  const total = (n: Record<string, number>) => Object.values(n).reduce((a, b) => a + b, 0)
  assert.ok(total(quietBulkN) < total(quietOneN), `${total(quietBulkN)} vs ${total(quietOneN)}`)

  // what was shared, one request each: the limits of the three APIs of svc (a sets one; svc2's one
  // API sets none, so its service's limits are not read: a refresh compares only the inputs set);
  // svc's API bindings (two) and its service bindings; the plan's key (bound twice); svc's two
  // domains; the two services, the same listing that refreshes the services themselves. No usage
  // plan read on its own, no service read for the releases
  assert.is(quietBulkN.DescribeApiEnvironmentStrategy, 1)
  assert.is(quietBulkN.DescribeApiUsagePlan, 1)
  assert.is(quietBulkN.DescribeServiceUsagePlan, 1)
  assert.is(quietBulkN.DescribeUsagePlanSecretIds, 1)
  assert.is(quietBulkN.DescribeServiceSubDomains, 1)
  assert.is(quietBulkN.DescribeServicesStatus, 1)
  assert.is(quietBulkN.DescribeUsagePlan, undefined)
  assert.is(quietBulkN.DescribeService, undefined)
  // each object's own: an API each, a release history each, the path mappings of the mapped domain only
  assert.is(quietBulkN.DescribeApi, 4)
  assert.is(quietBulkN.DescribeServiceEnvironmentReleaseHistory, 2)
  assert.is(quietBulkN.DescribeServiceSubDomainMappings, 1)
  // one read each: an API's limits and a release's service alone, each attachment's own listings
  // (the services, read one by one too, also send DescribeService and DescribeApiUsagePlan)
  assert.is(quietOneN.DescribeApiEnvironmentStrategy, 4)
  assert.is(quietOneN.DescribeService, 2 + 2)
  assert.is(quietOneN.DescribeApiUsagePlan, 2 + 2)
  assert.is(quietOneN.DescribeUsagePlanSecretIds, 2)
  assert.is(quietOneN.DescribeServiceSubDomains, 2)

  // behind trellis's back: an API deleted (unbound first), a binding removed, a limit changed (of an
  // API that sets one, and of one that does not: no drift there, as one read each sees), an
  // environment un-released, a domain unbound
  await w.call('UnBindEnvironment', {
    ServiceId: svcId,
    UsagePlanIds: [idOf('cloud:ApiGatewayUsagePlan/plan')],
    Environment: 'release',
    BindType: 'API',
    ApiIds: [idOf('cloud:ApiGatewayApi/b')],
  })
  await w.call('DeleteApi', { ServiceId: svcId, ApiId: idOf('cloud:ApiGatewayApi/c') })
  await w.call('ModifyApiEnvironmentStrategy', {
    ServiceId: svcId,
    Strategy: 250,
    EnvironmentName: 'release',
    ApiIds: [idOf('cloud:ApiGatewayApi/a')],
  })
  await w.call('ModifyApiEnvironmentStrategy', {
    ServiceId: idOf('cloud:ApiGatewayService/svc2'),
    Strategy: 40,
    EnvironmentName: 'release',
    ApiIds: [idOf('cloud:ApiGatewayApi/e')],
  })
  await w.call('UnReleaseService', { ServiceId: idOf('cloud:ApiGatewayService/svc2'), EnvironmentName: 'test' })
  await w.call('UnBindSubDomain', { ServiceId: svcId, SubDomain: 'plain.example.com' })

  const [bulk, bulkN] = await w.count(() => run(refresh(s, { dryRun: true })(w.envOf(w.handler, store))))
  const [one, oneN] = await w.count(() => run(refresh(s, { dryRun: true })(w.envOf(w.oneByOne, store))))
  assert.equal(sorted(bulk), sorted(one))
  assert.ok(total(bulkN) < total(oneN), `${total(bulkN)} vs ${total(oneN)}`)
  assert.equal(
    sorted(bulk)
      .drift.filter((d) => d.gone)
      .map((d) => d.address),
    [
      'cloud:ApiGatewayApi/c',
      'cloud:ApiGatewayCustomDomain/plain',
      'cloud:ApiGatewayServiceRelease/release2',
      'cloud:ApiGatewayUsagePlanAttachment/attach-b',
    ].sort(),
  )
  assert.equal(
    sorted(bulk)
      .drift.filter((d) => !d.gone)
      .map((d) => [d.address, d.changes.map((c) => c.path)]),
    [['cloud:ApiGatewayApi/a', ['releaseLimit']]],
  )
})

test('shared listings that fail: each read sends its own requests, and sees the same', async () => {
  const { w, store, s, idOf } = await applied()
  await w.call('UnBindEnvironment', {
    ServiceId: idOf('cloud:ApiGatewayService/svc'),
    UsagePlanIds: [idOf('cloud:ApiGatewayUsagePlan/plan')],
    Environment: 'release',
    BindType: 'API',
    ApiIds: [idOf('cloud:ApiGatewayApi/a')],
  })
  // every listing of a parent is refused (the types' own listings still answer)
  const listItems = w.handler.listItems!
  const failing: Handler = {
    ...w.handler,
    listItems: (c, req) =>
      req._tag === 'Action' && req.action !== 'DescribeServicesStatus' && !c.spec.wire.list
        ? async () => E.left({ _tag: 'StepFailure', node: c.address, op: 'list', message: 'refused', ambiguous: false })
        : listItems(c, req),
  }
  const [bulk, bulkN] = await w.count(() => run(refresh(s, { dryRun: true })(w.envOf(failing, store))))
  const one = await run(refresh(s, { dryRun: true })(w.envOf(w.oneByOne, store)))
  assert.equal(sorted(bulk), sorted(one))
  assert.equal(
    bulk.drift.map((d) => [d.address, d.gone]),
    [['cloud:ApiGatewayUsagePlanAttachment/attach-a', true]],
  )
  // the listings refused sent nothing here: the API that sets a limit asked for its own limits,
  // each attachment for its own bindings and keys, each domain for its service's domains
  assert.is(bulkN.DescribeApiEnvironmentStrategy, 1)
  assert.is(bulkN.DescribeApiUsagePlan, 2)
  assert.is(bulkN.DescribeUsagePlanSecretIds, 1) // attach-a is gone by its bindings: its keys are not read
  assert.is(bulkN.DescribeServiceSubDomains, 2)
  // the releases were given the services' listing, which answered
  assert.is(bulkN.DescribeService, undefined)
})

test('a service missing from the shared listing of services: its release asks for the service alone', async () => {
  const { w, store, s } = await applied()
  // the services' listing answers without them (as for a service the platform lists late)
  const listItems = w.handler.listItems!
  const late: Handler = {
    ...w.handler,
    listItems: (c, req) =>
      req._tag === 'Action' && req.action === 'DescribeServicesStatus' ? async () => E.right([]) : listItems(c, req),
  }
  const [r, n] = await w.count(() => run(refresh(s, { dryRun: true })(w.envOf(late, store))))
  // the services themselves are gone by that listing; the releases, read alone, are not
  assert.equal(
    r.drift.map((d) => d.address),
    ['cloud:ApiGatewayService/svc', 'cloud:ApiGatewayService/svc2'],
  )
  assert.is(n.DescribeService, 2)
})

test('every shared listing is a read of a parent, paged whole', () => {
  let shares = 0
  for (const s of registry.resources.values()) {
    if (!s.wire.shares) continue
    shares++
    const ctx = { config: {}, inputs: s.examples.valid, outputs: s.examples.outputs }
    for (const [name, r] of Object.entries(s.wire.shares.requests('example-id', ctx))) {
      assert.ok(r._tag === 'Rest' ? r.method === 'GET' : /^Describe/.test(r.action), `${s.token} ${name}`)
      assert.ok(r.paginate && r.then === undefined && r.poll === undefined, `${s.token} ${name} pages whole`)
    }
  }
  assert.is(shares, 4)
})

test.run()
