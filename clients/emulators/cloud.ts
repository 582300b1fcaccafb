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
 *
 * Each service is an action table in its own module under cloud/ (apigateway in cloud-apigateway.ts);
 * the transport (cloud/transport.ts) dispatches on the service and action; the state the services
 * hold is named once here, in the data file's names.
 */
import * as TE from 'fp-ts/TaskEither'
import type { HttpClient } from '../http'
import { checkSeedKinds, persisted, seedField, type Emulator, type SeedObjects, type StoredObject } from './emulator'
import type { Holdings } from './holdings'
import type { SecretField } from './secret-fields'
import { idMaker, type Params } from './cloud-kit'
import { apigatewayService } from './cloud-apigateway'
import type { Actions, BgpInstanceFixture, CloudFixtures } from './cloud/fixtures'
import { tagActions, type TagStore } from './cloud/tag'
import { groupOf, templateOf, vpcActions, type AddressTemplate, type AddressTemplateGroup } from './cloud/vpc'
import { antiddosActions, bgpOf, type BgpInstance } from './cloud/antiddos'
import { accountOf, EMULATOR_ACCOUNT_ID, stsActions, type CloudRole, type Credentials } from './cloud/sts'
import { cloudTransport } from './cloud/transport'

export type {
  AddressTemplateFixture,
  AddressTemplateGroupFixture,
  BgpInstanceFixture,
  CloudFixtures,
} from './cloud/fixtures'
export { EMULATOR_ACCOUNT_ID, type CloudRole } from './cloud/sts'

// ── options ──────────────────────────────────────────────────────────────────
export const EMULATOR_SECRET_ID = 'AKIDEMULATOR0000000000000000000000000'
export const EMULATOR_SECRET_KEY = 'emulator-secret-key-000000000000'

/** What a data file keeps only sealed: API key secrets and API app secrets. */
export const CLOUD_SECRET_FIELDS: ReadonlyArray<SecretField> = [
  { path: 'apigateway.keys.*.AccessKeySecret' },
  { path: 'apigateway.apps.*.ApiAppSecret' },
]
/** the role ARN prefix the emulator's STS accepts: `qcs::cam::uin/<account>:roleName/<name>` */
export const roleArn = (account: string, name: string): string => `qcs::cam::uin/${account}:roleName/${name}`

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

/** each service's API version (X-TC-Version) */
const VERSIONS: Readonly<Record<string, string>> = {
  apigateway: '2018-08-08',
  vpc: '2017-03-12',
  antiddos: '2020-03-09',
  tag: '2018-08-13',
  sts: '2018-08-13',
}
const OWN_SEEDS = ['addressTemplates', 'addressTemplateGroups', 'bgpInstances']

/** What the tag, vpc and antiddos services hold (apigateway holds its own). */
interface CloudState {
  readonly tags: TagStore
  readonly templates: AddressTemplate[]
  readonly groups: AddressTemplateGroup[]
  readonly bgp: BgpInstance[]
}

const strings = (kind: string, i: number, x: Params, k: string): string[] => {
  const v = x[k]
  if (!Array.isArray(v) || v.some((a) => typeof a !== 'string'))
    throw new Error(`seed cloud.${kind}[${i}].${k}: expected a list of strings, got ${JSON.stringify(v)}`)
  return v as string[]
}

/** Seeds the vpc and antiddos objects (apigateway seeds its own). */
const seedOwn = (st: CloudState, fx: CloudFixtures, objects: SeedObjects): void => {
  for (const [i, x] of (objects.addressTemplates ?? []).entries())
    st.templates.push(
      templateOf({
        AddressTemplateId: seedField('cloud', 'addressTemplates', i, x, 'AddressTemplateId'),
        AddressTemplateName: seedField('cloud', 'addressTemplates', i, x, 'AddressTemplateName'),
        AddressSet: strings('addressTemplates', i, x, 'AddressSet'),
      }),
    )
  for (const [i, x] of (objects.addressTemplateGroups ?? []).entries())
    st.groups.push(
      groupOf(
        {
          AddressTemplateGroupId: seedField('cloud', 'addressTemplateGroups', i, x, 'AddressTemplateGroupId'),
          AddressTemplateGroupName: seedField('cloud', 'addressTemplateGroups', i, x, 'AddressTemplateGroupName'),
          AddressTemplateIdSet: strings('addressTemplateGroups', i, x, 'AddressTemplateIdSet'),
        },
        fx.addressTemplates ?? [],
      ),
    )
  for (const [i, x] of (objects.bgpInstances ?? []).entries())
    st.bgp.push(
      bgpOf({
        InstanceId: seedField('cloud', 'bgpInstances', i, x, 'InstanceId'),
        Region: seedField('cloud', 'bgpInstances', i, x, 'Region'),
        ...(typeof x.PackageType === 'string' ? { PackageType: x.PackageType } : {}),
        ...(Array.isArray(x.TagInfoList) ? { Tags: x.TagInfoList as BgpInstanceFixture['Tags'] } : {}),
      }),
    )
}

const credentialsOf = (opts: CloudEmulatorOptions, ids: ReturnType<typeof idMaker>, now: () => Date): Credentials => ({
  staticKeys: { ...(opts.credentials ?? { [EMULATOR_SECRET_ID]: EMULATOR_SECRET_KEY }) },
  accounts: { ...(opts.accounts ?? {}) },
  roles: { ...(opts.roles ?? { [roleArn(EMULATOR_ACCOUNT_ID, 'emulator-role')]: {} }) },
  mfaDevices: opts.mfaDevices,
  temp: new Map(),
  ids,
  now,
})

/** An in-memory emulator of the cloud platform's signed action API (TC3), as an HttpClient. */
export const cloudEmulator = (
  opts: CloudEmulatorOptions = {},
): Emulator & { readonly account: (secretId: string) => string | undefined } => {
  const seed = opts.seed ?? 1
  const ids = idMaker(seed)
  const now = opts.now ?? (() => new Date())
  const pageSize = opts.pageSize ?? 100
  const fx = opts.fixtures ?? {}
  const credentials = credentialsOf(opts, ids, now)
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
  const st: CloudState = {
    tags: new Map(),
    templates: (fx.addressTemplates ?? []).map(templateOf),
    groups: (fx.addressTemplateGroups ?? []).map((g) => groupOf(g, fx.addressTemplates ?? [])),
    bgp: (fx.bgpInstances ?? []).map(bgpOf),
  }
  const services: Record<string, Actions> = {
    apigateway: apigateway.actions,
    tag: tagActions(st.tags, pageSize),
    vpc: vpcActions(st.templates, st.groups, pageSize),
    antiddos: antiddosActions(seed, st.bgp, fx.deviceStatus, pageSize),
  }
  const counts: Record<string, number> = {}
  const handle = cloudTransport({
    credentials,
    ids,
    versions: VERSIONS,
    actionsOf: (service, caller) => services[service] ?? stsActions(credentials, caller),
    camRoles: opts.camRoles ?? ['emulator-cvm-role'],
    limit: opts.rateLimit ?? { limit: 1000, windowMs: 1000 },
    counts,
  })
  const client: HttpClient = (req) => TE.right(handle(req))

  // the data file's names
  const holdings: Holdings = {
    ids: ids.taken,
    tags: st.tags,
    addressTemplates: st.templates,
    addressTemplateGroups: st.groups,
    bgpInstances: st.bgp,
    ...Object.fromEntries(Object.entries(apigateway.holdings).map(([k, v]) => [`apigateway.${k}`, v])),
  }
  const seeds = [...OWN_SEEDS, ...apigateway.seeds]
  const seedObjects = (objects: SeedObjects): void => {
    checkSeedKinds('cloud', objects, seeds)
    seedOwn(st, fx, objects)
    apigateway.seed(objects)
  }
  const objects = (): ReadonlyArray<StoredObject> => [
    ...apigateway.objects(),
    ...[...st.tags].flatMap(([r, m]) =>
      m.size ? [{ kind: 'tag:ResourceTags', id: r, body: Object.fromEntries(m) }] : [],
    ),
  ]

  return {
    platform: 'cloud',
    client,
    objects,
    requests: () => ({ ...counts }),
    account: (secretId) => accountOf(credentials, secretId),
    ...persisted('cloud', holdings, seedObjects),
    about: {
      platform: 'cloud',
      name: 'trellis emulator of the cloud signed action API 3.0 (TC3-HMAC-SHA256): POST / with X-TC-Action',
      serves: Object.entries(VERSIONS).map(([service, version]) => `${service} ${version}`),
      seeds,
    },
  }
}
