/**
 * A published API gateway service: one SECRET-authenticated API, released to the `release`
 * environment, with a usage plan (100 requests per second) that an API key is bound to.
 * `npx trellis plan examples/cloud-api.ts --emulate` runs it against the built-in emulator;
 * without --emulate the credentials come from CLOUD_SECRET_ID / CLOUD_SECRET_KEY (or a profile).
 */
import * as cloud from 'trellis/cloud'
import { stack } from 'trellis'

const service = cloud.apiGatewayService('orders', {
  serviceName: 'orders',
  serviceDesc: 'Orders API for partners',
  protocol: 'http&https',
  netTypes: ['OUTER'],
  tags: { team: 'shop' },
  releaseLimit: 500,
})

const listOrders = cloud.apiGatewayApi('list-orders', {
  serviceId: service.out.apiGatewayServiceId,
  apiName: 'list-orders',
  apiDesc: "Lists the caller's orders, newest first",
  authType: 'SECRET',
  requestConfigPath: '/orders',
  requestConfigMethod: 'GET',
  requestParameters: [{ name: 'page', position: 'QUERY', type: 'int', defaultValue: '1', desc: 'page number' }],
  serviceConfigType: 'HTTP',
  serviceConfigTimeout: 15,
  serviceConfigUrl: 'http://orders.internal',
  serviceConfigPath: '/v2/orders',
  serviceConfigMethod: 'GET',
  responseType: 'JSON',
  responseSuccessExample: '{"orders":[]}',
  responseFailExample: '{"error":"unavailable"}',
  responseErrorCodes: [{ code: 503, msg: 'unavailable', desc: 'the order store is down' }],
})

// the release needs the API to exist first: nothing else ties the two together
const release = cloud
  .apiGatewayServiceRelease('release', {
    serviceId: service.out.apiGatewayServiceId,
    environmentName: 'release',
    releaseDesc: 'partner launch',
  })
  .options({ dependsOn: [listOrders] })

const partners = cloud.apiGatewayUsagePlan('partners', {
  usagePlanName: 'partners',
  usagePlanDesc: 'partner quota',
  maxRequestNum: 1_000_000,
  maxRequestNumPreSec: 100,
})

const partnerKey = cloud.apiGatewayApiKey('partner-a', { secretName: 'partner-a', status: 'on' })

const binding = cloud.apiGatewayUsagePlanAttachment('partners-on-list-orders', {
  usagePlanId: partners.out.apiGatewayUsagePlanId,
  serviceId: service.out.apiGatewayServiceId,
  environment: 'release',
  bindType: 'API',
  apiId: listOrders.out.apiGatewayApiId,
  accessKeyIds: [partnerKey.out.apiGatewayApiKeyId],
})

export default stack('cloud-api', { providers: { cloud: cloud.fromEnv(process.env) } })
  .add(service, listOrders, release, partners, partnerKey, binding)
  .export('url', service.out.outerSubDomain)
  .export('releaseVersion', release.out.releaseVersion)
  .export('keyId', partnerKey.out.apiGatewayApiKeyId)
