/**
 * A provider of a test's own on signed actions (`widgets`, made with defineProvider and a tc3
 * recipe from trellis/engine), and a tiny platform for it: an HttpClient answering both its token
 * service (`sts.<domain>`: AssumeRole, GetCallerIdentity) and its one service (`widgets.<domain>`),
 * checking every TC3 signature against the keys it knows and recording who signed what.
 */
import * as t from 'io-ts'
import * as E from 'fp-ts/Either'
import * as TE from 'fp-ts/TaskEither'
import {
  action,
  byToken,
  defineProvider,
  defineResource,
  platformError,
  type KeyChainFacts,
  type Tc3Recipe,
} from '#trellis/engine'
import { signTc3, type HttpClient, type HttpRequest, type HttpResponse } from '#trellis/clients'

type Config = Readonly<Record<string, unknown>>

/** the long-lived keys (from the environment) and the temporary ones the token service hands out */
export const BASE = { id: 'AKIDbase', key: 'base-key' }
export const TEMPORARY = { id: 'AKIDtemp', key: 'temp-key', token: 'temp-session' }
export const ACCOUNT = '100001'
const SECRETS: Readonly<Record<string, string>> = { [BASE.id]: BASE.key, [TEMPORARY.id]: TEMPORARY.key }

/** One request the platform answered: which service and action, signed by whom, and whether it checked out. */
export interface Signed {
  readonly call: string
  readonly keyId: string
  readonly token: string | undefined
  readonly valid: boolean
}

const VERSION = '2024-01-01'
const Widget = defineResource({
  token: 'widgets:Widget',
  doc: 'A widget.',
  inputs: t.exact(t.type({ name: t.string }), 'WidgetInputs'),
  outputs: t.exact(t.type({ id: t.string }), 'WidgetOutputs'),
  identity: byToken('id'),
  replaceOn: ['name'],
  secrets: [],
  rules: [],
  wire: {
    create: (i) => action('widgets', VERSION, 'CreateWidget', { Name: i.name }),
    read: (id) => action('widgets', VERSION, 'DescribeWidget', { WidgetId: id }),
    delete: (id) => action('widgets', VERSION, 'DeleteWidget', { WidgetId: id }),
    decode: (r) => {
      const { WidgetId, Name } = r as { WidgetId: string; Name?: string }
      return E.right({ id: WidgetId, inputs: Name === undefined ? {} : { name: Name }, outputs: { id: WidgetId } })
    },
  },
  examples: { valid: { name: 'w' }, invalid: [[{}, 'name']], outputs: { id: 'wdg-1' } },
})

const setting = (u: unknown): string | undefined => (typeof u === 'string' && u !== '' ? u : undefined)

/**
 * The widgets provider whose recipe declares `chain` (its configuration read as `chain` reads it),
 * and, when given, the emulator it declares.
 */
export const widgetsProvider = (chain: KeyChainFacts<Config>, emulator?: () => { readonly client: HttpClient }) => {
  const client: Tc3Recipe<Config> = {
    protocol: 'tc3',
    region: (c) => setting(c.region) ?? 'north-1',
    scheme: (c) => setting(c.protocol),
    domain: (c) => setting(c.domain) ?? 'widgets.invalid',
    keys: () => () => TE.left(platformError('Unauthorized', 'widgets keys', 'the chain is the only source of keys')),
    chain,
    timeoutMs: () => 5_000,
    budget: { capacity: 10, refillPerSecond: 10 },
  }
  return defineProvider({
    name: 'widgets',
    doc: 'a signed-action platform of a test',
    config: t.exact(
      t.partial({
        region: t.string,
        domain: t.string,
        protocol: t.string,
        assumeRole: t.type({ roleArn: t.string, sessionName: t.string }),
        allowedAccountIds: t.array(t.string),
      }),
      'WidgetsConfig',
    ),
    secrets: [],
    env: {},
    rules: [],
    bridge: (c) => c,
    client,
    ...(emulator ? { emulator } : {}),
    resources: { Widget },
    lookups: {},
  })
}

// ── the platform ─────────────────────────────────────────────────────────────
const reply = (body: unknown): HttpResponse => ({
  status: 200,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ Response: { ...(body as object), RequestId: 'req-1' } }),
})
const refused = (code: string, message: string) => reply({ Error: { Code: code, Message: message } })

/** The request's signature recomputed with the secret of the key it names. */
const signedBy = (req: HttpRequest): Signed => {
  const h = req.headers
  const m = /Credential=([^/]+)\/\d{4}-\d{2}-\d{2}\/([^/]+)\/tc3_request/.exec(h.authorization ?? '')
  // the service a request is for: its signature's scope (as the platform routes it)
  const call = `${m?.[2] ?? 'unsigned'}:${h['x-tc-action']}`
  if (!m) return { call, keyId: h.authorization ?? 'none', token: h['x-tc-token'], valid: false }
  const secretKey = SECRETS[m[1]]
  const expected =
    secretKey &&
    signTc3({
      secretId: m[1],
      secretKey,
      service: m[2],
      host: h.host,
      action: h['x-tc-action'],
      version: h['x-tc-version'],
      timestamp: Number(h['x-tc-timestamp']),
      payload: req.body ?? '',
    }).authorization
  return { call, keyId: m[1], token: h['x-tc-token'], valid: expected === h.authorization }
}

const answer = (req: HttpRequest, s: Signed, widgets: Map<string, string>): HttpResponse => {
  const params = JSON.parse(req.body || '{}') as Record<string, string>
  if (s.call === 'sts:AssumeRole') {
    if (s.keyId !== BASE.id) return refused('AuthFailure', 'AssumeRole is signed with the base keys')
    const Credentials = { TmpSecretId: TEMPORARY.id, TmpSecretKey: TEMPORARY.key, Token: TEMPORARY.token }
    return reply({ Credentials, ExpiredTime: Math.floor(Date.now() / 1000) + 7200 })
  }
  if (s.call === 'sts:GetCallerIdentity') return reply({ AccountId: ACCOUNT, Arn: 'arn', UserId: 'u' })
  if (s.keyId !== TEMPORARY.id || s.token !== TEMPORARY.token)
    return refused('AuthFailure.InvalidSecretId', 'widgets answer temporary keys only')
  if (s.call === 'widgets:CreateWidget') {
    const id = `wdg-${widgets.size + 1}`
    widgets.set(id, params.Name)
    return reply({ WidgetId: id })
  }
  const name = widgets.get(params.WidgetId)
  if (name === undefined) return refused('ResourceNotFound', `no widget ${params.WidgetId}`)
  if (s.call === 'widgets:DeleteWidget') widgets.delete(params.WidgetId)
  return reply({ WidgetId: params.WidgetId, Name: name })
}

/** The platform as an HttpClient (its own emulator), what it holds and every request it saw. */
export const widgetsPlatform = () => {
  const widgets = new Map<string, string>()
  const seen: Signed[] = []
  const client: HttpClient = (req) => () => {
    const s = signedBy(req)
    seen.push(s)
    return Promise.resolve(
      E.right(s.valid ? answer(req, s, widgets) : refused('AuthFailure.SignatureFailure', 'bad signature')),
    )
  }
  return { client, widgets, seen }
}
