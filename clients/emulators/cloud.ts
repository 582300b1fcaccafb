/**
 * cloudEmulator: an in-memory fake of the cloud's signed action API 3.0 (wire/cloud.md) as an
 * HttpClient. One endpoint serves every service: it routes on the service named in the
 * Authorization credential scope, checks X-TC-Version, verifies the TC3-HMAC-SHA256 signature with
 * the secret it knows for the SecretId (AuthFailure.SecretIdNotFound, .SignatureFailure,
 * .SignatureExpire, .TokenFailure for temporary keys), throttles with RequestLimitExceeded, and
 * answers in the real `{Response: {..., RequestId}}` envelope with `Error {Code, Message}` on
 * failure. Services: apigateway (clients/emulators/cloud-apigateway.ts), tag, vpc address
 * templates, antiddos statistics, sts (role assumption, MFA session tokens, caller identity) and
 * the instance metadata paths that hand out a CAM role's temporary keys.
 */
import * as TE from 'fp-ts/TaskEither'
import type { HttpClient, HttpRequest, HttpResponse } from '../http'
import { signTc3, tc3Date } from '../tc3-sign'
import { checkSeedKinds, persisted, seedField, type Emulator, type SeedObjects, type StoredObject } from './emulator'
import type { Holdings } from './holdings'
import type { SecretField } from './secret-fields'
import {
  ApiError,
  clone,
  fail,
  filtersOf,
  fromQuery,
  idMaker,
  oneOf,
  optNum,
  page,
  passes,
  reqNum,
  reqStr,
  strList,
  type Params,
} from './cloud-kit'
import {
  apigatewayService,
  type ApiAppBindingFixture,
  type ApiAppFixture,
  type ApiDocFixture,
} from './cloud-apigateway'
import { prng } from '../prng'
import { scalarText } from '../../src/core/scalar-text'
import { unservedService } from './cloud-unserved'

// ── options ──────────────────────────────────────────────────────────────────
export const EMULATOR_SECRET_ID = 'AKIDEMULATOR0000000000000000000000000'
export const EMULATOR_SECRET_KEY = 'emulator-secret-key-000000000000'

/** What a data file keeps only sealed: API key secrets and API app secrets. */
export const CLOUD_SECRET_FIELDS: ReadonlyArray<SecretField> = [
  { path: 'apigateway.keys.*.AccessKeySecret' },
  { path: 'apigateway.apps.*.ApiAppSecret' },
]
/** the account the default key pair belongs to */
export const EMULATOR_ACCOUNT_ID = '100000000001'
/** the role ARN prefix the emulator's STS accepts: `qcs::cam::uin/<account>:roleName/<name>` */
export const roleArn = (account: string, name: string): string => `qcs::cam::uin/${account}:roleName/${name}`

export interface CloudRole {
  /** the ExternalId AssumeRole must present, if any */
  readonly externalId?: string
  /** SAML: the assertion it accepts; web identity: the token it accepts */
  readonly samlAssertion?: string
  readonly webIdentityToken?: string
}

export interface AddressTemplateFixture {
  readonly AddressTemplateId: string
  readonly AddressTemplateName: string
  readonly AddressSet: ReadonlyArray<string>
}
export interface AddressTemplateGroupFixture {
  readonly AddressTemplateGroupId: string
  readonly AddressTemplateGroupName: string
  readonly AddressTemplateIdSet: ReadonlyArray<string>
}
export interface BgpInstanceFixture {
  readonly InstanceId: string
  readonly Region: string
  readonly PackageType?: string
  readonly Tags?: ReadonlyArray<{ readonly TagKey: string; readonly TagValue: string }>
}

export interface CloudFixtures {
  readonly addressTemplates?: ReadonlyArray<AddressTemplateFixture>
  readonly addressTemplateGroups?: ReadonlyArray<AddressTemplateGroupFixture>
  readonly bgpInstances?: ReadonlyArray<BgpInstanceFixture>
  /** basic-protection device status: resource (IP or id) → status code 1 blocked, 2 normal, 3 attack */
  readonly deviceStatus?: Readonly<Record<string, '1' | '2' | '3'>>
  readonly apiApps?: ReadonlyArray<ApiAppFixture>
  readonly apiDocs?: ReadonlyArray<ApiDocFixture>
  readonly apiAppBindings?: ReadonlyArray<ApiAppBindingFixture>
}

export interface CloudEmulatorOptions {
  readonly seed?: number
  /** the server's clock: signature freshness, timestamps, temporary key expiry */
  readonly now?: () => Date
  /**
   * default: 1,000 requests per second; `perAction`: each action counted on its own, as the
   * platform documents its limits (a frequency per API)
   */
  readonly rateLimit?: { readonly limit: number; readonly windowMs: number; readonly perAction?: boolean }
  /** the largest page the server gives (the platform caps Limit at 100) */
  readonly pageSize?: number
  /** SecretId → SecretKey it accepts (default: the one emulator key pair) */
  readonly credentials?: Readonly<Record<string, string>>
  /** SecretId → account id (default: EMULATOR_ACCOUNT_ID for every key) */
  readonly accounts?: Readonly<Record<string, string>>
  /**
   * looks (Describe polls by id, or listings that would show it) a created service, usage plan or
   * IP strategy misses before it becomes visible (default 1) …
   */
  readonly visibleAfter?: number
  /** … or the time after which it is visible anyway (default 2,000 ms of the emulator's clock) */
  readonly visibleAfterMs?: number
  /** roles STS can assume, by ARN (default: `emulator-role` of the default account) */
  readonly roles?: Readonly<Record<string, CloudRole>>
  /** CAM role names the metadata service hands keys out for (default `emulator-cvm-role`) */
  readonly camRoles?: ReadonlyArray<string>
  /** MFA: serial number → the token code it accepts */
  readonly mfaDevices?: Readonly<Record<string, string>>
  readonly fixtures?: CloudFixtures
}

// ── helpers ──────────────────────────────────────────────────────────────────
type Obj = Record<string, unknown>
const VERSIONS: Readonly<Record<string, string>> = {
  apigateway: '2018-08-08',
  vpc: '2017-03-12',
  antiddos: '2020-03-09',
  tag: '2018-08-13',
  sts: '2018-08-13',
}
/** STS actions called with `Authorization: SKIP` (the caller has no keys yet) */
const UNSIGNED = new Set(['sts:AssumeRoleWithSAML', 'sts:AssumeRoleWithWebIdentity'])
const AUTH =
  /^TC3-HMAC-SHA256 Credential=([^/\s]+)\/(\d{4}-\d{2}-\d{2})\/([a-z0-9]+)\/tc3_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/
const parseDateTime = (p: Params, k: string): Date => {
  const v = reqStr(p, k)
  const m = DATE_TIME.exec(v)
  const d = m ? new Date(Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6])) : undefined
  if (!d || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 19).replace('T', ' ') !== v)
    return fail('InvalidParameterValue', `${k} must be a date-time YYYY-MM-DD HH:MM:SS.`)
  return d
}

// ── emulator ─────────────────────────────────────────────────────────────────
/** An in-memory emulator of the cloud platform's signed action API (TC3), as an HttpClient. */
export const cloudEmulator = (
  opts: CloudEmulatorOptions = {},
): Emulator & { readonly account: (secretId: string) => string | undefined } => {
  const seed = opts.seed ?? 1
  const ids = idMaker(seed)
  const now = opts.now ?? (() => new Date())
  const pageSize = opts.pageSize ?? 100
  const limit = opts.rateLimit ?? { limit: 1000, windowMs: 1000 }
  const staticKeys: Record<string, string> = { ...(opts.credentials ?? { [EMULATOR_SECRET_ID]: EMULATOR_SECRET_KEY }) }
  const accounts: Record<string, string> = { ...(opts.accounts ?? {}) }
  const roles: Record<string, CloudRole> = {
    ...(opts.roles ?? { [roleArn(EMULATOR_ACCOUNT_ID, 'emulator-role')]: {} }),
  }
  const camRoles = opts.camRoles ?? ['emulator-cvm-role']
  const fx = opts.fixtures ?? {}
  const counts: Record<string, number> = {}
  /** request times in the current window, per action when the limit is per action ('' otherwise) */
  const hitsOf = new Map<string, number[]>()
  /** temporary keys handed out by STS and the metadata service */
  const temp = new Map<string, { key: string; token: string; expires: number; account: string; arn: string }>()
  const tags = new Map<string, Map<string, string>>()

  const apigateway = apigatewayService({
    ids,
    now,
    pageSize,
    visibleAfter: opts.visibleAfter ?? 1,
    visibleAfterMs: opts.visibleAfterMs ?? 2000,
    appId: '1250000000',
    apiApps: fx.apiApps,
    apiDocs: fx.apiDocs,
    apiAppBindings: fx.apiAppBindings,
  })

  const accountOf = (secretId: string): string | undefined =>
    temp.get(secretId)?.account ??
    (staticKeys[secretId] !== undefined ? (accounts[secretId] ?? EMULATOR_ACCOUNT_ID) : undefined)

  const issue = (account: string, arn: string, seconds: number) => {
    const id = ids.id('AKIDTMP', 29)
    const key = ids.tail(32)
    const token = ids.tail(64)
    const expires = now().getTime() + seconds * 1000
    temp.set(id, { key, token, expires, account, arn })
    return {
      TmpSecretId: id,
      TmpSecretKey: key,
      Token: token,
      ExpiredTime: Math.floor(expires / 1000),
      Expiration: new Date(expires).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    }
  }

  // ── tag ─────────────────────────────────────────────────────────────────
  const RESOURCE = /^qcs::([a-z]+):([a-z0-9-]*):uin\/(\d*):([a-zA-Z]+)\/(.+)$/
  const tagService: Record<string, (p: Params) => Obj> = {
    ModifyResourceTags: (p) => {
      const r = reqStr(p, 'Resource')
      if (!RESOURCE.test(r))
        fail(
          'InvalidParameterValue.ResourceDescriptionError',
          `The resource description ${r} is not a six-part qcs name.`,
        )
      const m = tags.get(r) ?? new Map<string, string>()
      for (const t of (p.ReplaceTags ?? []) as Obj[]) {
        if (typeof t.TagKey !== 'string' || t.TagKey === '')
          fail('InvalidParameterValue.TagKeyEmpty', 'A tag key cannot be empty.')
        m.set(t.TagKey as string, scalarText(t.TagValue))
      }
      for (const t of (p.DeleteTags ?? []) as Obj[]) m.delete(String(t.TagKey))
      tags.set(r, m)
      return {}
    },
    DescribeResourceTagsByResourceIds: (p) => {
      const type = reqStr(p, 'ServiceType')
      const prefix = reqStr(p, 'ResourcePrefix')
      const region = reqStr(p, 'ResourceRegion')
      const wanted =
        strList(p, 'ResourceIds') ??
        fail('MissingParameter', 'The request is missing a required parameter `ResourceIds`.')
      const rows: Obj[] = []
      for (const [r, m] of tags) {
        const x = RESOURCE.exec(r)
        if (!x || x[1] !== type || x[2] !== region || x[4] !== prefix || !wanted.includes(x[5])) continue
        for (const [k, v] of m)
          rows.push({
            TagKey: k,
            TagValue: v,
            ResourceId: x[5],
            TagKeyMd5: '',
            TagValueMd5: '',
            ServiceType: type,
            Category: 'Custom',
          })
      }
      const offset = optNum(p, 'Offset') ?? 0
      const lim = optNum(p, 'Limit') ?? 15
      return { TotalCount: rows.length, Offset: offset, Limit: lim, Tags: page(p, rows, pageSize) }
    },
  }

  // ── vpc ─────────────────────────────────────────────────────────────────
  const templateOf = (t: AddressTemplateFixture) => ({
    ...t,
    AddressSet: [...t.AddressSet],
    CreatedTime: '2024-01-01 00:00:00',
    UpdatedTime: '2024-01-01 00:00:00',
    AddressExtraSet: t.AddressSet.map((a) => ({ Address: a, Description: '', UpdatedTime: '2024-01-01 00:00:00' })),
    TagSet: [],
  })
  const groupOf = (g: AddressTemplateGroupFixture) => ({
    ...g,
    AddressTemplateIdSet: [...g.AddressTemplateIdSet],
    CreatedTime: '2024-01-01 00:00:00',
    UpdatedTime: '2024-01-01 00:00:00',
    AddressTemplateSet: g.AddressTemplateIdSet.map((id) => ({
      AddressTemplateId: id,
      // the member's name where the template is known; a single address has no range
      AddressTemplateName:
        (fx.addressTemplates ?? []).find((t) => t.AddressTemplateId === id)?.AddressTemplateName ?? '',
      From: '',
      To: '',
      Description: '',
      UpdatedTime: '2024-01-01 00:00:00',
    })),
    TagSet: [],
  })
  const templates = (fx.addressTemplates ?? []).map(templateOf)
  const groups = (fx.addressTemplateGroups ?? []).map(groupOf)
  const vpcService: Record<string, (p: Params) => Obj> = {
    DescribeAddressTemplates: (p) => {
      const f = filtersOf(p, ['address-template-name', 'address-template-id', 'address-ip', 'tag-key', 'tag-value'])
      const all = templates.filter(
        (t) =>
          passes(f, 'address-template-name', t.AddressTemplateName) &&
          passes(f, 'address-template-id', t.AddressTemplateId) &&
          (!f.has('address-ip') || t.AddressSet.some((a) => f.get('address-ip')!.includes(a))),
      )
      return { TotalCount: all.length, AddressTemplateSet: clone(page(p, all, pageSize, true)) }
    },
    DescribeAddressTemplateGroups: (p) => {
      const f = filtersOf(p, ['address-template-group-name', 'address-template-group-id', 'tag-key', 'tag-value'])
      const all = groups.filter(
        (g) =>
          passes(f, 'address-template-group-name', g.AddressTemplateGroupName) &&
          passes(f, 'address-template-group-id', g.AddressTemplateGroupId),
      )
      return { TotalCount: all.length, AddressTemplateGroupSet: clone(page(p, all, pageSize, true)) }
    },
  }

  // ── antiddos ────────────────────────────────────────────────────────────
  /** a deterministic series for a request: the same inputs always give the same points */
  const series = (key: string, n: number, scale: number): number[] => {
    let h = seed
    for (const ch of key) h = (Math.imul(h, 31) + ch.charCodeAt(0)) >>> 0
    const r = prng(h)
    return Array.from({ length: n }, () => Math.floor(r() * scale))
  }
  const window = (p: Params, period: number, fiveMinutes = false) => {
    const start = parseDateTime(p, 'StartTime')
    const end = parseDateTime(p, 'EndTime')
    if (end.getTime() < start.getTime()) fail('InvalidParameterValue', 'EndTime must not be before StartTime.')
    if (fiveMinutes && (start.getTime() % 300_000 !== 0 || end.getTime() % 300_000 !== 0))
      fail('InvalidParameterValue', 'StartTime and EndTime must be multiples of 5 minutes.')
    return Math.floor((end.getTime() - start.getTime()) / (period * 1000)) + 1
  }
  const bgpOf = (b: BgpInstanceFixture) => ({
    InstanceId: b.InstanceId,
    Region: b.Region,
    InstanceChargeType: 'PREPAID',
    InstanceChargePrepaid: { Period: 1, RenewFlag: 'NOTIFY_AND_MANUAL_RENEW' },
    PackageType: b.PackageType ?? 'Enterprise',
    EnterprisePackageConfig: {
      Region: b.Region,
      ProtectIpCount: 10,
      BasicProtectBandwidth: 300,
      Bandwidth: 100,
      ElasticProtectBandwidth: 0,
      ElasticBandwidthFlag: false,
    },
    TagInfoList: [...(b.Tags ?? [])],
    // one enterprise instance, bought for real: no standard package of either kind
    InstanceCount: 1,
    DryRun: false,
    StandardPackageConfig: null,
    StandardPlusPackageConfig: null,
  })
  const bgp = (fx.bgpInstances ?? []).map(bgpOf)
  const antiddosService: Record<string, (p: Params) => Obj> = {
    DescribeBasicDeviceStatus: (p) => {
      const ips = strList(p, 'IpList') ?? []
      const idList = strList(p, 'IdList') ?? []
      if (p.FilterRegion !== undefined && typeof p.FilterRegion !== 'number')
        fail('InvalidParameter', 'FilterRegion must be a region id (a number).')
      const status = fx.deviceStatus ?? {}
      return {
        Data: ips.map((ip) => ({ Key: ip, Value: status[ip] ?? '2' })),
        CLBData: idList.map((id) => ({ Key: id, Value: status[id] ?? '2' })),
        CnameWafData: [],
      }
    },
    DescribeBgpBizTrend: (p) => {
      const business = reqStr(p, 'Business')
      const metric = oneOf(p, 'MetricName', ['intraffic', 'outtraffic', 'inpkg', 'outpkg'])!
      const instance = reqStr(p, 'InstanceId')
      const flag = reqNum(p, 'Flag')
      if (flag !== 0 && flag !== 1) fail('InvalidParameterValue', 'Flag must be 0 or 1.')
      const n = window(p, 300, true)
      const data = series(`${business}|${metric}|${instance}|${scalarText(p.StartTime)}`, n, 1000)
      return {
        DataList: data,
        Total: data.reduce((a, b) => a + b, 0),
        MetricName: metric,
        MaxData: Math.max(0, ...data),
      }
    },
    DescribeBgpInstances: (p) => {
      const region = reqStr(p, 'FilterRegion')
      const idsWanted = strList(p, 'FilterInstanceIdList')
      const tagsWanted = (p.FilterTag ?? []) as Obj[]
      const all = bgp.filter(
        (b) =>
          b.Region === region &&
          (!idsWanted || idsWanted.length === 0 || idsWanted.includes(b.InstanceId)) &&
          tagsWanted.every((t) => b.TagInfoList.some((x) => x.TagKey === t.TagKey && x.TagValue === t.TagValue)),
      )
      // the region is a filter, not a field of the reply (BGPInstanceInfo)
      return { Total: all.length, BGPInstanceList: clone(page(p, all, pageSize)).map(({ Region: _r, ...b }) => b) }
    },
    DescribeListListener: () => ({
      Layer4Listeners: [
        {
          BackendPort: 8080,
          FrontendPort: 80,
          Protocol: 'TCP',
          RealServers: [{ RealServer: '10.0.0.2', RsType: 2, Weight: 100, Port: 8080 }],
          InstanceDetails: [{ EipList: ['1.1.1.1'], InstanceId: 'bgpip-00000001' }],
          InstanceDetailRule: [
            { EipList: ['1.1.1.1'], InstanceId: 'bgpip-00000001', Cname: 'bgpip-00000001.dayugslb.com' },
          ],
        },
      ],
      Layer7Listeners: [
        {
          Domain: 'www.example.com',
          ProxyTypeList: [{ ProxyPorts: [80], ProxyType: 'http' }],
          RealServers: [{ RealServer: 'origin.example.com', RsType: 1, Weight: 100, Port: 80 }],
          InstanceDetails: [{ EipList: ['1.1.1.1'], InstanceId: 'bgpip-00000001' }],
          InstanceDetailRule: [
            { EipList: ['1.1.1.1'], InstanceId: 'bgpip-00000001', Cname: 'bgpip-00000001.dayugslb.com' },
          ],
          Protocol: 'http',
          Vport: 80,
        },
      ],
    }),
    DescribeOverviewAttackTrend: (p) => {
      const type = oneOf(p, 'Type', ['cc', 'ddos'])!
      oneOf(p, 'Dimension', ['attackcount'])
      const period = reqNum(p, 'Period')
      if (period !== 86400) fail('InvalidParameterValue', 'Period must be 86400.')
      const n = window(p, period)
      const data = series(`attack|${type}|${scalarText(p.StartTime)}`, n, 50)
      return { Type: type, StartTime: p.StartTime, EndTime: p.EndTime, Period: period, Data: data, Count: data.length }
    },
    DescribeOverviewCCTrend: (p) => {
      const period = reqNum(p, 'Period')
      if (![300, 3600, 86400].includes(period)) fail('InvalidParameterValue', 'Period must be 300, 3600 or 86400.')
      const metric = oneOf(p, 'MetricName', ['inqps', 'dropqps', 'incount', 'dropcount'])!
      const business = oneOf(p, 'Business', ['bgpip', 'bgp-multip', 'basic', 'bgp', 'net'], false)
      const n = window(p, period)
      const data = series(`cc|${metric}|${business ?? ''}|${scalarText(p.StartTime)}`, n, 500)
      return { Count: data.length, Data: data }
    },
  }

  // ── sts ─────────────────────────────────────────────────────────────────
  const duration = (p: Params, max = 43200, dflt = 7200): number => {
    const d = optNum(p, 'DurationSeconds') ?? dflt
    if (!Number.isInteger(d) || d < 0 || d > max)
      fail('InvalidParameterValue', `DurationSeconds must be from 0 to ${max}.`)
    return d === 0 ? dflt : d
  }
  const assumed = (p: Params, check: (role: CloudRole) => void): Obj => {
    const arn = reqStr(p, 'RoleArn')
    const session = reqStr(p, 'RoleSessionName')
    if (!/^[\w+=,.@-]{2,128}$/.test(session))
      fail('InvalidParameterValue', 'RoleSessionName must have 2 to 128 letters, digits or +=,.@-_.')
    const role = roles[arn] ?? fail('InvalidParameter.RoleNotExist', `The role ${arn} does not exist.`)
    check(role)
    const account = /uin\/(\d+)/.exec(arn)?.[1] ?? EMULATOR_ACCOUNT_ID
    const c = issue(account, `qcs::sts:${account}:assumed-role/${arn.split('/').pop()}/${session}`, duration(p))
    return {
      Credentials: { Token: c.Token, TmpSecretId: c.TmpSecretId, TmpSecretKey: c.TmpSecretKey },
      ExpiredTime: c.ExpiredTime,
      Expiration: c.Expiration,
    }
  }
  const stsService = (caller: () => string | undefined): Record<string, (p: Params) => Obj> => ({
    AssumeRole: (p) =>
      assumed(p, (role) => {
        if (role.externalId !== undefined && p.ExternalId !== role.externalId)
          fail('InvalidParameter.ExternalIdError', 'The ExternalId does not match the role.')
        if (p.SerialNumber !== undefined) {
          const code = opts.mfaDevices?.[scalarText(p.SerialNumber)]
          if (code === undefined || p.TokenCode !== code)
            fail('AuthFailure.MFAFailure', 'The MFA token code is not valid.')
        }
      }),
    AssumeRoleWithSAML: (p) => {
      reqStr(p, 'SAMLAssertion')
      reqStr(p, 'PrincipalArn')
      return assumed(p, (role) => {
        if (role.samlAssertion === undefined || role.samlAssertion !== p.SAMLAssertion)
          fail('InvalidParameter.SAMLAssertionError', 'The SAML assertion is not valid for this role.')
      })
    },
    AssumeRoleWithWebIdentity: (p) => {
      reqStr(p, 'WebIdentityToken')
      reqStr(p, 'ProviderId')
      return assumed(p, (role) => {
        if (role.webIdentityToken === undefined || role.webIdentityToken !== p.WebIdentityToken)
          fail('InvalidParameter.WebIdentityTokenError', 'The web identity token is not valid for this role.')
      })
    },
    GetSessionToken: (p) => {
      const serial = reqStr(p, 'SerialNumber')
      const code = reqStr(p, 'TokenCode')
      if (opts.mfaDevices?.[serial] === undefined || opts.mfaDevices[serial] !== code)
        fail('AuthFailure.MFAFailure', 'The MFA token code is not valid.')
      const account = accountOf(caller() ?? '') ?? EMULATOR_ACCOUNT_ID
      const c = issue(account, `qcs::cam::uin/${account}:uin/${account}`, duration(p, 129600, 1800))
      return {
        Credentials: { Token: c.Token, TmpSecretId: c.TmpSecretId, TmpSecretKey: c.TmpSecretKey },
        ExpiredTime: c.ExpiredTime,
        Expiration: c.Expiration,
      }
    },
    GetCallerIdentity: () => {
      const id = caller() ?? ''
      const account = accountOf(id) ?? EMULATOR_ACCOUNT_ID
      const t = temp.get(id)
      return {
        Arn: t?.arn ?? `qcs::cam::uin/${account}:uin/${account}`,
        AccountId: account,
        UserId: account,
        PrincipalId: account,
        Type: t ? 'CAMRole' : 'RootAccount',
      }
    },
  })

  // ── transport ───────────────────────────────────────────────────────────
  const reply = (status: number, body: unknown, headers: Record<string, string> = {}): HttpResponse => ({
    status,
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
  const envelope = (payload: Obj) => reply(200, { Response: { ...payload, RequestId: ids.uuid() } })
  const apiError = (code: string, message: string) =>
    reply(200, { Response: { Error: { Code: code, Message: message }, RequestId: ids.uuid() } })

  const metadata = (req: HttpRequest, path: string): HttpResponse => {
    const base = '/latest/meta-data/cam/security-credentials/'
    if (req.method !== 'GET' || !path.startsWith('/latest/meta-data/'))
      return reply(404, 'Not Found', { 'content-type': 'text/plain' })
    if (path === base || path === base.slice(0, -1))
      return reply(200, camRoles.join('\n'), { 'content-type': 'text/plain' })
    const role = decodeURIComponent(path.slice(base.length))
    if (!path.startsWith(base) || !camRoles.includes(role))
      return reply(404, 'Not Found', { 'content-type': 'text/plain' })
    const c = issue(EMULATOR_ACCOUNT_ID, `qcs::cam::uin/${EMULATOR_ACCOUNT_ID}:roleName/${role}`, 7200)
    return reply(200, {
      TmpSecretId: c.TmpSecretId,
      TmpSecretKey: c.TmpSecretKey,
      ExpiredTime: c.ExpiredTime,
      Expiration: c.Expiration,
      Token: c.Token,
      Code: 'Success',
    })
  }

  const handle = (req: HttpRequest): HttpResponse => {
    let url: URL
    try {
      url = new URL(req.url)
    } catch {
      return reply(400, 'Bad Request', { 'content-type': 'text/plain' })
    }
    const path = url.pathname
    // the GET style of the action API: an X-TC-Action header, the parameters in the query
    const getStyle = req.method === 'GET' && path === '/' && req.headers['x-tc-action'] !== undefined
    if (req.method === 'GET' && !getStyle) {
      counts[`GET ${path}`] = (counts[`GET ${path}`] ?? 0) + 1
      return metadata(req, path)
    }
    if ((req.method !== 'POST' && !getStyle) || path !== '/')
      return reply(404, 'Not Found', { 'content-type': 'text/plain' })

    const h = req.headers
    const actionName = h['x-tc-action'] ?? ''
    const auth = h.authorization ?? ''
    const m = AUTH.exec(auth)
    const label = /^([a-z]+)\./.exec(h.host ?? '')?.[1]
    const service = m?.[3] ?? (auth === 'SKIP' ? (label && VERSIONS[label] ? label : 'sts') : '')
    const name = `${service}:${actionName}`
    counts[name] = (counts[name] ?? 0) + 1

    const t = now().getTime()
    const hitsKey = limit.perAction ? name : ''
    const hits = hitsOf.get(hitsKey) ?? hitsOf.set(hitsKey, []).get(hitsKey)!
    while (hits.length && hits[0] <= t - limit.windowMs) hits.shift()
    if (hits.length >= limit.limit)
      return apiError(
        'RequestLimitExceeded',
        'Your current request times equals to `' +
          limit.limit +
          '` in a second, which exceeds the frequency limit. Please reduce the frequency of calls.',
      )
    hits.push(t)

    if (!actionName) return apiError('MissingParameter', 'The request is missing a required parameter `Action`.')
    if (!VERSIONS[service] && auth !== 'SKIP' && !m)
      return apiError('AuthFailure.InvalidAuthorization', 'The Authorization header is missing or malformed.')
    const version = VERSIONS[service]
    if (!version) return apiError('InvalidAction', unservedService(service, h.host ?? '', h['x-tc-version'], VERSIONS))
    if (h['x-tc-version'] !== version)
      return apiError('NoSuchVersion', `The version ${h['x-tc-version'] ?? '(none)'} of ${service} does not exist.`)

    let callerId: string | undefined
    if (auth === 'SKIP' && UNSIGNED.has(name)) {
      // role assumption with a SAML assertion or an OIDC token needs no keys
    } else {
      if (!m) return apiError('AuthFailure.InvalidAuthorization', 'The Authorization header is missing or malformed.')
      const [, secretId, date, , signedHeaders, signature] = m
      const ts = Number(h['x-tc-timestamp'])
      if (!Number.isInteger(ts)) return apiError('MissingParameter', 'The request is missing a valid X-TC-Timestamp.')
      if (Math.abs(t / 1000 - ts) > 300)
        return apiError(
          'AuthFailure.SignatureExpire',
          'Signature expired. Timestamp and server time cannot differ by more than five minutes.',
        )
      const tmp = temp.get(secretId)
      const key = tmp?.key ?? staticKeys[secretId]
      if (key === undefined)
        return apiError(
          'AuthFailure.SecretIdNotFound',
          'The SecretId is not found, please ensure that your SecretId is correct.',
        )
      if (tmp) {
        if (h['x-tc-token'] !== tmp.token)
          return apiError('AuthFailure.TokenFailure', 'The token is missing or does not belong to this SecretId.')
        if (tmp.expires <= t) return apiError('AuthFailure.TokenFailure', 'The temporary credentials have expired.')
      }
      if (signedHeaders !== 'content-type;host')
        return apiError(
          'AuthFailure.SignatureFailure',
          'The provided credentials could not be validated: only content-type;host may be signed here.',
        )
      // the Host header as sent, or its name alone: the official SDK signs the host name without
      // the port (the same thing on the platform's port 443, not on an emulator's)
      const host = h.host ?? ''
      const hosts = [host, host.replace(/:\d+$/, '')]
      const signs = (hostSigned: string) =>
        signTc3({
          secretId,
          secretKey: key,
          service,
          host: hostSigned,
          action: actionName,
          version,
          timestamp: ts,
          payload: getStyle ? '' : (req.body ?? ''),
          contentType: h['content-type'] ?? '',
          ...(getStyle ? { method: 'GET' as const, query: url.search.slice(1) } : {}),
        }).authorization.endsWith(`Signature=${signature}`)
      if (!hosts.some(signs) || tc3Date(ts) !== date)
        return apiError(
          'AuthFailure.SignatureFailure',
          'The provided credentials could not be validated. Please check your signature is correct.',
        )
      callerId = secretId
    }

    let params: Params
    try {
      params = getStyle ? fromQuery(url.searchParams) : req.body ? (JSON.parse(req.body) as Params) : {}
    } catch {
      return apiError('InvalidParameter', 'The request body is not a JSON object.')
    }
    if (typeof params !== 'object' || params === null || Array.isArray(params))
      return apiError('InvalidParameter', 'The request body is not a JSON object.')

    const table: Record<string, (p: Params) => Obj> | undefined =
      service === 'apigateway'
        ? apigateway.actions
        : service === 'tag'
          ? tagService
          : service === 'vpc'
            ? vpcService
            : service === 'antiddos'
              ? antiddosService
              : stsService(() => callerId)
    const fn = Object.prototype.hasOwnProperty.call(table, actionName) ? table[actionName] : undefined
    if (!fn) return apiError('InvalidAction', `The action ${actionName} of ${service} does not exist.`)
    const region = h['x-tc-region']
    if (service !== 'sts' && service !== 'tag' && !region)
      return apiError('MissingParameter', 'The request is missing a required parameter `Region`.')
    try {
      return envelope(fn(params))
    } catch (e) {
      if (e instanceof ApiError) return apiError(e.code, e.message)
      return apiError(
        'InternalError',
        `An internal error has occurred (${e instanceof Error ? e.message : String(e)}).`,
      )
    }
  }

  const client: HttpClient = (req) => TE.right(handle(req))

  // ── persistence and seeding ─────────────────────────────────────────────
  const holdings: Holdings = {
    ids: ids.taken,
    tags,
    addressTemplates: templates,
    addressTemplateGroups: groups,
    bgpInstances: bgp,
    ...Object.fromEntries(Object.entries(apigateway.holdings).map(([k, v]) => [`apigateway.${k}`, v])),
  }
  const OWN_SEEDS = ['addressTemplates', 'addressTemplateGroups', 'bgpInstances']
  const seeds = [...OWN_SEEDS, ...apigateway.seeds]
  const strings = (kind: string, i: number, x: Params, k: string): string[] => {
    const v = x[k]
    if (!Array.isArray(v) || v.some((a) => typeof a !== 'string'))
      throw new Error(`seed cloud.${kind}[${i}].${k}: expected a list of strings, got ${JSON.stringify(v)}`)
    return v as string[]
  }
  const seedObjects = (objects: SeedObjects): void => {
    checkSeedKinds('cloud', objects, seeds)
    for (const [i, x] of (objects.addressTemplates ?? []).entries())
      templates.push(
        templateOf({
          AddressTemplateId: seedField('cloud', 'addressTemplates', i, x, 'AddressTemplateId'),
          AddressTemplateName: seedField('cloud', 'addressTemplates', i, x, 'AddressTemplateName'),
          AddressSet: strings('addressTemplates', i, x, 'AddressSet'),
        }),
      )
    for (const [i, x] of (objects.addressTemplateGroups ?? []).entries())
      groups.push(
        groupOf({
          AddressTemplateGroupId: seedField('cloud', 'addressTemplateGroups', i, x, 'AddressTemplateGroupId'),
          AddressTemplateGroupName: seedField('cloud', 'addressTemplateGroups', i, x, 'AddressTemplateGroupName'),
          AddressTemplateIdSet: strings('addressTemplateGroups', i, x, 'AddressTemplateIdSet'),
        }),
      )
    for (const [i, x] of (objects.bgpInstances ?? []).entries())
      bgp.push(
        bgpOf({
          InstanceId: seedField('cloud', 'bgpInstances', i, x, 'InstanceId'),
          Region: seedField('cloud', 'bgpInstances', i, x, 'Region'),
          ...(typeof x.PackageType === 'string' ? { PackageType: x.PackageType } : {}),
          ...(Array.isArray(x.TagInfoList) ? { Tags: x.TagInfoList as BgpInstanceFixture['Tags'] } : {}),
        }),
      )
    apigateway.seed(objects)
  }

  const objects = (): ReadonlyArray<StoredObject> => [
    ...apigateway.objects(),
    ...[...tags].flatMap(([r, m]) =>
      m.size ? [{ kind: 'tag:ResourceTags', id: r, body: Object.fromEntries(m) }] : [],
    ),
  ]

  return {
    platform: 'cloud',
    client,
    objects,
    requests: () => ({ ...counts }),
    account: accountOf,
    ...persisted('cloud', holdings, seedObjects),
    about: {
      platform: 'cloud',
      name: 'trellis emulator of the cloud signed action API 3.0 (TC3-HMAC-SHA256): POST / with X-TC-Action',
      serves: Object.entries(VERSIONS).map(([service, version]) => `${service} ${version}`),
      seeds,
    },
  }
}
