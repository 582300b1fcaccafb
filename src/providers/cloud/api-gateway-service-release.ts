/**
 * cloud:ApiGatewayServiceRelease — publishes a service's APIs to an environment. From
 * docs/wire/cloud.md §4.6: the output releaseVersion; every input forces replacement (no update); the id
 * is `<serviceId>#<environmentName>#<releaseVersion>`. Create waits until the service is visible,
 * refuses a service without APIs, and checks the environment is then available. A release whose
 * environment was un-released since (or whose service is gone) reads as gone. Deleting a release
 * un-releases its environment only while it is the environment's current version, so replacing a
 * release (new one first) does not undo the new one.
 */
import * as t from 'io-ts'
import * as E from 'fp-ts/Either'
import { defineResource, type Identity } from '../../core/spec'
import { observe } from '../../core/observe'
import { literals } from '../../core/codecs'
import {
  apigw,
  isGone,
  isObj,
  itemsOf,
  joinId,
  num,
  pagedStep,
  pages,
  responseOf,
  resultOf,
  sequence,
  sequenceWith,
  sharedOf,
  sharedRequests,
  splitId,
  stepsOf,
  str,
  visible,
  type Step,
  type Steps,
  WAIT_VISIBLE_MS,
} from './shared/wire'
import { listServices } from './api-gateway-service'

export const ApiGatewayServiceReleaseInputs = t.exact(
  t.type({
    /** Id of the service to release. Changing it replaces the resource. */
    serviceId: t.string,
    /** Required. Changing it replaces the resource. One of `test`,`release`,`prepub`. */
    environmentName: literals(['test', 'release', 'prepub']),
    /** Description of this release. Changing it replaces the resource. */
    releaseDesc: t.string,
  }),
  'ApiGatewayServiceReleaseInputs',
)
export type ApiGatewayServiceReleaseInputs = t.TypeOf<typeof ApiGatewayServiceReleaseInputs>

export const ApiGatewayServiceReleaseOutputs = t.exact(
  t.type({
    /** Version of this release, assigned by the platform. */
    releaseVersion: t.string,
  }),
  'ApiGatewayServiceReleaseOutputs',
)
export type ApiGatewayServiceReleaseOutputs = t.TypeOf<typeof ApiGatewayServiceReleaseOutputs>

type I = ApiGatewayServiceReleaseInputs
const LABELS = ['serviceId', 'environmentName', 'releaseVersion'] as const

const identity: Identity<I> = {
  importFormat: LABELS.map((l) => `<${l}>`).join('#'),
  parseImportId: (s) => {
    const r = splitId(s, LABELS)
    if (E.isLeft(r)) return r
    const [serviceId, env, version] = r.right
    if (!serviceId || !version) return E.left(`has an empty <${!serviceId ? 'serviceId' : 'releaseVersion'}>`)
    if (!['test', 'release', 'prepub'].includes(env))
      return E.left(`names the environment ${JSON.stringify(env)}, not test, release or prepub`)
    return E.right({ id: s, inputs: { serviceId, environmentName: env as I['environmentName'] } })
  },
  printImportId: (id) => id,
}

const available = (service: unknown, env: string): boolean =>
  Array.isArray(responseOf(service).AvailableEnvironments) &&
  (responseOf(service).AvailableEnvironments as unknown[]).includes(env)

/** the service's row in the listing of every service, when one was handed over */
const listed = (acc: Steps, serviceId: string) =>
  sharedOf(acc, 'services')
    .filter(isObj)
    .find((s) => s.ServiceId === serviceId)

/**
 * Where the service is released (from the listing of every service, which a refresh's releases share
 * with the services' own refresh; a service it does not show is asked for alone, as it may be
 * listed late), then the environment's release history, which holds the version and its description.
 */
const readSteps = (serviceId: string, env: string, version: (acc: Steps) => string | undefined): Step[] => [
  {
    name: 'services',
    shared: 'skip',
    request: () => listServices(),
    absent: (acc) => {
      const row = listed(acc, serviceId)
      return row && !available(row, env) ? `service ${serviceId} is no longer released in ${env}` : undefined
    },
  },
  {
    name: 'service',
    request: (acc) => (listed(acc, serviceId) ? undefined : apigw('DescribeService', { ServiceId: serviceId })),
    absent: (acc) => (available(acc.service, env) ? undefined : `service ${serviceId} is no longer released in ${env}`),
  },
  {
    ...pagedStep(
      'history',
      (Offset, Limit) =>
        apigw('DescribeServiceEnvironmentReleaseHistory', {
          ServiceId: serviceId,
          EnvironmentName: env,
          Offset,
          Limit,
        }),
      'Result.VersionList',
    ),
    absent: (acc: Steps) => {
      const v = version(acc)
      const list = itemsOf(acc, 'history', 'Result.VersionList').filter(isObj)
      return list.length === 0 || (v !== undefined && !list.some((x) => x.VersionName === v))
        ? `release ${v ?? ''} of ${serviceId} (${env}) is not in its history`
        : undefined
    },
  },
]

/** A read's steps and the values decode needs. */
const refresh = (id: string, inputs: Partial<I>): [Step[], Record<string, unknown>] => {
  const [serviceId, env, version] = partsOr(id, inputs)
  return [readSteps(serviceId, env, () => version), { serviceId, environmentName: env, releaseVersion: version }]
}

export const ApiGatewayServiceRelease = defineResource({
  token: 'cloud:ApiGatewayServiceRelease',
  doc:
    'Releases (publishes) a service to an environment: test, release or prepub. The service needs at least one API. From the wire reference: the output releaseVersion. ' +
    'Every change replaces the release; deleting it un-releases the environment. Waits: until the service is visible, up to 3 minutes. ' +
    "Refresh reads each release alone: it is one environment's release history of one service, checked against the service's released environments " +
    "(in one refresh, from the listing of every service that the services' own refresh sends).",
  inputs: ApiGatewayServiceReleaseInputs,
  outputs: ApiGatewayServiceReleaseOutputs,
  identity,
  replaceOn: ['serviceId', 'environmentName', 'releaseDesc'],
  secrets: [],
  rules: [],
  wire: {
    // the step's time budget covers its longest wait (see visible, untilAcknowledged, lookAgain)
    waitMs: WAIT_VISIBLE_MS,
    create: (i) => {
      const version = (acc: Steps) => str(resultOf(acc.release).ReleaseVersion)
      return sequence(
        [
          {
            name: 'visible',
            request: () =>
              apigw(
                'DescribeService',
                { ServiceId: i.serviceId },
                {
                  poll: visible(
                    `service ${i.serviceId} to become visible`,
                    (r) => str(responseOf(r).ServiceId) !== undefined,
                  ),
                },
              ),
            refuse: (acc) =>
              (num(responseOf(acc.visible).ApiTotalCount) ?? 0) < 1
                ? `service ${i.serviceId} has no API to release`
                : undefined,
          },
          {
            name: 'release',
            request: () =>
              apigw('ReleaseService', {
                ServiceId: i.serviceId,
                EnvironmentName: i.environmentName,
                ReleaseDesc: i.releaseDesc,
              }),
            refuse: (acc) => (version(acc) ? undefined : 'the platform returned no release version'),
          },
          {
            name: 'verify',
            request: () => apigw('DescribeService', { ServiceId: i.serviceId }),
            refuse: (acc) =>
              available(acc.verify, i.environmentName)
                ? undefined
                : `service ${i.serviceId} is not available in ${i.environmentName} after its release`,
          },
          ...readSteps(i.serviceId, i.environmentName, version),
        ],
        { serviceId: i.serviceId, environmentName: i.environmentName },
      )
    },
    read: (id, ctx) => sequence(...refresh(id, ctx.inputs)),
    shares: {
      requests: (id, ctx) => sharedRequests(refresh(id, ctx.inputs)[0]),
      read: (id, ctx, shared) => sequenceWith(...refresh(id, ctx.inputs), shared),
    },
    // a lost release is the environment's newest version, if the environment is released at all
    // (the default match then checks it carries the description that was sent)
    find: (sent) =>
      sequence(
        readSteps(sent.serviceId, sent.environmentName, () => undefined),
        { serviceId: sent.serviceId, environmentName: sent.environmentName },
      ),
    delete: (id, ctx) => {
      const [serviceId, env, version] = partsOr(id, ctx.inputs)
      // a replacement releases the environment again first: the old release must then not
      // un-release what the new one published, so only the environment's current version is undone
      return sequence([
        pagedStep(
          'current',
          (Offset, Limit) => apigw('DescribeServiceEnvironmentStrategy', { ServiceId: serviceId, Offset, Limit }),
          'Result.EnvironmentList',
        ),
        {
          name: 'unrelease',
          request: (acc) => {
            const row = itemsOf(acc, 'current', 'Result.EnvironmentList')
              .filter(isObj)
              .find((e) => e.EnvironmentName === env)
            const current = str(row?.VersionName)
            return version === '' || current === undefined || current === '' || current === version
              ? apigw('UnReleaseService', { ServiceId: serviceId, EnvironmentName: env })
              : undefined
          },
        },
      ])
    },
    decode: (reply, ctx) => {
      const steps = stepsOf(reply)
      const serviceId = str(steps?.serviceId) ?? ctx.inputs.serviceId
      const env = str(steps?.environmentName) ?? ctx.inputs.environmentName
      const version =
        str(steps?.releaseVersion) ?? str(resultOf(steps?.release ?? reply).ReleaseVersion) ?? newest(steps)
      if (!serviceId || !env || !version)
        return E.left(
          `expected a release of a known service and environment with a ReleaseVersion, got ${JSON.stringify(responseOf(reply)).slice(0, 200)}`,
        )
      const entry = steps
        ? itemsOf(steps, 'history', 'Result.VersionList')
            .filter(isObj)
            .find((x) => x.VersionName === version)
        : undefined
      const releaseDesc = str(entry?.VersionDesc) ?? str(resultOf(steps?.release ?? reply).ReleaseDesc)
      return observe(
        ApiGatewayServiceReleaseInputs,
        ApiGatewayServiceReleaseOutputs,
        { serviceId, environmentName: env, releaseDesc, releaseVersion: version },
        joinId(serviceId, env, version),
        'apigateway:DescribeServiceEnvironmentReleaseHistory',
      )
    },
    gone: (e) => isGone(e) || e.code === 'ResourceNotFound.InvalidService',
  },
  // discovery lists each service's environments (released ones name their current version), then
  // reads each release as an import does; an environment's older versions are history, not releases
  discover: {
    // a service is released with its APIs: a program that makes it again makes them first
    after: [{ token: 'cloud:ApiGatewayApi', field: 'serviceId' }],
    scope: {
      key: 'serviceId',
      parent: 'cloud:ApiGatewayService',
      request: (serviceId) =>
        apigw(
          'DescribeServiceEnvironmentStrategy',
          { ServiceId: serviceId, Offset: 0, Limit: 100 },
          { paginate: pages('Result.EnvironmentList') },
        ),
      importIdOf: (item, serviceId) =>
        isObj(item) && item.Status === 1 && str(item.EnvironmentName) && str(item.VersionName)
          ? joinId(serviceId, str(item.EnvironmentName), str(item.VersionName))
          : undefined,
    },
  },
  examples: {
    valid: { serviceId: 'service-jjt3fs3s', environmentName: 'release', releaseDesc: 'first release' },
    invalid: [
      [{ environmentName: 'release', releaseDesc: 'd' }, 'serviceId'],
      [{ serviceId: 's', releaseDesc: 'd' }, 'environmentName'],
      [{ serviceId: 's', environmentName: 'staging', releaseDesc: 'd' }, 'environmentName'],
      [{ serviceId: 's', environmentName: 'test' }, 'releaseDesc'],
    ],
    outputs: { releaseVersion: '20201015121916d85fb161-eaec-4dda-a7e0-659aa5f401be' },
    reply: {
      Response: {
        Result: { ReleaseDesc: 'first release', ReleaseVersion: '20201015121916d85fb161-eaec-4dda-a7e0-659aa5f401be' },
        RequestId: '9a8b7c6d-0000-4000-8000-000000000003',
      },
    },
  },
})

/** The newest version in a read's history (a find knows no version): latest ReleaseTime, first listed on a tie. */
function newest(steps: Steps | undefined): string | undefined {
  const list = steps ? itemsOf(steps, 'history', 'Result.VersionList').filter(isObj) : []
  const best = list.reduce<Record<string, unknown> | undefined>(
    (b, x) => (b === undefined || (str(x.ReleaseTime) ?? '') > (str(b.ReleaseTime) ?? '') ? x : b),
    undefined,
  )
  return str(best?.VersionName)
}

/** The parts of a release id; a malformed one (never ours) falls back to the inputs. */
function partsOr(id: string, inputs: Partial<I>): [string, string, string] {
  const r = splitId(id, LABELS)
  if (E.isRight(r)) return [r.right[0], r.right[1], r.right[2]]
  return [inputs.serviceId ?? '', inputs.environmentName ?? '', '']
}
