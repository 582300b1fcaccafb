/**
 * Stacks the policy tests share: an API gateway service open to the internet, with or without an
 * IP strategy bound to it, and a release that follows it.
 */
import * as cloud from 'trellis/cloud'
import { stack, type Stack } from 'trellis'

export const service = cloud.apiGatewayService('orders', {
  serviceName: 'orders',
  protocol: 'http&https',
  netTypes: ['OUTER'],
})

export const ipStrategy = cloud.apiGatewayIpStrategy('office', {
  serviceId: service.out.apiGatewayServiceId,
  strategyName: 'office',
  strategyType: 'WHITE',
  strategyData: '10.0.0.1',
})

export const release = cloud.apiGatewayServiceRelease('release', {
  serviceId: service.out.apiGatewayServiceId,
  environmentName: 'release',
  releaseDesc: 'launch',
})

/** the service alone (open, unguarded), with the IP strategy, or with a release after it */
export const openService: Stack = stack('open').add(service)
export const guardedService: Stack = stack('guarded').add(service, ipStrategy)
export const releasedService: Stack = stack('released').add(service, ipStrategy, release)
