/**
 * Usage plans: request limits (-1 = unlimited), shown with the keys and environments bound to them.
 */
import { clone, fail, filtersOf, optNum, optStr, passes, reqStr, type Params } from '../../cloud-kit'
import { scalarText } from '../../../../src/core/scalar-text'
import { bound, type Gw, type Obj } from './state'
import { made, isPending, listed, plan } from './lookups'

const planLimits = (p: Params, prior?: Obj): { MaxRequestNum: number; MaxRequestNumPreSec: number } => {
  const n = optNum(p, 'MaxRequestNum') ?? (prior?.MaxRequestNum as number | undefined) ?? -1
  const s = optNum(p, 'MaxRequestNumPreSec') ?? (prior?.MaxRequestNumPreSec as number | undefined) ?? -1
  if (n !== -1 && (n < 1 || n > 99999999))
    fail('InvalidParameterValue', `MaxRequestNum ${n} is not -1 or from 1 to 99999999.`)
  if (s !== -1 && (s < 1 || s > 2000))
    fail('InvalidParameterValue', `MaxRequestNumPreSec ${s} is not -1 or from 1 to 2000.`)
  return { MaxRequestNum: n, MaxRequestNumPreSec: s }
}
export const planView = (g: Gw, pl: Obj): Obj => {
  const ks = g.state.planKeys.get(pl.UsagePlanId as string) ?? []
  const envs = g.state.bindings.filter((b) => b.UsagePlanId === pl.UsagePlanId)
  return {
    ...clone(pl),
    BindSecretIdTotalCount: ks.length,
    BindSecretIds: [...ks],
    BindEnvironmentTotalCount: envs.length,
    // the SDK's UsagePlanBindEnvironment: the environment and the service, nothing saying whether the
    // whole service or one of its APIs is bound (DescribeUsagePlanEnvironments says that)
    BindEnvironments: envs.map((b) => ({ EnvironmentName: b.Environment, ServiceId: b.ServiceId })),
    Tags: [],
  }
}

export const CreateUsagePlan = (g: Gw, p: Params): Obj => {
  const name = reqStr(p, 'UsagePlanName')
  const id = g.ids.id('usagePlan-')
  const t = g.now()
  const pl = {
    UsagePlanId: id,
    UsagePlanName: name,
    UsagePlanDesc: optStr(p, 'UsagePlanDesc') ?? '',
    ...planLimits(p),
    CreatedTime: t,
    ModifiedTime: t,
  }
  g.state.plans.set(id, pl)
  g.state.planKeys.set(id, [])
  made(g, id)
  return { Result: planView(g, pl) }
}

const DescribeUsagePlan = (g: Gw, p: Params): Obj => ({ Result: planView(g, plan(g, reqStr(p, 'UsagePlanId'), true)) })

const DescribeUsagePlansStatus = (g: Gw, p: Params): Obj => {
  const f = filtersOf(p, ['UsagePlanId', 'UsagePlanName', 'NotServiceId', 'NotApiId', 'Environment'])
  const all = [...g.state.plans.values()]
    .filter(
      (pl) =>
        passes(f, 'UsagePlanId', pl.UsagePlanId as string) &&
        passes(f, 'UsagePlanName', pl.UsagePlanName as string, true),
    )
    .filter((pl) => !isPending(g, pl.UsagePlanId as string))
    .map((pl) => ({
      UsagePlanId: pl.UsagePlanId,
      UsagePlanName: pl.UsagePlanName,
      UsagePlanDesc: pl.UsagePlanDesc,
      MaxRequestNumPreSec: pl.MaxRequestNumPreSec,
      MaxRequestNum: pl.MaxRequestNum,
      CreatedTime: pl.CreatedTime,
      ModifiedTime: pl.ModifiedTime,
      Tags: [],
    }))
  return listed(g, all, p, 'UsagePlanStatusSet')
}

const ModifyUsagePlan = (g: Gw, p: Params): Obj => {
  const pl = plan(g, reqStr(p, 'UsagePlanId'))
  if (p.UsagePlanName !== undefined) pl.UsagePlanName = reqStr(p, 'UsagePlanName')
  if (p.UsagePlanDesc !== undefined) pl.UsagePlanDesc = optStr(p, 'UsagePlanDesc') ?? ''
  Object.assign(pl, planLimits(p, pl), { ModifiedTime: g.now() })
  return { Result: planView(g, pl) }
}

const DeleteUsagePlan = (g: Gw, p: Params): Obj => {
  const pl = plan(g, reqStr(p, 'UsagePlanId'))
  if (g.state.bindings.some((b) => b.UsagePlanId === pl.UsagePlanId))
    fail(
      'UnsupportedOperation.UsagePlanInUse',
      `The usage plan ${scalarText(pl.UsagePlanId)} is still bound to environments.`,
    )
  g.state.plans.delete(pl.UsagePlanId as string)
  g.state.planKeys.delete(pl.UsagePlanId as string)
  return { Result: true }
}

export const usagePlansActions = (g: Gw) =>
  bound(g, {
    CreateUsagePlan,
    DescribeUsagePlan,
    DescribeUsagePlansStatus,
    ModifyUsagePlan,
    DeleteUsagePlan,
  })
