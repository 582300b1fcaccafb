/**
 * cloud:getAntiddosListListener — the layer-4 and layer-7 listeners of the Anti-DDoS instances.
 * From docs/wire/cloud.md §3.6: antiddos DescribeListListener with an empty body, one call; the
 * item fields (ports, protocol, real servers with rsType 1 domain / 2 IP and weight 1-100,
 * instance details and rules with their EIPs, proxy types) are docs/wire/cloud.md's.
 * The bridged engine gives this lookup a random id on every read (G19); here the id is left to the
 * engine, which derives a stable one from the arguments.
 * G<n>: the numbered gotchas of docs/wire/cloud.md §5.
 */
import * as t from 'io-ts'
import * as E from 'fp-ts/Either'
import { defineLookup } from '../../core/spec'
import { antiddos, camelObject, isObj, listOf, lookupArgs, lookupResult, responseOf } from './shared/wire'

export const GetAntiddosListListenerArgs = lookupArgs('GetAntiddosListListenerArgs', {}, {})
export type GetAntiddosListListenerArgs = t.TypeOf<typeof GetAntiddosListListenerArgs>

const RealServer = t.exact(
  t.partial({ realServer: t.string, rsType: t.number, weight: t.number, port: t.number }),
  'ListenerRealServer',
)
const InstanceDetail = t.exact(
  t.partial({ eipLists: t.array(t.string), instanceId: t.string }),
  'ListenerInstanceDetail',
)
const InstanceDetailRule = t.exact(
  t.partial({ eipLists: t.array(t.string), instanceId: t.string, cname: t.string }),
  'ListenerInstanceDetailRule',
)

export const Layer4Listener = t.exact(
  t.partial({
    backendPort: t.number,
    frontendPort: t.number,
    protocol: t.string,
    realServers: t.array(RealServer),
    instanceDetails: t.array(InstanceDetail),
    instanceDetailRules: t.array(InstanceDetailRule),
  }),
  'Layer4Listener',
)
export const Layer7Listener = t.exact(
  t.partial({
    domain: t.string,
    proxyTypeLists: t.array(t.exact(t.partial({ proxyPorts: t.array(t.number), proxyType: t.string }))),
    realServers: t.array(RealServer),
    instanceDetails: t.array(InstanceDetail),
    instanceDetailRules: t.array(InstanceDetailRule),
    protocol: t.string,
    vport: t.number,
  }),
  'Layer7Listener',
)

export const GetAntiddosListListenerResult = lookupResult(
  'GetAntiddosListListenerResult',
  {
    /** Layer-4 listeners: protocol, frontend and backend ports, real servers, instances. */
    layer4Listeners: t.array(Layer4Listener),
    /** Layer-7 listeners: domain, protocol, port, real servers, instances. */
    layer7Listeners: t.array(Layer7Listener),
  },
  {},
)
export type GetAntiddosListListenerResult = t.TypeOf<typeof GetAntiddosListListenerResult>

/** the wire names that the engine pluralises */
const RENAMES = { eipLists: 'EipList', instanceDetailRules: 'InstanceDetailRule', proxyTypeLists: 'ProxyTypeList' }

export const getAntiddosListListener = defineLookup({
  token: 'cloud:getAntiddosListListener',
  doc: 'Every layer-4 and layer-7 listener of the Anti-DDoS instances, with their real servers and instances.',
  args: GetAntiddosListListenerArgs,
  result: GetAntiddosListListenerResult,
  secrets: [],
  rules: [],
  wire: {
    request: () => antiddos('DescribeListListener', {}),
    decode: (reply) => {
      const r = responseOf(reply)
      if (!isObj(reply)) return E.left('expected a DescribeListListener reply')
      return E.right({
        layer4Listeners: listOf(r, 'Layer4Listeners')
          .filter(isObj)
          .map((x) => camelObject(x, RENAMES)),
        layer7Listeners: listOf(r, 'Layer7Listeners')
          .filter(isObj)
          .map((x) => camelObject(x, RENAMES)),
      })
    },
  },
  examples: {
    valid: {},
    invalid: [[{ resultOutputFile: 3 }, 'resultOutputFile']],
    result: {
      layer4Listeners: [
        {
          backendPort: 8080,
          frontendPort: 80,
          protocol: 'TCP',
          instanceDetailRules: [{ eipLists: ['1.1.1.1'], instanceId: 'bgpip-1', cname: 'c' }],
        },
      ],
      layer7Listeners: [],
    },
    reply: {
      Layer4Listeners: [
        {
          BackendPort: 8080,
          FrontendPort: 80,
          Protocol: 'TCP',
          InstanceDetailRule: [{ EipList: ['1.1.1.1'], InstanceId: 'bgpip-1', Cname: 'c' }],
        },
      ],
      Layer7Listeners: [],
    },
  },
})
