/**
 * Releases of a service to an environment (test, prepub, release), their history, and the request
 * limit of each environment.
 */
import { fail, reqNum, reqStr, strList, type Params } from '../../cloud-kit'
import { scalarText } from '../../../../src/core/scalar-text'
import { bound, type Gw, type Obj } from './state'
import { ENVS, type Env } from './vocabulary'
import { listed, service, envOf } from './lookups'
import { apisOf } from './services'

const ReleaseService = (g: Gw, p: Params): Obj => {
  const id = reqStr(p, 'ServiceId')
  const s = service(g, id)
  const env = envOf(p, 'EnvironmentName')
  const desc = reqStr(p, 'ReleaseDesc')
  if (apisOf(g, id).length === 0) fail('FailedOperation.ServiceError', `The service ${id} has no API to release.`)
  const stamp = g.clock().toISOString().replace(/[-:T]/g, '').slice(0, 14)
  const version = `${stamp}${g.ids.uuid()}`
  s.released.add(env)
  s.history[env].unshift({ VersionName: version, VersionDesc: desc, ReleaseTime: g.now() })
  return { Result: { ReleaseDesc: desc, ReleaseVersion: version } }
}

const UnReleaseService = (g: Gw, p: Params): Obj => {
  const s = service(g, reqStr(p, 'ServiceId'))
  s.released.delete(envOf(p, 'EnvironmentName'))
  return { Result: true }
}

const DescribeServiceEnvironmentReleaseHistory = (g: Gw, p: Params): Obj => {
  const s = service(g, reqStr(p, 'ServiceId'))
  return listed(g, s.history[envOf(p, 'EnvironmentName')], p, 'VersionList')
}

const DescribeServiceEnvironmentStrategy = (g: Gw, p: Params): Obj => {
  const s = service(g, reqStr(p, 'ServiceId'))
  const list = ENVS.map((e) => ({
    EnvironmentName: e,
    Url: `http://${scalarText(s.info.OuterSubDomain || s.info.InternalSubDomain)}/${e}`,
    Status: s.released.has(e) ? 1 : 0,
    VersionName: s.released.has(e) ? (s.history[e][0]?.VersionName ?? '') : '',
    Strategy: s.strategy[e],
    MaxStrategy: 5000,
  }))
  return listed(g, list, p, 'EnvironmentList')
}

export const limitOf = (p: Params): number => {
  const v = reqNum(p, 'Strategy')
  if (v !== -1 && (v < 1 || v > 5000 || !Number.isInteger(v)))
    fail('InvalidParameterValue', `The limit ${v} is not -1 or an integer from 1 to 5000.`)
  return v
}

const ModifyServiceEnvironmentStrategy = (g: Gw, p: Params): Obj => {
  const s = service(g, reqStr(p, 'ServiceId'))
  const v = limitOf(p)
  const envs =
    strList(p, 'EnvironmentNames') ??
    fail('MissingParameter', 'The request is missing a required parameter `EnvironmentNames`.')
  for (const e of envs)
    if (!ENVS.includes(e as Env))
      fail('InvalidParameterValue', `The environment ${e} is not one of ${ENVS.join(', ')}.`)
  for (const e of envs) s.strategy[e as Env] = v
  return { Result: true }
}

export const releasesActions = (g: Gw) =>
  bound(g, {
    ReleaseService,
    UnReleaseService,
    DescribeServiceEnvironmentReleaseHistory,
    DescribeServiceEnvironmentStrategy,
    ModifyServiceEnvironmentStrategy,
  })
