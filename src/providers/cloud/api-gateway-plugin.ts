/**
 * cloud:ApiGatewayPlugin — a gateway plugin (IP control, traffic control, CORS, custom auth…)
 * with its configuration as a JSON document. From docs/wire/cloud.md §4.7: the allowed plugin
 * types, the name rule (2-50 characters, a letter first, a letter or digit last) and the
 * 200-character description. The platform stores pluginData re-serialised, so it is compared as
 * JSON (key order and spacing are no change). A type change replaces the plugin (the engine it
 * bridges refuses it).
 */
import * as t from 'io-ts'
import * as E from 'fp-ts/Either'
import { defineResource } from '../../core/spec'
import { observe } from '../../core/observe'
import { JsonString, literals, pattern } from '../../core/codecs'
import {
  apigw,
  isGone,
  jsonEquals,
  prefixedId,
  responseOf,
  resultOf,
  sequence,
  stepsOf,
  str,
  type Steps,
} from './shared/wire'

export const PLUGIN_TYPES = [
  'IPControl',
  'TrafficControl',
  'Cors',
  'CustomReq',
  'CustomAuth',
  'Routing',
  'TrafficControlByParameter',
  'CircuitBreaker',
  'ProxyCache',
] as const

export const PluginName = pattern('a plugin name of 2 to 50 characters: a letter first, a letter or digit last', (s) =>
  /^[A-Za-z][A-Za-z0-9_-]{0,48}[A-Za-z0-9]$/.test(s),
)

export const ApiGatewayPluginInputs = t.exact(
  t.intersection([
    t.type({
      /** Display name of the plugin. */
      pluginName: PluginName,
      /** Values seen in the spec: `IPControl`. Required. */
      pluginType: literals(PLUGIN_TYPES),
      /** Values seen in the spec: JSON-encoded string. Required. */
      pluginData: JsonString,
    }),
    t.partial({
      /** Description of the plugin (at most 200 characters). */
      description: pattern('at most 200 characters', (s) => s.length <= 200),
    }),
  ]),
  'ApiGatewayPluginInputs',
)
export type ApiGatewayPluginInputs = t.TypeOf<typeof ApiGatewayPluginInputs>

export const ApiGatewayPluginOutputs = t.exact(
  t.type({
    /** The plugin's id, assigned by the platform. */
    apiGatewayPluginId: t.string,
  }),
  'ApiGatewayPluginOutputs',
)
export type ApiGatewayPluginOutputs = t.TypeOf<typeof ApiGatewayPluginOutputs>

type I = ApiGatewayPluginInputs

const readStep = (id: (acc: Steps) => string) => ({
  name: 'plugin',
  request: (acc: Steps) => apigw('DescribePlugin', { PluginId: id(acc) }),
})

export const ApiGatewayPlugin = defineResource({
  token: 'cloud:ApiGatewayPlugin',
  doc:
    'A gateway plugin: pluginType (IPControl, TrafficControl, Cors, CustomReq, CustomAuth, Routing, TrafficControlByParameter, CircuitBreaker, ProxyCache) ' +
    'and pluginData, its configuration as a JSON document (compared as JSON). Attach it to APIs separately.',
  inputs: ApiGatewayPluginInputs,
  outputs: ApiGatewayPluginOutputs,
  identity: prefixedId<I>('plugin-', 'plugin id'),
  replaceOn: ['pluginType'],
  secrets: [],
  rules: [],
  equals: { pluginData: jsonEquals },
  wire: {
    create: (i) =>
      sequence([
        {
          name: 'create',
          request: () =>
            apigw('CreatePlugin', {
              PluginName: i.pluginName,
              PluginType: i.pluginType,
              PluginData: i.pluginData,
              Description: i.description,
            }),
        },
        readStep((acc) => str(resultOf(acc.create).PluginId) ?? ''),
      ]),
    read: (id) => sequence([readStep(() => id)]),
    update: (id, i, ctx) => {
      const p = ctx.prior
      // only what changed is sent
      const params = {
        PluginId: id,
        ...(i.pluginName !== p.pluginName ? { PluginName: i.pluginName } : {}),
        ...(!jsonEquals(i.pluginData, p.pluginData) ? { PluginData: i.pluginData } : {}),
        ...((i.description ?? '') !== (p.description ?? '') ? { Description: i.description ?? '' } : {}),
      }
      return sequence([
        { name: 'modify', request: () => (Object.keys(params).length > 1 ? apigw('ModifyPlugin', params) : undefined) },
        readStep(() => id),
      ])
    },
    delete: (id) => apigw('DeletePlugin', { PluginId: id }),
    decode: (reply) => {
      const steps = stepsOf(reply)
      const p = resultOf(steps ? steps.plugin : reply)
      const id = str(p.PluginId)
      if (!id)
        return E.left(`expected a plugin with a PluginId, got ${JSON.stringify(responseOf(reply)).slice(0, 200)}`)
      return observe(
        ApiGatewayPluginInputs,
        ApiGatewayPluginOutputs,
        {
          pluginName: str(p.PluginName),
          pluginType: str(p.PluginType),
          pluginData: str(p.PluginData),
          description: str(p.Description) || undefined,
          apiGatewayPluginId: id,
        },
        id,
        'apigateway:DescribePlugin',
      )
    },
    list: () =>
      apigw('DescribePlugins', { Offset: 0, Limit: 100 }, { paginate: { items: 'Result.PluginSet', pageSize: 100 } }),
    matches: (sent, o) =>
      o.inputs.pluginName === sent.pluginName &&
      o.inputs.pluginType === sent.pluginType &&
      jsonEquals(o.inputs.pluginData, sent.pluginData),
    gone: (e) => isGone(e) || e.code === 'ResourceNotFound.InvalidPlugin',
  },
  examples: {
    valid: {
      pluginName: 'office-only',
      pluginType: 'IPControl',
      pluginData: '{"type":"white_list","blocks":"10.0.0.0/8"}',
      description: 'office network only',
    },
    invalid: [
      [{ pluginType: 'IPControl', pluginData: '{}' }, 'pluginName'],
      [{ pluginName: '9lives', pluginType: 'IPControl', pluginData: '{}' }, 'pluginName'],
      [{ pluginName: 'p1', pluginType: 'Firewall', pluginData: '{}' }, 'pluginType'],
      [{ pluginName: 'p1', pluginType: 'IPControl' }, 'pluginData'],
      [{ pluginName: 'p1', pluginType: 'IPControl', pluginData: '{type: white}' }, 'pluginData'],
      [{ pluginName: 'p1', pluginType: 'IPControl', pluginData: '{}', description: 'x'.repeat(201) }, 'description'],
    ],
    outputs: { apiGatewayPluginId: 'plugin-ny74siyz' },
    reply: {
      Response: {
        Result: {
          PluginId: 'plugin-ny74siyz',
          PluginName: 'office-only',
          PluginType: 'IPControl',
          PluginData: '{"blocks":"10.0.0.0/8","type":"white_list"}',
          Description: 'office network only',
          CreatedTime: '2024-01-01T00:00:00Z',
          ModifiedTime: '2024-01-01T00:00:00Z',
          AttachedApiTotalCount: 0,
          AttachedApis: [],
        },
        RequestId: '7d7d7d7d-0000-4000-8000-000000000004',
      },
    },
  },
})
