/**
 * API apps and API docs: made elsewhere (seeded), listed, with the APIs the apps are bound to.
 */
import { fail, filtersOf, passes, reqStr, strList, type Params } from '../../cloud-kit'
import { scalarText } from '../../../../src/core/scalar-text'
import { bound, type Gw, type Obj } from './state'
import { listed, service } from './lookups'
import { serviceView } from './services'
import { apiView } from './apis'

const DescribeApiAppsStatus = (g: Gw, p: Params): Obj => {
  const f = filtersOf(p, ['ApiAppId', 'ApiAppName', 'KeyWord'])
  const all = g.state.apps.filter(
    (a) =>
      passes(f, 'ApiAppId', a.ApiAppId as string) &&
      passes(f, 'ApiAppName', a.ApiAppName as string) &&
      passes(f, 'KeyWord', `${scalarText(a.ApiAppName)} ${scalarText(a.ApiAppId)}`, true),
  )
  return listed(g, all, p, 'ApiAppSet')
}

const DescribeAPIDocs = (g: Gw, p: Params): Obj =>
  listed(
    g,
    g.state.docs.map((d) => ({ ...d, Tags: [] })),
    p,
    'APIDocSet',
  )

const DescribeApiBindApiAppsStatus = (g: Gw, p: Params): Obj => {
  const serviceId = reqStr(p, 'ServiceId')
  const apiIds =
    strList(p, 'ApiIds') ?? fail('MissingParameter', 'The request is missing a required parameter `ApiIds`.')
  const f = filtersOf(p, ['ApiAppId', 'Environment', 'KeyWord'])
  const all = g.state.appBindings
    .filter((b) => b.ServiceId === serviceId && apiIds.includes(b.ApiId))
    .map((b) => {
      const app = g.state.apps.find((a) => a.ApiAppId === b.ApiAppId)
      const a = g.state.apis.get(b.ApiId)?.info
      return {
        ApiAppName: app?.ApiAppName ?? '',
        ApiAppId: b.ApiAppId,
        ApiId: b.ApiId,
        ApiName: a?.ApiName ?? '',
        ServiceId: b.ServiceId,
        AuthorizedTime: g.now(),
        ApiRegion: 'ap-guangzhou',
        EnvironmentName: b.EnvironmentName,
      }
    })
    .filter(
      (r) =>
        passes(f, 'ApiAppId', r.ApiAppId) &&
        passes(f, 'Environment', r.EnvironmentName) &&
        passes(f, 'KeyWord', `${scalarText(r.ApiAppName)} ${scalarText(r.ApiAppId)}`, true),
    )
  return listed(g, all, p, 'ApiAppApiSet')
}

const DescribeApiForApiApp = (g: Gw, p: Params): Obj => {
  reqStr(p, 'ApiRegion')
  return { Result: apiView(g, reqStr(p, 'ServiceId'), reqStr(p, 'ApiId')) }
}

const DescribeServiceForApiApp = (g: Gw, p: Params): Obj => {
  reqStr(p, 'ApiRegion')
  const s = service(g, reqStr(p, 'ServiceId'))
  // the model for API apps has neither the instance nor the cluster fields
  const {
    InstanceId: _i,
    UniqVpcId: _v,
    DeploymentType: _d,
    SetType: _t,
    SpecialUse: _u,
    InstanceName: _n,
    ...v
  } = serviceView(g, s)
  return v
}

export const apiAppsActions = (g: Gw) =>
  bound(g, {
    DescribeApiAppsStatus,
    DescribeAPIDocs,
    DescribeApiBindApiAppsStatus,
    DescribeApiForApiApp,
    DescribeServiceForApiApp,
  })
