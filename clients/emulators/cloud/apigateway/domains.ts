/**
 * Custom domains of a service: protocol and certificate, default or explicit path mappings.
 */
import { clone, fail, oneOf, optBool, optStr, reqStr, type Params } from '../../cloud-kit'
import { bound, type Gw, type Obj } from './state'
import { ENVS, type Env, SERVICE_PROTOCOLS, NET_TYPES } from './vocabulary'
import { listed, service } from './lookups'

const mappings = (p: Params): Obj[] => {
  const m = p.PathMappingSet
  if (m === undefined || m === null) return []
  if (!Array.isArray(m)) return fail('InvalidParameter', 'PathMappingSet must be a list.')
  const envs = new Set<string>()
  const out = m.map((x) => {
    const path = (x as Obj).Path
    const env = (x as Obj).Environment
    if (typeof path !== 'string' || !path.startsWith('/'))
      fail('InvalidParameterValue', 'Every path mapping needs a Path starting with "/".')
    if (!ENVS.includes(env as Env))
      fail('InvalidParameterValue', `The environment ${String(env)} is not one of ${ENVS.join(', ')}.`)
    envs.add(env as string)
    return { Path: path, Environment: env }
  })
  if (out.length > 3) fail('LimitExceeded.ExceededDefineMappingLimit', 'At most three path mappings are allowed.')
  return out
}
const domainKey = (serviceId: string, d: string) => `${serviceId}#${d}`
const certified = (protocol: string | undefined, cert: string | undefined) => {
  if (protocol !== undefined && protocol !== 'http' && !cert)
    fail('FailedOperation.CertificateIdError', `A certificate is required for the ${protocol} protocol.`)
}

const BindSubDomain = (g: Gw, p: Params): Obj => {
  const serviceId = reqStr(p, 'ServiceId')
  service(g, serviceId)
  const sub = reqStr(p, 'SubDomain')
  const protocol = oneOf(p, 'Protocol', SERVICE_PROTOCOLS)
  const netType = oneOf(p, 'NetType', NET_TYPES)
  const isDefault = optBool(p, 'IsDefaultMapping') ?? true
  reqStr(p, 'NetSubDomain')
  const cert = optStr(p, 'CertificateId')
  certified(protocol, cert)
  const maps = mappings(p)
  if (!isDefault && maps.length === 0)
    fail('InvalidParameterValue', 'PathMappingSet is required when IsDefaultMapping is false.')
  for (const d of g.state.domains.values())
    if (d.DomainName === sub)
      fail('FailedOperation.DomainAlreadyBindService', `The domain ${sub} is already bound to a service.`)
  g.state.domains.set(domainKey(serviceId, sub), {
    ServiceId: serviceId,
    DomainName: sub,
    Status: 1,
    CertificateId: cert ?? '',
    IsDefaultMapping: isDefault,
    Protocol: protocol,
    NetType: netType,
    IsForcedHttps: optBool(p, 'IsForcedHttps') ?? false,
    RegistrationStatus: true,
    PathMappingSet: isDefault ? [] : maps,
  })
  return {}
}

export const domain = (g: Gw, serviceId: string, sub: string): Obj =>
  g.state.domains.get(domainKey(serviceId, sub)) ??
  fail('ResourceNotFound.InvalidSubDomain', `The domain ${sub} is not bound to service ${serviceId}.`)

const DescribeServiceSubDomains = (g: Gw, p: Params): Obj => {
  const serviceId = reqStr(p, 'ServiceId')
  service(g, serviceId)
  const all = [...g.state.domains.values()]
    .filter((d) => d.ServiceId === serviceId)
    .map((d) => {
      const { ServiceId: _s, PathMappingSet: _m, ...rest } = d
      return rest
    })
  return listed(g, all, p, 'DomainSet')
}

const DescribeServiceSubDomainMappings = (g: Gw, p: Params): Obj => {
  const d = domain(g, reqStr(p, 'ServiceId'), reqStr(p, 'SubDomain'))
  return { Result: { IsDefaultMapping: d.IsDefaultMapping, PathMappingSet: clone(d.PathMappingSet) } }
}

const ModifySubDomain = (g: Gw, p: Params): Obj => {
  const d = domain(g, reqStr(p, 'ServiceId'), reqStr(p, 'SubDomain'))
  const isDefault = optBool(p, 'IsDefaultMapping') ?? (d.IsDefaultMapping as boolean)
  const protocol = oneOf(p, 'Protocol', SERVICE_PROTOCOLS, false) ?? (d.Protocol as string)
  const cert = optStr(p, 'CertificateId') ?? (d.CertificateId as string)
  certified(protocol, cert)
  const maps = p.PathMappingSet !== undefined ? mappings(p) : (d.PathMappingSet as Obj[])
  if (!isDefault && maps.length === 0)
    fail('InvalidParameterValue', 'PathMappingSet is required when IsDefaultMapping is false.')
  Object.assign(d, {
    IsDefaultMapping: isDefault,
    Protocol: protocol,
    CertificateId: cert,
    NetType: oneOf(p, 'NetType', NET_TYPES, false) ?? d.NetType,
    IsForcedHttps: optBool(p, 'IsForcedHttps') ?? d.IsForcedHttps,
    PathMappingSet: isDefault ? [] : maps,
  })
  return { Result: true }
}

const UnBindSubDomain = (g: Gw, p: Params): Obj => {
  const serviceId = reqStr(p, 'ServiceId')
  const sub = reqStr(p, 'SubDomain')
  domain(g, serviceId, sub)
  g.state.domains.delete(domainKey(serviceId, sub))
  return { Result: true }
}

export const domainsActions = (g: Gw) =>
  bound(g, {
    BindSubDomain,
    DescribeServiceSubDomains,
    DescribeServiceSubDomainMappings,
    ModifySubDomain,
    UnBindSubDomain,
  })
