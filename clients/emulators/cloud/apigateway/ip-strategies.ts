/**
 * IP strategies (white or black lists) of a service, bound to its APIs per environment.
 */
import { clone, filtersOf, oneOf, page, passes, reqStr, strList, type Params } from '../../cloud-kit'
import { bound, type Gw, type Obj } from './state'
import { ENVS, type Env, STRATEGY_TYPES } from './vocabulary'
import { made, isPending, service, api, strategy, envOf } from './lookups'
import { apiStatus } from './services'

export const strategyView = (g: Gw, s: { info: Obj; bound: Record<Env, string[]> }, env?: Env, p?: Params): Obj => {
  const ids = env ? s.bound[env] : [...new Set(ENVS.flatMap((e) => s.bound[e]))]
  const bound = ids
    .map((id) => g.state.apis.get(id)?.info)
    .filter(Boolean)
    .map((a) => ({ ...apiStatus(a!), VpcId: 0, Tags: [] }))
  return { ...clone(s.info), BindApiTotalCount: bound.length, BindApis: p ? page(p, bound, g.pageSize) : bound }
}

const CreateIPStrategy = (g: Gw, p: Params): Obj => {
  const serviceId = reqStr(p, 'ServiceId')
  service(g, serviceId)
  const name = reqStr(p, 'StrategyName')
  const type = oneOf(p, 'StrategyType', STRATEGY_TYPES)
  const data = reqStr(p, 'StrategyData')
  const id = g.ids.id('IPStrategy-')
  const t = g.now()
  const s = {
    info: {
      StrategyId: id,
      StrategyName: name,
      StrategyType: type,
      StrategyData: data,
      CreatedTime: t,
      ModifiedTime: t,
      ServiceId: serviceId,
    },
    bound: { test: [], prepub: [], release: [] },
  }
  g.state.strategies.set(id, s)
  made(g, id)
  return { Result: strategyView(g, s) }
}

const DescribeIPStrategy = (g: Gw, p: Params): Obj => {
  const s = strategy(g, reqStr(p, 'ServiceId'), reqStr(p, 'StrategyId'), true)
  return { Result: strategyView(g, s, envOf(p, 'EnvironmentName'), p) }
}

const DescribeIPStrategysStatus = (g: Gw, p: Params): Obj => {
  const serviceId = reqStr(p, 'ServiceId')
  service(g, serviceId)
  const f = filtersOf(p, ['StrategyName'])
  const all = [...g.state.strategies.values()]
    .filter(
      (s) =>
        s.info.ServiceId === serviceId &&
        passes(f, 'StrategyName', s.info.StrategyName as string) &&
        !isPending(g, s.info.StrategyId as string),
    )
    .map((s) => strategyView(g, s))
  // no paging on this action
  return { Result: { TotalCount: all.length, StrategySet: clone(all) } }
}

const ModifyIPStrategy = (g: Gw, p: Params): Obj => {
  const s = strategy(g, reqStr(p, 'ServiceId'), reqStr(p, 'StrategyId'))
  s.info.StrategyData = reqStr(p, 'StrategyData')
  s.info.ModifiedTime = g.now()
  return { Result: true }
}

const DeleteIPStrategy = (g: Gw, p: Params): Obj => {
  const s = strategy(g, reqStr(p, 'ServiceId'), reqStr(p, 'StrategyId'))
  g.state.strategies.delete(s.info.StrategyId as string)
  g.state.pending.delete(s.info.StrategyId as string)
  return { Result: true }
}

const BindIPStrategy = (g: Gw, p: Params): Obj => {
  const serviceId = reqStr(p, 'ServiceId')
  const s = strategy(g, serviceId, reqStr(p, 'StrategyId'))
  const env = envOf(p, 'EnvironmentName')
  for (const id of strList(p, 'BindApiIds') ?? []) {
    api(g, serviceId, id)
    if (!s.bound[env].includes(id)) s.bound[env].push(id)
  }
  return { Result: true }
}

export const ipStrategiesActions = (g: Gw) =>
  bound(g, {
    CreateIPStrategy,
    DescribeIPStrategy,
    DescribeIPStrategysStatus,
    ModifyIPStrategy,
    DeleteIPStrategy,
    BindIPStrategy,
  })
