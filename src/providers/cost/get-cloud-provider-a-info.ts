/**
 * cost:getCloudProviderAInfo — what provider A's cross-account role needs: the external id (a
 * secret: it stands in for a password of the trust relationship, so it is wrapped and never shown),
 * the platform's IAM role, and the policy documents (JSON text). The only v1 endpoint
 * (`/v1/integrations/aws/info`, docs/wire/cost.md §3). The wire's iam_role_id, vantage_id and
 * policies.s3_request_metrics are carried too (camelCase; the S3 policy named like the others).
 */
import * as t from 'io-ts'
import * as E from 'fp-ts/Either'
import { pipe } from 'fp-ts/function'
import { defineLookup } from '../../core/spec'
import { rest } from '../../core/wire'
import { SecretString } from '../../core/codecs'
import { secret } from '../../core/secret'
import { decodeWith } from './shared/wire'
import { NoArgs } from './shared/list-lookup'

export const GetCloudProviderAInfoArgs = NoArgs('GetCloudProviderAInfoArgs')
export type GetCloudProviderAInfoArgs = t.TypeOf<typeof GetCloudProviderAInfoArgs>

export const GetCloudProviderAInfoResult = t.exact(
  t.intersection([
    t.type({
      /** Secret. */
      externalId: SecretString,
    }),
    t.partial({
      /** A field of the result (spec). */
      id: t.string,

      /** ARN of the IAM role the platform assumes in your cloud account. */
      iamRoleArn: t.string,

      /** All strings. */
      rootPolicy: t.string,

      /** IAM policy document (JSON) the savings autopilot needs. */
      autopilotPolicy: t.string,

      /** IAM policy document (JSON) for importing cloud metrics. */
      cloudMetricsPolicy: t.string,

      /** IAM policy document (JSON) granting read access to further resource types. */
      additionalResourcesPolicy: t.string,

      /** IAM policy document (JSON) for S3 request metrics (the wire's policies.s3_request_metrics). */
      s3RequestMetricsPolicy: t.string,

      /** Id of the IAM role the platform assumes (the wire's iam_role_id). */
      iamRoleId: t.string,

      /** The platform's own id for this integration setup (the wire's vantage_id). */
      vantageId: t.string,
    }),
  ]),
  'GetCloudProviderAInfoResult',
)
export type GetCloudProviderAInfoResult = t.TypeOf<typeof GetCloudProviderAInfoResult>

const Reply = t.intersection(
  [
    t.type({ external_id: t.string }),
    t.partial({
      iam_role_arn: t.union([t.string, t.null]),
      iam_role_id: t.union([t.string, t.null]),
      vantage_id: t.union([t.string, t.null]),
      policies: t.partial({
        root: t.union([t.string, t.null]),
        autopilot: t.union([t.string, t.null]),
        cloudwatch: t.union([t.string, t.null]),
        resources: t.union([t.string, t.null]),
        s3_request_metrics: t.union([t.string, t.null]),
      }),
    }),
  ],
  'ProviderAInfoReply',
)

const opt = (k: string, v: string | null | undefined) => (typeof v === 'string' ? { [k]: v } : {})

export const getCloudProviderAInfo = defineLookup({
  token: 'cost:getCloudProviderAInfo',
  doc: "Provider A's integration details: externalId (secret), iamRoleArn and the root, autopilot, cloud-metrics and additional-resources policies (JSON text).",
  args: GetCloudProviderAInfoArgs,
  result: GetCloudProviderAInfoResult,
  secrets: ['externalId'],
  rules: [],
  wire: {
    request: () => rest('GET', '/v1/integrations/aws/info'),
    decode: (reply) =>
      pipe(
        // the reply holds the secret: an error must not quote it
        decodeWith(Reply, 'GET /v1/integrations/aws/info reply', reply),
        E.mapLeft(
          () =>
            'GET /v1/integrations/aws/info reply: expected an object with a string external_id and optional iam_role_arn and policies',
        ),
        E.map((r) => ({
          externalId: secret(r.external_id),
          ...opt('iamRoleArn', r.iam_role_arn),
          ...opt('rootPolicy', r.policies?.root),
          ...opt('autopilotPolicy', r.policies?.autopilot),
          ...opt('cloudMetricsPolicy', r.policies?.cloudwatch),
          ...opt('additionalResourcesPolicy', r.policies?.resources),
          ...opt('s3RequestMetricsPolicy', r.policies?.s3_request_metrics),
          ...opt('iamRoleId', r.iam_role_id),
          ...opt('vantageId', r.vantage_id),
        })),
      ),
  },
  examples: {
    valid: {},
    invalid: [[{ region: 'us-east-1' }, 'region']],
    result: {
      externalId: secret('ext-example'),
      iamRoleArn: 'arn:aws:iam::630399649041:root',
      rootPolicy: '{}',
      autopilotPolicy: '{}',
      cloudMetricsPolicy: '{}',
      additionalResourcesPolicy: '{}',
      s3RequestMetricsPolicy: '{}',
    },
    reply: {
      external_id: 'ext-example',
      iam_role_arn: 'arn:aws:iam::630399649041:root',
      policies: { root: '{}', autopilot: '{}', cloudwatch: '{}', resources: '{}', s3_request_metrics: '{}' },
    },
  },
})
