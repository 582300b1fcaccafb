/**
 * cloud:getApiGatewayCustomerDomains — the custom domains of a service. From docs/wire/cloud.md
 * §3.17: apigateway DescribeServiceSubDomains paged by 100, then, for each domain that is not
 * default-mapped, DescribeServiceSubDomainMappings for its path mappings; isStatusOn is
 * `Status == 1`. The result id is the serviceId.
 */
import * as t from 'io-ts'
import * as E from 'fp-ts/Either'
import { defineLookup } from '../../core/spec'
import {
  apigw,
  bool,
  eachStep,
  isObj,
  itemsOf,
  listOf,
  lookupArgs,
  lookupResult,
  pagedStep,
  repliesOf,
  resultOf,
  sequence,
  stepsOf,
  str,
} from './shared/wire'

export const GetApiGatewayCustomerDomainsArgs = lookupArgs(
  'GetApiGatewayCustomerDomainsArgs',
  {
    /** Id of the API gateway service, e.g. `service-abc123`. */
    serviceId: t.string,
  },
  {},
)
export type GetApiGatewayCustomerDomainsArgs = t.TypeOf<typeof GetApiGatewayCustomerDomainsArgs>

export const CustomerDomain = t.exact(
  t.partial({
    domainName: t.string,
    isStatusOn: t.boolean,
    certificateId: t.string,
    isDefaultMapping: t.boolean,
    protocol: t.string,
    netType: t.string,
    pathMappings: t.array(t.exact(t.partial({ path: t.string, environment: t.string }))),
  }),
  'CustomerDomain',
)

export const GetApiGatewayCustomerDomainsResult = lookupResult(
  'GetApiGatewayCustomerDomainsResult',
  {
    /** The custom domains: name, protocol, network, certificate, status, path mappings. */
    lists: t.array(CustomerDomain),
    /** Id of the API gateway service, e.g. `service-abc123`. */
    serviceId: t.string,
  },
  {},
)
export type GetApiGatewayCustomerDomainsResult = t.TypeOf<typeof GetApiGatewayCustomerDomainsResult>

const mapped = (d: Record<string, unknown>) =>
  d.IsDefaultMapping === false && typeof d.DomainName === 'string' && d.DomainName !== ''

export const getApiGatewayCustomerDomains = defineLookup({
  token: 'cloud:getApiGatewayCustomerDomains',
  doc: 'The custom domains of a service with their protocol, network, certificate, status and (for non-default mappings) path mappings.',
  args: GetApiGatewayCustomerDomainsArgs,
  result: GetApiGatewayCustomerDomainsResult,
  secrets: [],
  rules: [],
  wire: {
    request: (a) =>
      sequence([
        pagedStep(
          'domains',
          (Offset, Limit) => apigw('DescribeServiceSubDomains', { ServiceId: a.serviceId, Offset, Limit }),
          'Result.DomainSet',
        ),
        eachStep('mappings', (acc) =>
          itemsOf(acc, 'domains', 'Result.DomainSet')
            .filter(isObj)
            .filter(mapped)
            .map((d) => apigw('DescribeServiceSubDomainMappings', { ServiceId: a.serviceId, SubDomain: d.DomainName })),
        ),
      ]),
    decode: (reply, a) => {
      const steps = stepsOf(reply)
      const domains = steps ? itemsOf(steps, 'domains', 'Result.DomainSet') : listOf(resultOf(reply), 'DomainSet')
      if (!steps && !isObj(reply)) return E.left('expected the domains of the service')
      const mappings = steps ? repliesOf(steps, 'mappings') : []
      let m = 0
      const lists = domains.filter(isObj).map((d) => {
        const item: Record<string, unknown> = {
          domainName: str(d.DomainName),
          isStatusOn: d.Status === 1,
          certificateId: str(d.CertificateId),
          isDefaultMapping: bool(d.IsDefaultMapping),
          protocol: str(d.Protocol),
          netType: str(d.NetType),
        }
        // the mapping replies come in the order of the non-default domains
        if (mapped(d) && m < mappings.length)
          item.pathMappings = listOf(resultOf(mappings[m++]), 'PathMappingSet')
            .filter(isObj)
            .map((p) => ({ path: str(p.Path), environment: str(p.Environment) }))
        for (const k of Object.keys(item)) if (item[k] === undefined) delete item[k]
        return item
      })
      return E.right({ lists, serviceId: a.serviceId, id: a.serviceId })
    },
  },
  examples: {
    valid: { serviceId: 'service-ohxqslqe' },
    invalid: [[{}, 'serviceId']],
    result: {
      lists: [
        { domainName: 'api.example.com', isStatusOn: true, isDefaultMapping: true, protocol: 'http', netType: 'OUTER' },
      ],
      serviceId: 'service-ohxqslqe',
      id: 'service-ohxqslqe',
    },
    reply: {
      Result: {
        TotalCount: 1,
        DomainSet: [
          {
            DomainName: 'api.example.com',
            Status: 1,
            CertificateId: '',
            IsDefaultMapping: true,
            Protocol: 'http',
            NetType: 'OUTER',
          },
        ],
      },
    },
  },
})
