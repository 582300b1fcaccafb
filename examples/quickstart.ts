/**
 * Quickstart: a small stack across the three providers. `npm start` runs it against the built-in
 * emulators; `npx trellis plan examples/quickstart.ts` runs it against the real platforms with
 * credentials from the environment.
 */
import { stack } from 'trellis'
import * as cost from 'trellis/cost'
import * as hosting from 'trellis/hosting'
import * as cloud from 'trellis/cloud'

// cost: a folder in the first workspace, and a monthly report inside it
const workspaces = cost.getWorkspaces('all')
const finance = cost.folder('finance', { title: 'Finance' }).workspaceToken(
  workspaces.out.workspaces.map((ws) => {
    // the map runs at plan time: an account without a workspace stops the plan here
    if (ws[0] === undefined) throw new Error('the account has no workspace')
    return ws[0].token
  }),
)
const monthly = cost
  .costReport('monthly', { title: 'Monthly AWS', filter: "costs.provider = 'aws'" })
  .folderToken(finance.out.token)
  .settings({ amortize: true, includeCredits: false })

// hosting: a DNS zone for the team's domain, and the www record
const team = hosting.getTeam('team', { slug: 'acme' })
const zone = hosting.dnsZone('acme', { name: 'acme.test' }).teamSlug(team.out.slug)
const www = hosting
  .dnsRecord('www', { hostname: 'www.acme.test', type: 'CNAME', value: 'acme-www.netlify.app', ttl: 3600 })
  .zoneId(zone.out.id)

// cloud: an API gateway service with one API behind it
const service = cloud.apiGatewayService('orders', {
  serviceName: 'orders',
  serviceDesc: 'Orders API',
  protocol: 'https',
  netTypes: ['OUTER'],
})
const listOrders = cloud
  .apiGatewayApi('list-orders', {
    apiName: 'list-orders',
    authType: 'NONE',
    protocol: 'HTTP',
    requestConfigPath: '/orders',
    requestConfigMethod: 'GET',
    serviceConfigType: 'HTTP',
    serviceConfigTimeout: 15,
    serviceConfigUrl: 'http://orders.internal',
    serviceConfigPath: '/orders',
    serviceConfigMethod: 'GET',
  })
  .serviceId(service.out.id)

export default stack('quickstart', {
  providers: {
    cost: cost.fromEnv(process.env),
    hosting: hosting.fromEnv(process.env),
    cloud: cloud.fromEnv(process.env),
  },
})
  .add(workspaces, finance, monthly, team, zone, www, service, listOrders)
  .export('report', monthly.out.token)
  .export('zone', zone.out.id)
  .export('service', service.out.id)
