/**
 * cloud:getAntiddosBasicDeviceStatus — the basic DDoS protection status of IPs and load
 * balancers. From docs/wire/cloud.md §3.3: antiddos DescribeBasicDeviceStatus in one call;
 * filterRegion is a region id (a number); `datas` and `clbDatas` are key/value pairs where the
 * value is a status code: 1 blocking, 2 normal, 3 under attack.
 * The bridged engine gives this lookup a random id on every read (G19); here the id is left to the
 * engine, which derives a stable one from the arguments.
 * G<n>: the numbered gotchas of docs/wire/cloud.md §5.
 */
import * as t from 'io-ts'
import * as E from 'fp-ts/Either'
import { defineLookup } from '../../core/spec'
import { antiddos, isObj, listOf, lookupArgs, lookupResult, responseOf, str } from './shared/wire'

export const GetAntiddosBasicDeviceStatusArgs = lookupArgs(
  'GetAntiddosBasicDeviceStatusArgs',
  {},
  {
    /** Region id (a number) to look in. */
    filterRegion: t.number,
    /** Ids of the resources whose status is read. */
    idLists: t.array(t.string),
    /** IP addresses whose status is read. */
    ipLists: t.array(t.string),
  },
)
export type GetAntiddosBasicDeviceStatusArgs = t.TypeOf<typeof GetAntiddosBasicDeviceStatusArgs>

export const DeviceStatus = t.exact(t.partial({ key: t.string, value: t.string }), 'DeviceStatus')

export const GetAntiddosBasicDeviceStatusResult = lookupResult(
  'GetAntiddosBasicDeviceStatusResult',
  {
    /** Resources and their status codes, as key/value pairs: `1` blocked, `2` normal, `3` under attack. */
    datas: t.array(DeviceStatus),
    /** Load balancer resources and their status codes, as key/value pairs. */
    clbDatas: t.array(DeviceStatus),
  },
  {
    /** Region id (a number) to look in. */
    filterRegion: t.number,
    /** Ids of the resources whose status is read. */
    idLists: t.array(t.string),
    /** IP addresses whose status is read. */
    ipLists: t.array(t.string),
  },
)
export type GetAntiddosBasicDeviceStatusResult = t.TypeOf<typeof GetAntiddosBasicDeviceStatusResult>

const pairs = (o: unknown, key: string) =>
  listOf(o, key)
    .filter(isObj)
    .map((kv) => ({
      key: str(kv.Key),
      value: str(kv.Value) ?? (typeof kv.Value === 'number' ? String(kv.Value) : undefined),
    }))

export const getAntiddosBasicDeviceStatus = defineLookup({
  token: 'cloud:getAntiddosBasicDeviceStatus',
  doc: 'Basic DDoS protection status of IPs (ipLists) and load-balancer ids (idLists): each resource with a status code, 1 blocking, 2 normal, 3 under attack.',
  args: GetAntiddosBasicDeviceStatusArgs,
  result: GetAntiddosBasicDeviceStatusResult,
  secrets: [],
  rules: [],
  wire: {
    request: (a) =>
      antiddos('DescribeBasicDeviceStatus', { IpList: a.ipLists, IdList: a.idLists, FilterRegion: a.filterRegion }),
    decode: (reply, a) => {
      const r = responseOf(reply)
      if (!isObj(reply)) return E.left('expected a DescribeBasicDeviceStatus reply')
      return E.right({
        datas: pairs(r, 'Data'),
        clbDatas: pairs(r, 'CLBData'),
        ...(a.filterRegion !== undefined ? { filterRegion: a.filterRegion } : {}),
        ...(a.idLists !== undefined ? { idLists: a.idLists } : {}),
        ...(a.ipLists !== undefined ? { ipLists: a.ipLists } : {}),
      })
    },
  },
  examples: {
    valid: { ipLists: ['1.1.1.1'], filterRegion: 1 },
    invalid: [
      [{ filterRegion: 'ap-guangzhou' }, 'filterRegion'],
      [{ ipLists: '1.1.1.1' }, 'ipLists'],
    ],
    result: { datas: [{ key: '1.1.1.1', value: '2' }], clbDatas: [], ipLists: ['1.1.1.1'], filterRegion: 1 },
    reply: { Data: [{ Key: '1.1.1.1', Value: '2' }], CLBData: [], CnameWafData: [] },
  },
})
