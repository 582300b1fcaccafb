/**
 * cloud:ApiGatewayApiKey — a key pair callers of SECRET-authenticated APIs sign with. From the
 * wire reference §4.3 (the spec shows only secretName and status): accessKeyType (`auto` keys are
 * generated, `manual` ones given), accessKeyId, accessKeySecret (secret), and the outputs
 * modifyTime/createTime. The platform reports status as 1/0; the spec says on/off (G5). Unlike
 * the engine it bridges, a key created `off` is disabled by the id the platform returned (G11),
 * and a change of accessKeyId or accessKeyType replaces the key instead of failing.
 */
import * as t from 'io-ts'
import * as E from 'fp-ts/Either'
import { defineResource } from '../../core/spec'
import type { Finding } from '../../core/issue'
import { observe } from '../../core/observe'
import { literals, pattern, SecretString } from '../../core/codecs'
import { isSecret, reveal, secret } from '../../core/secret'
import {
  apigw,
  isGone,
  known,
  prefixedIdLoose,
  responseOf,
  resultOf,
  sequence,
  stepsOf,
  str,
  type Steps,
} from './shared/wire'

const between = (lo: number, hi: number) =>
  pattern(`a string of ${lo} to ${hi} characters`, (s) => s.length >= lo && s.length <= hi)

export const ApiGatewayApiKeyInputs = t.exact(
  t.intersection([
    t.type({ secretName: t.string }),
    t.partial({
      status: literals(['on', 'off']),
      accessKeyType: literals(['auto', 'manual']),
      accessKeyId: between(5, 50),
      accessKeySecret: SecretString,
    }),
  ]),
  'ApiGatewayApiKeyInputs',
)
export type ApiGatewayApiKeyInputs = t.TypeOf<typeof ApiGatewayApiKeyInputs>

export const ApiGatewayApiKeyOutputs = t.exact(
  t.intersection([
    t.type({ apiGatewayApiKeyId: t.string }),
    t.partial({ accessKeyId: t.string, accessKeySecret: SecretString, modifyTime: t.string, createTime: t.string }),
  ]),
  'ApiGatewayApiKeyOutputs',
)
export type ApiGatewayApiKeyOutputs = t.TypeOf<typeof ApiGatewayApiKeyOutputs>

type I = ApiGatewayApiKeyInputs

const plainSecret = (s: unknown): string | undefined =>
  isSecret(s) ? (reveal(s) as string) : typeof s === 'string' ? s : undefined

const readStep = (id: (acc: Steps) => string) => ({
  name: 'key',
  request: (acc: Steps) => apigw('DescribeApiKey', { AccessKeyId: id(acc) }),
})

export const ApiGatewayApiKey = defineResource({
  token: 'cloud:ApiGatewayApiKey',
  doc:
    'An API key (access key id and secret) for SECRET-authenticated APIs; status `on` or `off`. From the wire reference: accessKeyType (auto or manual), ' +
    'accessKeyId and accessKeySecret (given for manual keys, generated otherwise; the secret is kept as a secret), modifyTime and createTime.',
  inputs: ApiGatewayApiKeyInputs,
  outputs: ApiGatewayApiKeyOutputs,
  identity: prefixedIdLoose<I>('access key id', 5, 50),
  replaceOn: ['secretName', 'accessKeyType', 'accessKeyId'],
  secrets: ['accessKeySecret'],
  rules: [
    {
      name: 'manual keys are given',
      check: (i) => {
        if (i.accessKeyType !== undefined && !known(i.accessKeyType)) return []
        const manual = i.accessKeyType === 'manual'
        return (['accessKeyId', 'accessKeySecret'] as const).flatMap((f): Finding[] =>
          manual
            ? i[f] === undefined
              ? [{ path: f, expected: 'a value when accessKeyType is "manual"', given: undefined }]
              : []
            : i[f] !== undefined
              ? [
                  {
                    path: f,
                    expected: 'nothing unless accessKeyType is "manual" (auto keys are generated)',
                    given: i[f],
                  },
                ]
              : [],
        )
      },
    },
    {
      name: 'secret length',
      check: (i) => {
        const s = plainSecret(i.accessKeySecret)
        return s !== undefined && (s.length < 10 || s.length > 50)
          ? [{ path: 'accessKeySecret', expected: 'a secret of 10 to 50 characters', given: i.accessKeySecret }]
          : []
      },
    },
  ],
  wire: {
    create: (i) => {
      const id = (acc: Steps) => str(resultOf(acc.create).AccessKeyId) ?? ''
      return sequence([
        {
          name: 'create',
          request: () =>
            apigw('CreateApiKey', {
              SecretName: i.secretName,
              AccessKeyType: i.accessKeyType ?? 'auto',
              ...(i.accessKeyType === 'manual'
                ? { AccessKeyId: i.accessKeyId, AccessKeySecret: i.accessKeySecret }
                : {}),
            }),
        },
        {
          name: 'disable',
          request: (acc) => (i.status === 'off' ? apigw('DisableApiKey', { AccessKeyId: id(acc) }) : undefined),
        },
        readStep(id),
      ])
    },
    read: (id) => sequence([readStep(() => id)]),
    update: (id, i, ctx) =>
      sequence([
        {
          name: 'secret',
          request: () =>
            i.accessKeyType === 'manual' &&
            i.accessKeySecret !== undefined &&
            plainSecret(i.accessKeySecret) !== plainSecret(ctx.prior.accessKeySecret)
              ? apigw('UpdateApiKey', { AccessKeyId: id, AccessKeySecret: i.accessKeySecret })
              : undefined,
        },
        {
          name: 'status',
          request: () =>
            (i.status ?? 'on') !== (ctx.prior.status ?? 'on')
              ? apigw(i.status === 'off' ? 'DisableApiKey' : 'EnableApiKey', { AccessKeyId: id })
              : undefined,
        },
        readStep(() => id),
      ]),
    delete: (id, ctx) =>
      sequence([
        // an enabled key cannot be deleted (G18)
        {
          name: 'disable',
          request: () =>
            (ctx.inputs.status ?? 'on') === 'off' ? undefined : apigw('DisableApiKey', { AccessKeyId: id }),
        },
        { name: 'delete', request: () => apigw('DeleteApiKey', { AccessKeyId: id }) },
      ]),
    decode: (reply) => {
      const steps = stepsOf(reply)
      const k = resultOf(steps ? steps.key : reply)
      const id = str(k.AccessKeyId)
      if (!id)
        return E.left(`expected an API key with an AccessKeyId, got ${JSON.stringify(responseOf(reply)).slice(0, 200)}`)
      const secretValue = str(k.AccessKeySecret)
      const obj = {
        secretName: str(k.SecretName),
        status: k.Status === 1 ? 'on' : k.Status === 0 ? 'off' : undefined,
        accessKeyType: str(k.AccessKeyType),
        accessKeyId: id,
        accessKeySecret: secretValue === undefined ? undefined : secret(secretValue),
        apiGatewayApiKeyId: id,
        modifyTime: str(k.ModifiedTime),
        createTime: str(k.CreatedTime),
      }
      return observe(ApiGatewayApiKeyInputs, ApiGatewayApiKeyOutputs, obj, id, 'apigateway:DescribeApiKey')
    },
    list: () =>
      apigw(
        'DescribeApiKeysStatus',
        { Offset: 0, Limit: 100 },
        { paginate: { items: 'Result.ApiKeySet', pageSize: 100 } },
      ),
    matches: (sent, o) =>
      o.inputs.secretName === sent.secretName &&
      (sent.accessKeyId === undefined || o.inputs.accessKeyId === sent.accessKeyId),
    gone: (e) => isGone(e) || e.code === 'ResourceNotFound.InvalidAccessKeyId',
  },
  examples: {
    valid: { secretName: 'partner-a', status: 'on' },
    invalid: [
      [{ status: 'on' }, 'secretName'],
      [{ secretName: 'k', status: 'enabled' }, 'status'],
      [{ secretName: 'k', accessKeyType: 'generated' }, 'accessKeyType'],
      [{ secretName: 'k', accessKeyType: 'manual', accessKeyId: 'AKIDmanual1' }, 'accessKeySecret'],
      [{ secretName: 'k', accessKeyId: 'abc' }, 'accessKeyId'],
      [
        { secretName: 'k', accessKeyType: 'manual', accessKeyId: 'AKIDmanual1', accessKeySecret: 'short' },
        'accessKeySecret',
      ],
    ],
    outputs: { apiGatewayApiKeyId: 'AKIDpu1ex7s5rx6rt6bpn3bzhv8unqwhqkhmyfjv2rz', createTime: '2024-01-01T00:00:00Z' },
    reply: {
      Response: {
        Result: {
          AccessKeyId: 'AKIDpu1ex7s5rx6rt6bpn3bzhv8unqwhqkhmyfjv2rz',
          AccessKeySecret: 'example-secret-value-of-forty-characters',
          AccessKeyType: 'auto',
          SecretName: 'partner-a',
          ModifiedTime: '2024-01-01T00:00:00Z',
          Status: 1,
          CreatedTime: '2024-01-01T00:00:00Z',
          Tags: [],
        },
        RequestId: '0a0b0c0d-1111-4222-8333-444455556666',
      },
    },
  },
})
