/**
 * cloud:getApiGatewayApiPlugins — the plugins attached to an API. From docs/wire/cloud.md §3.14:
 * apigateway DescribePluginsByApi, paged by 20; items carry the plugin and where it is attached.
 * The result id is the CRC-32 of the plugin ids.
 */
import * as t from 'io-ts'
import * as E from 'fp-ts/Either'
import { defineLookup } from '../../core/spec'
import { apigw, idsHash, isObj, itemsFrom, lookupArgs, lookupResult, pages, str } from './shared/wire'

export const GetApiGatewayApiPluginsArgs = lookupArgs(
  'GetApiGatewayApiPluginsArgs',
  {
    /** Id of the API gateway service, e.g. `service-abc123`. */
    serviceId: t.string,
    /** Id of the API whose plugins are read. */
    apiId: t.string,
  },
  {
    /** Environment to read the attachments of: `test`, `prepub` or `release`. */
    environmentName: t.string,
  },
)
export type GetApiGatewayApiPluginsArgs = t.TypeOf<typeof GetApiGatewayApiPluginsArgs>

export const AttachedPlugin = t.exact(
  t.partial({
    pluginId: t.string,
    environment: t.string,
    attachedTime: t.string,
    pluginName: t.string,
    pluginType: t.string,
    description: t.string,
    pluginData: t.string,
  }),
  'AttachedPlugin',
)

export const GetApiGatewayApiPluginsResult = lookupResult(
  'GetApiGatewayApiPluginsResult',
  {
    /** The plugins attached: id, name, type, data, environment, attachment time. */
    results: t.array(AttachedPlugin),
    /** Id of the API gateway service, e.g. `service-abc123`. */
    serviceId: t.string,
    /** Id of the API whose plugins are read. */
    apiId: t.string,
  },
  {
    /** Environment to read the attachments of: `test`, `prepub` or `release`. */
    environmentName: t.string,
  },
)
export type GetApiGatewayApiPluginsResult = t.TypeOf<typeof GetApiGatewayApiPluginsResult>

export const getApiGatewayApiPlugins = defineLookup({
  token: 'cloud:getApiGatewayApiPlugins',
  doc: 'The plugins attached to an API, optionally in one environment, with their type, data and attachment time.',
  args: GetApiGatewayApiPluginsArgs,
  result: GetApiGatewayApiPluginsResult,
  secrets: [],
  rules: [],
  wire: {
    request: (a) =>
      apigw(
        'DescribePluginsByApi',
        { ApiId: a.apiId, ServiceId: a.serviceId, EnvironmentName: a.environmentName, Offset: 0, Limit: 20 },
        { paginate: pages('Result.PluginSummary', 20) },
      ),
    decode: (reply, a) => {
      if (!Array.isArray(reply) && !isObj(reply)) return E.left('expected the plugins of the API')
      const results = itemsFrom(reply, 'Result.PluginSummary')
        .filter(isObj)
        .map(
          (p) =>
            JSON.parse(
              JSON.stringify({
                pluginId: str(p.PluginId),
                environment: str(p.Environment),
                attachedTime: str(p.AttachedTime),
                pluginName: str(p.PluginName),
                pluginType: str(p.PluginType),
                description: str(p.Description),
                pluginData: str(p.PluginData),
              }),
            ) as t.TypeOf<typeof AttachedPlugin>,
        )
      return E.right({
        results,
        serviceId: a.serviceId,
        apiId: a.apiId,
        ...(a.environmentName !== undefined ? { environmentName: a.environmentName } : {}),
        id: idsHash(results.map((r) => r.pluginId ?? '')),
      })
    },
  },
  examples: {
    valid: { serviceId: 'service-pg6ud8pa', apiId: 'api-p8gtanvy', environmentName: 'release' },
    invalid: [
      [{ apiId: 'api-1' }, 'serviceId'],
      [{ serviceId: 's' }, 'apiId'],
    ],
    result: {
      results: [{ pluginId: 'plugin-1', environment: 'release', pluginType: 'IPControl' }],
      serviceId: 'service-pg6ud8pa',
      apiId: 'api-p8gtanvy',
      environmentName: 'release',
      id: '1',
    },
    reply: {
      Result: {
        TotalCount: 1,
        PluginSummary: [
          {
            PluginId: 'plugin-1',
            Environment: 'release',
            AttachedTime: '2024-01-01T00:00:00Z',
            PluginName: 'p',
            PluginType: 'IPControl',
            Description: '',
            PluginData: '{}',
          },
        ],
      },
    },
  },
})
