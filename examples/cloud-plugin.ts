/**
 * Locking a gateway service down: an IP strategy that blocks two abusive ranges, and an IP-control
 * plugin that lets only the office network in. The plugin's configuration is a JSON document; it
 * is compared as JSON, so reformatting it plans no change.
 * `npx trellis plan examples/cloud-plugin.ts --emulate` runs it against the built-in emulator.
 */
import * as cloud from 'trellis/cloud'
import { stack } from 'trellis'

const service = cloud.apiGatewayService('internal', {
  serviceName: 'internal-tools',
  protocol: 'https',
  netTypes: ['OUTER'],
  ipVersion: 'IPv4',
})

const blocked = cloud.apiGatewayIpStrategy('blocked', {
  serviceId: service.out.apiGatewayServiceId,
  strategyName: 'abusive-ranges',
  strategyType: 'BLACK',
  // one address or CIDR range per line
  strategyData: ['203.0.113.0/24', '198.51.100.77'].join('\n'),
})

const officeOnly = cloud.apiGatewayPlugin('office-only', {
  pluginName: 'office-only',
  pluginType: 'IPControl',
  pluginData: JSON.stringify({ type: 'white_list', blocks: '192.0.2.0/24' }),
  description: 'only the office network reaches the internal tools',
})

export default stack('cloud-plugin', { providers: { cloud: cloud.fromEnv(process.env) } })
  .add(service, blocked, officeOnly)
  .export('strategyId', blocked.out.strategyId)
  .export('pluginId', officeOnly.out.apiGatewayPluginId)
