/**
 * cloudCredentials: where the cloud provider's keys come from, as the function the signed-action
 * client asks before every request (clients/tc3.ts). Sources, in this order (the bridged
 * engine's order, each later one building on or replacing the one before):
 *
 *  1. explicit keys: the configuration's secretId/secretKey/securityToken, else the environment's
 *     CLOUD_SECRET_ID/CLOUD_SECRET_KEY/CLOUD_SECURITY_TOKEN;
 *  2. otherwise the command-line tool's shared credentials: `<dir>/<profile>.credential` (JSON
 *     `secretId`, `secretKey`, `token`, optionally `role-arn` and `role-session-name`), where dir
 *     is sharedCredentialsDir (`~` expanded) or `~/.tccli`, and profile is `profile`, else
 *     CLOUD_PROFILE, else `default`;
 *  3. camRoleName: the instance's role keys from the metadata service
 *     (`<metadataEndpoint>/latest/meta-data/cam/security-credentials/<role>`), replacing 1-2;
 *  4. enablePodOidc: the pod's web identity (TKE_ROLE_ARN, TKE_PROVIDER_ID,
 *     TKE_WEB_IDENTITY_TOKEN_FILE, TKE_REGION) exchanged by sts:AssumeRoleWithWebIdentity;
 *  5. role assumption, signed with the keys so far: the credential file's `role-arn`, then
 *     `assumeRole` (sts:AssumeRole with its session, policy, external id, source identity, MFA);
 *  6. assumeRoleWithSaml / assumeRoleWithWebIdentity (token given, or read from its JSON file):
 *     unsigned STS calls whose keys replace everything before;
 *  7. mfaCertification: sts:GetSessionToken signed with the keys so far.
 *
 * Then, when allowedAccountIds or forbiddenAccountIds are set, sts:GetCallerIdentity with the
 * final keys checks the account before any request goes out. Temporary keys are cached and the
 * whole chain runs again a few minutes before the earliest of them expires. Errors name the
 * source and never carry a key, token or assertion.
 */
import * as E from 'fp-ts/Either'
import * as TE from 'fp-ts/TaskEither'
import { readFile as fsReadFile } from 'node:fs/promises'
import { homedir } from 'node:os'
import { isSecret, reveal, secret, type Secret } from '../../../core/secret'
import { action, platformError, type PlatformError } from '../../../core/wire'
import type { HttpClient } from '../../../../clients/http'
import { kindOfCode, tc3Client, type Tc3Credentials } from '../../../../clients/tc3'
import type { Sleep } from '../../../../clients/sequence'

// ── model ────────────────────────────────────────────────────────────────────
export interface CloudCredentialsOptions {
  readonly http: HttpClient
  /** environment variables (the caller passes process.env at the edge; default none) */
  readonly env?: Readonly<Record<string, string | undefined>>
  readonly readFile?: (path: string) => Promise<string>
  readonly homeDir?: string
  /** instance metadata service; default http://metadata.tencentyun.com */
  readonly metadataEndpoint?: string
  /** a base URL for the STS calls instead of `<protocol>://sts.<domain>/` (emulators) */
  readonly stsEndpoint?: string
  readonly now?: () => Date
  readonly sleep?: Sleep
  /** refresh temporary keys this long before they expire (default 5 minutes) */
  readonly refreshBeforeMs?: number
}

export interface CloudKeys {
  readonly secretId: string
  readonly secretKey: Secret<string>
  readonly token?: Secret<string>
}

export const DEFAULT_METADATA_ENDPOINT = 'http://metadata.tencentyun.com'
export const CAM_CREDENTIALS_PATH = '/latest/meta-data/cam/security-credentials/'
const STS = { service: 'sts', version: '2018-08-13' } as const
const WHAT = 'cloud credentials'

type Config = Readonly<Record<string, unknown>>
type Obj = Record<string, unknown>

interface Resolved {
  readonly keys: CloudKeys
  /** epoch ms when the first temporary key expires (undefined: long-lived keys) */
  readonly expires?: number
}

// ── helpers ──────────────────────────────────────────────────────────────────
const str = (u: unknown): string | undefined => (typeof u === 'string' && u.trim() !== '' ? u.trim() : undefined)
const plain = (u: unknown): string | undefined => (isSecret(u) ? str(reveal(u)) : str(u))
const obj = (u: unknown): Obj | undefined =>
  typeof u === 'object' && u !== null && !Array.isArray(u) && !isSecret(u) ? (u as Obj) : undefined
const strings = (u: unknown): string[] => (Array.isArray(u) ? u.filter((x): x is string => typeof x === 'string') : [])

class Failure extends Error {
  constructor(readonly error: PlatformError) {
    super(error.message)
  }
}
const failWith = (
  kind: PlatformError['kind'],
  message: string,
  extra: Partial<Pick<PlatformError, 'code' | 'status'>> = {},
): never => {
  throw new Failure(platformError(kind, WHAT, message, extra))
}

const keysOf = (secretId: string, secretKey: string, token?: string): CloudKeys => ({
  secretId,
  secretKey: secret(secretKey),
  ...(token ? { token: secret(token) } : {}),
})

const earliest = (a: number | undefined, b: number | undefined) =>
  a === undefined ? b : b === undefined ? a : Math.min(a, b)

/** STS replies: `{Credentials: {TmpSecretId, TmpSecretKey, Token}, ExpiredTime}`. */
const stsKeys = (reply: unknown, source: string): Resolved => {
  const r = obj(obj(reply)?.Response) ?? obj(reply) ?? {}
  const c = obj(r.Credentials)
  const id = str(c?.TmpSecretId)
  const key = str(c?.TmpSecretKey)
  const token = str(c?.Token)
  if (!id || !key || !token) return failWith('Malformed', `${source} returned no temporary credentials`)
  const exp = typeof r.ExpiredTime === 'number' ? r.ExpiredTime * 1000 : undefined
  return { keys: keysOf(id, key, token), expires: exp }
}

// ── the chain ────────────────────────────────────────────────────────────────
export const cloudCredentials = (
  config: Config,
  opts: CloudCredentialsOptions,
): (() => TE.TaskEither<PlatformError, Tc3Credentials>) => {
  const env = opts.env ?? {}
  const now = opts.now ?? (() => new Date())
  const read = opts.readFile ?? ((p: string) => fsReadFile(p, 'utf8'))
  const home = opts.homeDir ?? homedir()
  const refreshBefore = opts.refreshBeforeMs ?? 5 * 60_000
  const region = str(config.region) ?? str(env.CLOUD_REGION) ?? 'ap-guangzhou'
  const protocol = str(config.protocol) ?? 'HTTPS'
  const domain = str(config.domain)

  /** a signed STS call with the keys so far */
  const signed = async (keys: CloudKeys, name: string, params: Obj): Promise<unknown> => {
    const client = tc3Client({
      credentials: () => TE.right(keys),
      region,
      protocol,
      domain,
      endpoint: opts.stsEndpoint,
      http: opts.http,
      now: opts.now,
      sleep: opts.sleep,
      maxAttempts: 5,
      readRetryMs: 30_000,
      writeRetryMs: 30_000,
    })
    const r = await client.call(action(STS.service, STS.version, name, params))()
    if (E.isLeft(r)) throw new Failure({ ...r.left, request: `${WHAT}: sts:${name}` })
    return r.right
  }

  /** an STS call made before any key exists (`Authorization: SKIP`), as the SDKs do */
  const unsigned = async (name: string, params: Obj): Promise<unknown> => {
    const secure = protocol.toLowerCase() !== 'http'
    const url = opts.stsEndpoint ?? `${secure ? 'https' : 'http'}://sts.${domain ?? 'tencentcloudapi.com'}/`
    let host: string
    try {
      host = new URL(url).host
    } catch {
      return failWith('Refused', `the STS endpoint ${JSON.stringify(url)} is not a valid URL`)
    }
    const body = JSON.stringify(params)
    const r = await opts.http({
      method: 'POST',
      url,
      headers: {
        authorization: 'SKIP',
        'content-type': 'application/json',
        host,
        'x-tc-action': name,
        'x-tc-version': STS.version,
        'x-tc-timestamp': String(Math.floor(now().getTime() / 1000)),
        'x-tc-region': region,
        'x-tc-language': 'en-US',
      },
      body,
      timeoutMs: 30_000,
    })()
    if (E.isLeft(r)) return failWith('Network', `sts:${name}: ${r.left.message}`)
    if (r.right.status !== 200)
      return failWith('Server', `sts:${name}: HTTP ${r.right.status}`, { status: r.right.status })
    let json: unknown
    try {
      json = JSON.parse(r.right.body)
    } catch {
      return failWith('Malformed', `sts:${name}: the reply is not JSON`)
    }
    const resp = obj(obj(json)?.Response)
    const err = obj(resp?.Error)
    if (err) {
      const code = str(err.Code) ?? 'UnknownError'
      return failWith(
        kindOfCode(code, str(err.Message) ?? ''),
        `sts:${name}: ${code}: ${str(err.Message) ?? 'no message'}`,
        { code },
      )
    }
    return resp
  }

  // 1. explicit keys
  const explicit = (): CloudKeys | undefined => {
    // the configuration's keys, else the environment's (never one half from each)
    const fromConfig = config.secretId !== undefined || config.secretKey !== undefined
    const id = fromConfig ? str(config.secretId) : str(env.CLOUD_SECRET_ID)
    const key = fromConfig ? plain(config.secretKey) : str(env.CLOUD_SECRET_KEY)
    const token = fromConfig ? plain(config.securityToken) : str(env.CLOUD_SECURITY_TOKEN)
    return id && key ? keysOf(id, key, token) : undefined
  }

  // 2. the shared credential file of the command-line tool
  const expand = (p: string) => (p === '~' ? home : p.startsWith('~/') ? `${home}/${p.slice(2)}` : p)
  const sharedFile = async (): Promise<{ keys?: CloudKeys; roleArn?: string; roleSession?: string } | undefined> => {
    const profile = str(config.profile) ?? str(env.CLOUD_PROFILE) ?? 'default'
    const dirSetting = str(config.sharedCredentialsDir) ?? str(env.CLOUD_SHARED_CREDENTIALS_DIR)
    const dir = dirSetting ? expand(dirSetting) : `${home}/.tccli`
    const path = `${dir.replace(/\/+$/, '')}/${profile}.credential`
    let text: string
    try {
      text = await read(path)
    } catch (e) {
      // a missing file is not an error unless it was asked for by name
      const named =
        config.profile !== undefined || config.sharedCredentialsDir !== undefined || env.CLOUD_PROFILE !== undefined
      if (named)
        return failWith(
          'Unauthorized',
          `the shared credentials file ${path} could not be read (${(e as NodeJS.ErrnoException).code ?? 'error'})`,
        )
      return undefined
    }
    let json: Obj | undefined
    try {
      json = obj(JSON.parse(text))
    } catch {
      json = undefined
    }
    if (!json) return failWith('Unauthorized', `the shared credentials file ${path} is not a JSON object`)
    const id = str(json.secretId)
    const key = str(json.secretKey)
    return {
      keys: id && key ? keysOf(id, key, str(json.token)) : undefined,
      roleArn: str(json['role-arn']),
      roleSession: str(json['role-session-name']),
    }
  }

  // 3. the instance's role, from the metadata service
  const camRole = async (role: string): Promise<Resolved> => {
    const base = (opts.metadataEndpoint ?? DEFAULT_METADATA_ENDPOINT).replace(/\/+$/, '')
    const url = `${base}${CAM_CREDENTIALS_PATH}${encodeURIComponent(role)}`
    const r = await opts.http({ method: 'GET', url, headers: { accept: 'application/json' }, timeoutMs: 10_000 })()
    if (E.isLeft(r))
      return failWith('Network', `the metadata service could not be reached for role ${role}: ${r.left.message}`)
    if (r.right.status === 404)
      return failWith('Unauthorized', `the instance has no CAM role named ${role}`, { status: 404 })
    if (r.right.status !== 200)
      return failWith('Server', `the metadata service answered HTTP ${r.right.status} for role ${role}`, {
        status: r.right.status,
      })
    let j: Obj | undefined
    try {
      j = obj(JSON.parse(r.right.body))
    } catch {
      j = undefined
    }
    const id = str(j?.TmpSecretId)
    const key = str(j?.TmpSecretKey)
    const token = str(j?.Token)
    if (!j || (j.Code !== undefined && j.Code !== 'Success') || !id || !key || !token)
      return failWith('Malformed', `the metadata service returned no credentials for role ${role}`)
    return {
      keys: keysOf(id, key, token),
      expires: typeof j.ExpiredTime === 'number' ? j.ExpiredTime * 1000 : undefined,
    }
  }

  const sessionName = () => `trellis-${Math.floor(now().getTime() / 1000)}`

  // 4. the pod's web identity
  const podOidc = async (): Promise<Resolved> => {
    const roleArn = str(env.TKE_ROLE_ARN)
    const providerId = str(env.TKE_PROVIDER_ID)
    const file = str(env.TKE_WEB_IDENTITY_TOKEN_FILE)
    if (!roleArn || !providerId || !file || !str(env.TKE_REGION))
      return failWith(
        'Unauthorized',
        'enablePodOidc needs TKE_REGION, TKE_WEB_IDENTITY_TOKEN_FILE, TKE_PROVIDER_ID and TKE_ROLE_ARN (set serviceAccountName on the pod)',
      )
    let token: string
    try {
      token = (await read(file)).trim()
    } catch {
      return failWith('Unauthorized', `the pod's web identity token file ${file} could not be read`)
    }
    return stsKeys(
      await unsigned('AssumeRoleWithWebIdentity', {
        ProviderId: providerId,
        WebIdentityToken: token,
        RoleArn: roleArn,
        RoleSessionName: sessionName(),
        DurationSeconds: 7200,
      }),
      'pod OIDC role assumption',
    )
  }

  const webIdentityToken = async (w: Obj): Promise<string> => {
    const t = plain(w.webIdentityToken)
    if (t) return t
    const file = str(w.webIdentityTokenFile)
    if (!file)
      return failWith('Unauthorized', 'assumeRoleWithWebIdentity needs webIdentityToken or webIdentityTokenFile')
    let text: string
    try {
      text = await read(expand(file))
    } catch {
      return failWith('Unauthorized', `the web identity token file ${file} could not be read`)
    }
    try {
      const tok = str(obj(JSON.parse(text))?.web_identity_token)
      if (tok) return tok
    } catch {
      // fall through
    }
    return failWith('Unauthorized', `the web identity token file ${file} has no "web_identity_token"`)
  }

  const resolveOnce = async (): Promise<Resolved> => {
    let cur: Resolved | undefined
    let fileRole: { roleArn?: string; roleSession?: string } = {}
    const ex = explicit()
    if (ex) cur = { keys: ex }
    else {
      const f = await sharedFile()
      if (f?.keys) cur = { keys: f.keys }
      if (f) fileRole = f
    }
    const cam = str(config.camRoleName) ?? str(env.CLOUD_CAM_ROLE_NAME)
    if (cam) cur = await camRole(cam)
    if (config.enablePodOidc === true) cur = await podOidc()

    const assume = async (params: Obj, source: string) => {
      if (!cur)
        return failWith(
          'Unauthorized',
          `${source} needs base credentials to sign with: set secretId and secretKey, a profile or camRoleName`,
        )
      const r = stsKeys(await signed(cur.keys, 'AssumeRole', params), source)
      cur = { keys: r.keys, expires: earliest(cur.expires, r.expires) }
    }
    if (fileRole.roleArn && fileRole.roleSession)
      await assume(
        { RoleArn: fileRole.roleArn, RoleSessionName: fileRole.roleSession, DurationSeconds: 7200 },
        'the shared credentials role',
      )
    const ar = obj(config.assumeRole)
    if (ar)
      await assume(
        {
          RoleArn: str(ar.roleArn),
          RoleSessionName: str(ar.sessionName),
          DurationSeconds: typeof ar.sessionDuration === 'number' ? ar.sessionDuration : 7200,
          ...(str(ar.policy) ? { Policy: encodeURIComponent(str(ar.policy)!) } : {}),
          ...(str(ar.externalId) ? { ExternalId: str(ar.externalId) } : {}),
          ...(str(ar.sourceIdentity) ? { SourceIdentity: str(ar.sourceIdentity) } : {}),
          ...(str(ar.serialNumber) ? { SerialNumber: str(ar.serialNumber) } : {}),
          ...(plain(ar.tokenCode) ? { TokenCode: plain(ar.tokenCode) } : {}),
        },
        'assumeRole',
      )
    const saml = obj(config.assumeRoleWithSaml)
    if (saml)
      cur = stsKeys(
        await unsigned('AssumeRoleWithSAML', {
          SAMLAssertion: plain(saml.samlAssertion),
          PrincipalArn: str(saml.principalArn),
          RoleArn: str(saml.roleArn),
          RoleSessionName: str(saml.sessionName),
          DurationSeconds: typeof saml.sessionDuration === 'number' ? saml.sessionDuration : 7200,
        }),
        'assumeRoleWithSaml',
      )
    const web = obj(config.assumeRoleWithWebIdentity)
    if (web)
      cur = stsKeys(
        await unsigned('AssumeRoleWithWebIdentity', {
          ProviderId: str(web.providerId) ?? 'OIDC',
          WebIdentityToken: await webIdentityToken(web),
          RoleArn: str(web.roleArn),
          RoleSessionName: str(web.sessionName),
          DurationSeconds: typeof web.sessionDuration === 'number' ? web.sessionDuration : 7200,
        }),
        'assumeRoleWithWebIdentity',
      )
    const mfa = obj(config.mfaCertification)
    if (mfa) {
      if (!cur) return failWith('Unauthorized', 'mfaCertification needs base credentials to sign with')
      const r = stsKeys(
        await signed(cur.keys, 'GetSessionToken', {
          SerialNumber: str(mfa.serialNumber),
          TokenCode: plain(mfa.tokenCode),
          DurationSeconds: typeof mfa.durationSeconds === 'number' ? mfa.durationSeconds : 1800,
        }),
        'mfaCertification',
      )
      cur = { keys: r.keys, expires: earliest(cur.expires, r.expires) }
    }
    if (!cur)
      return failWith(
        'Unauthorized',
        'no cloud credentials: set secretId and secretKey (CLOUD_SECRET_ID, CLOUD_SECRET_KEY), a shared credentials profile, camRoleName, or a role to assume',
      )

    const allowed = strings(config.allowedAccountIds)
    const forbidden = strings(config.forbiddenAccountIds)
    if (allowed.length || forbidden.length) {
      const who = obj(obj(await signed(cur.keys, 'GetCallerIdentity', {})) ?? {}) ?? {}
      const account = str(who.AccountId)
      if (!account) return failWith('Malformed', 'sts:GetCallerIdentity returned no AccountId')
      if (allowed.length && !allowed.includes(account))
        return failWith('Forbidden', `cloud account ${account} is not in allowedAccountIds`)
      if (forbidden.includes(account))
        return failWith('Forbidden', `cloud account ${account} is in forbiddenAccountIds`)
    }
    return cur
  }

  let cached: Resolved | undefined
  let inflight: Promise<E.Either<PlatformError, Resolved>> | undefined
  const fresh = (r: Resolved) => r.expires === undefined || r.expires - refreshBefore > now().getTime()

  return () => async () => {
    if (cached && fresh(cached)) return E.right(cached.keys)
    if (!inflight)
      inflight = resolveOnce().then(
        (r) => E.right(r),
        (e) =>
          E.left(
            e instanceof Failure
              ? e.error
              : platformError(
                  'Unauthorized',
                  WHAT,
                  `the credentials could not be resolved (${e instanceof Error ? e.name : 'error'})`,
                ),
          ),
      )
    const r = await inflight
    inflight = undefined
    if (E.isRight(r)) cached = r.right
    return E.isRight(r) ? E.right(r.right.keys) : r
  }
}

/** For `platformClients({ cloudCredentials })`: the chain for each provider configuration. */
export const cloudCredentialsFactory =
  (opts: CloudCredentialsOptions) =>
  (config: Readonly<Record<string, unknown>>): (() => TE.TaskEither<PlatformError, Tc3Credentials>) =>
    cloudCredentials(config, opts)
