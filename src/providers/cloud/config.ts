/**
 * Cloud provider configuration: every variable of the spec's Authentication table. The four object
 * variables take their fields from the underlying engine's schema (docs/wire/cloud.md §1.1 and the
 * bridged provider's configuration block): assumeRole {roleArn, sessionName, sessionDuration,
 * policy, externalId, sourceIdentity, serialNumber, tokenCode}, assumeRoleWithSaml {samlAssertion,
 * principalArn, roleArn, sessionName, sessionDuration}, assumeRoleWithWebIdentity {providerId,
 * webIdentityToken, webIdentityTokenFile, roleArn, sessionName, sessionDuration}, mfaCertification
 * {serialNumber, tokenCode, durationSeconds}. Environment fallbacks are read only by `cloudFromEnv`
 * at the edge; the credentials chain itself lives in `./client/credentials.ts`.
 */
import * as t from 'io-ts'
import { Duration, literals, parseDuration, SecretString, withDefault } from '../../core/codecs'
import type { Finding } from '../../core/issue'
import { configFromEnv } from '../../core/provider'
import { secret } from '../../core/secret'

// ── defaults ─────────────────────────────────────────────────────────────────
export const DEFAULT_CLOUD_REGION = 'ap-guangzhou'
/** the platform's public API root domain (hosts are `<service>.<domain>`) */
export const DEFAULT_CLOUD_DOMAIN = 'tencentcloudapi.com'
/** the profile the command-line tool writes when none is named */
export const DEFAULT_CLOUD_PROFILE = 'default'
/** the command-line tool's hidden directory under the user's home */
export const DEFAULT_SHARED_CREDENTIALS_SUBDIR = '.tccli'

// ── codecs ───────────────────────────────────────────────────────────────────
/** seconds, inclusive bounds, with a readable name */
const secondsBetween = (lo: number, hi: number) =>
  new t.Type<number, number, unknown>(
    `a whole number of seconds from ${lo} to ${hi}`,
    (u): u is number => typeof u === 'number' && Number.isInteger(u) && u >= lo && u <= hi,
    (u, c) => (typeof u === 'number' && Number.isInteger(u) && u >= lo && u <= hi ? t.success(u) : t.failure(u, c)),
    t.identity,
  )

const SessionDuration = withDefault(secondsBetween(0, 43200), 7200)

export const CloudAssumeRole = t.exact(
  t.intersection([
    t.type({ roleArn: t.string, sessionName: t.string, sessionDuration: SessionDuration }),
    t.partial({
      /** a narrower policy document (no `principal` elements) */
      policy: t.string,
      externalId: t.string,
      /** the caller identity uin */
      sourceIdentity: t.string,
      /** MFA device serial number `qcs::cam:uin/<uin>::mfa/<type>` */
      serialNumber: t.string,
      tokenCode: SecretString,
    }),
  ]),
  'CloudAssumeRole',
)
export type CloudAssumeRole = t.TypeOf<typeof CloudAssumeRole>

export const CloudAssumeRoleWithSaml = t.exact(
  t.type({
    /** base64 SAML assertion */
    samlAssertion: SecretString,
    principalArn: t.string,
    roleArn: t.string,
    sessionName: t.string,
    sessionDuration: SessionDuration,
  }),
  'CloudAssumeRoleWithSaml',
)
export type CloudAssumeRoleWithSaml = t.TypeOf<typeof CloudAssumeRoleWithSaml>

export const CloudAssumeRoleWithWebIdentity = t.exact(
  t.intersection([
    t.type({ roleArn: t.string, sessionName: t.string, sessionDuration: SessionDuration }),
    t.partial({
      /** identity provider name; the platform's default is `OIDC` */
      providerId: t.string,
      webIdentityToken: SecretString,
      /** a JSON file `{"web_identity_token": "..."}`, read when webIdentityToken is absent */
      webIdentityTokenFile: t.string,
    }),
  ]),
  'CloudAssumeRoleWithWebIdentity',
)
export type CloudAssumeRoleWithWebIdentity = t.TypeOf<typeof CloudAssumeRoleWithWebIdentity>

export const CloudMfaCertification = t.exact(
  t.type({
    serialNumber: t.string,
    tokenCode: SecretString,
    durationSeconds: withDefault(secondsBetween(0, 129600), 1800),
  }),
  'CloudMfaCertification',
)
export type CloudMfaCertification = t.TypeOf<typeof CloudMfaCertification>

export const CloudProtocol = literals(['HTTP', 'HTTPS'])

export const CloudConfig = t.exact(
  t.intersection([
    t.type({
      region: withDefault(t.string, DEFAULT_CLOUD_REGION),
      protocol: withDefault(CloudProtocol, 'HTTPS'),
    }),
    t.partial({
      secretId: t.string,
      secretKey: SecretString,
      securityToken: SecretString,
      profile: t.string,
      sharedCredentialsDir: t.string,
      camRoleName: t.string,
      domain: t.string,
      cosDomain: t.string,
      enablePodOidc: t.boolean,
      allowedAccountIds: t.array(t.string),
      forbiddenAccountIds: t.array(t.string),
      assumeRole: CloudAssumeRole,
      assumeRoleWithSaml: CloudAssumeRoleWithSaml,
      assumeRoleWithWebIdentity: CloudAssumeRoleWithWebIdentity,
      mfaCertification: CloudMfaCertification,
      // one step's time budget besides the waits its type declares (every request of it draws on it)
      stepTimeout: Duration,
    }),
  ]),
  'CloudConfig',
)
export type CloudConfig = t.TypeOf<typeof CloudConfig>

/** The time budget of one step besides its type's waits, in ms (undefined: the engine's 2 minutes). */
export const cloudStepBudgetMs = (c: CloudConfig): number | undefined =>
  c.stepTimeout === undefined ? undefined : parseDuration(c.stepTimeout)

// ── environment ──────────────────────────────────────────────────────────────
/** top-level fallbacks (the `CLOUD_` names of the engine's `TENCENTCLOUD_` variables) */
export const cloudEnv = {
  secretId: 'CLOUD_SECRET_ID',
  secretKey: 'CLOUD_SECRET_KEY',
  securityToken: 'CLOUD_SECURITY_TOKEN',
  region: 'CLOUD_REGION',
  profile: 'CLOUD_PROFILE',
  sharedCredentialsDir: 'CLOUD_SHARED_CREDENTIALS_DIR',
  camRoleName: 'CLOUD_CAM_ROLE_NAME',
  protocol: 'CLOUD_PROTOCOL',
  domain: 'CLOUD_DOMAIN',
  cosDomain: 'CLOUD_COS_DOMAIN',
} as const

/** fallbacks of the object variables' fields */
export const cloudNestedEnv = {
  roleArn: 'CLOUD_ASSUME_ROLE_ARN',
  sessionName: 'CLOUD_ASSUME_ROLE_SESSION_NAME',
  sessionDuration: 'CLOUD_ASSUME_ROLE_SESSION_DURATION',
  externalId: 'CLOUD_ASSUME_ROLE_EXTERNAL_ID',
  sourceIdentity: 'CLOUD_ASSUME_ROLE_SOURCE_IDENTITY',
  serialNumber: 'CLOUD_ASSUME_ROLE_SERIAL_NUMBER',
  tokenCode: 'CLOUD_ASSUME_ROLE_TOKEN_CODE',
  samlAssertion: 'CLOUD_ASSUME_ROLE_SAML_ASSERTION',
  principalArn: 'CLOUD_ASSUME_ROLE_PRINCIPAL_ARN',
  webIdentityToken: 'CLOUD_ASSUME_ROLE_WEB_IDENTITY_TOKEN',
  webIdentityTokenFile: 'CLOUD_ASSUME_ROLE_WEB_IDENTITY_TOKEN_FILE',
  providerId: 'CLOUD_ASSUME_ROLE_PROVIDER_ID',
  mfaSerialNumber: 'CLOUD_MFA_CERTIFICATION_SERIAL_NUMBER',
  mfaTokenCode: 'CLOUD_MFA_CERTIFICATION_TOKEN_CODE',
  mfaDurationSeconds: 'CLOUD_MFA_CERTIFICATION_DURATION_SECONDS',
} as const

export const cloudSecrets = ['secretKey', 'securityToken'] as const

const intOr = (s: string | undefined, fallback: number): number | string =>
  s === undefined || s === '' ? fallback : /^\d+$/.test(s) ? Number(s) : s

/**
 * Fill unset configuration from the environment: the top-level variables, then the object
 * variables when their variables are set and the object is not given explicitly. A role ARN and
 * a session name select role assumption; a SAML assertion with a principal ARN selects SAML; a
 * web identity token (or token file) selects web identity. Setting both SAML and web-identity
 * variables is left to the config rules to refuse. Values that do not parse (e.g. a duration
 * that is not a number) are passed on so the codec reports them.
 */
export const cloudConfigFromEnv = (
  env: Readonly<Record<string, string | undefined>>,
  explicit: Readonly<Record<string, unknown>> = {},
): Record<string, unknown> => {
  const out = configFromEnv({ env: cloudEnv, secrets: cloudSecrets, envLists: [] }, env, explicit)
  const v = (k: keyof typeof cloudNestedEnv): string | undefined =>
    env[cloudNestedEnv[k]] === '' ? undefined : env[cloudNestedEnv[k]]
  const hasObject = ['assumeRole', 'assumeRoleWithSaml', 'assumeRoleWithWebIdentity'].some((k) => out[k] !== undefined)
  const roleArn = v('roleArn')
  const sessionName = v('sessionName')
  if (!hasObject && roleArn && sessionName) {
    const base = { roleArn, sessionName, sessionDuration: intOr(v('sessionDuration'), 7200) }
    const saml = v('samlAssertion')
    const principal = v('principalArn')
    const token = v('webIdentityToken')
    const tokenFile = v('webIdentityTokenFile')
    if (saml && principal) out.assumeRoleWithSaml = { ...base, samlAssertion: secret(saml), principalArn: principal }
    if (token || tokenFile)
      out.assumeRoleWithWebIdentity = {
        ...base,
        ...(token ? { webIdentityToken: secret(token) } : {}),
        ...(tokenFile ? { webIdentityTokenFile: tokenFile } : {}),
        ...(v('providerId') ? { providerId: v('providerId') } : {}),
      }
    if (out.assumeRoleWithSaml === undefined && out.assumeRoleWithWebIdentity === undefined)
      out.assumeRole = {
        ...base,
        ...(v('externalId') ? { externalId: v('externalId') } : {}),
        ...(v('sourceIdentity') ? { sourceIdentity: v('sourceIdentity') } : {}),
        ...(v('serialNumber') ? { serialNumber: v('serialNumber') } : {}),
        ...(v('tokenCode') ? { tokenCode: secret(v('tokenCode')) } : {}),
      }
  }
  const mfaSerial = v('mfaSerialNumber')
  const mfaCode = v('mfaTokenCode')
  if (out.mfaCertification === undefined && mfaSerial && mfaCode)
    out.mfaCertification = {
      serialNumber: mfaSerial,
      tokenCode: secret(mfaCode),
      durationSeconds: intOr(v('mfaDurationSeconds'), 1800),
    }
  if (typeof out.enablePodOidc === 'string') out.enablePodOidc = out.enablePodOidc === 'true'
  return out
}

// ── rules ────────────────────────────────────────────────────────────────────
const nonEmpty = (a: ReadonlyArray<string> | undefined): boolean => !!a && a.length > 0

/**
 * The engine's ConflictsWith: allowed/forbidden account ids exclude each other and both exclude the
 * SAML and web-identity role options (the caller identity is not checked for those); SAML and web
 * identity exclude each other; secretId and secretKey come as a pair.
 */
export const cloudConfigRules: ReadonlyArray<(c: CloudConfig) => ReadonlyArray<Finding>> = [
  (c) =>
    nonEmpty(c.allowedAccountIds) && nonEmpty(c.forbiddenAccountIds)
      ? [
          {
            path: 'forbiddenAccountIds',
            expected: 'nothing when allowedAccountIds is set',
            given: c.forbiddenAccountIds,
            message: 'allowedAccountIds and forbiddenAccountIds exclude each other.',
          },
        ]
      : [],
  (c) => {
    const out: Finding[] = []
    for (const field of ['allowedAccountIds', 'forbiddenAccountIds'] as const)
      for (const role of ['assumeRoleWithSaml', 'assumeRoleWithWebIdentity'] as const)
        if (nonEmpty(c[field]) && c[role] !== undefined)
          out.push({
            path: field,
            expected: `nothing when ${role} is set`,
            given: c[field],
            message: `${field} is not supported with ${role}.`,
          })
    return out
  },
  (c) =>
    c.assumeRoleWithSaml !== undefined && c.assumeRoleWithWebIdentity !== undefined
      ? [
          {
            path: 'assumeRoleWithWebIdentity',
            expected: 'nothing when assumeRoleWithSaml is set',
            given: c.assumeRoleWithWebIdentity,
            message: 'assumeRoleWithSaml and assumeRoleWithWebIdentity exclude each other.',
          },
        ]
      : [],
  (c) =>
    c.assumeRoleWithWebIdentity !== undefined &&
    c.assumeRoleWithWebIdentity.webIdentityToken === undefined &&
    !c.assumeRoleWithWebIdentity.webIdentityTokenFile
      ? [
          {
            path: 'assumeRoleWithWebIdentity.webIdentityToken',
            expected: 'webIdentityToken or webIdentityTokenFile',
            given: undefined,
          },
        ]
      : [],
  (c) =>
    (c.secretId !== undefined) !== (c.secretKey !== undefined)
      ? [
          {
            path: c.secretId === undefined ? 'secretId' : 'secretKey',
            expected: 'secretId and secretKey together',
            given: undefined,
            message: 'an access key needs both its id and its secret.',
          },
        ]
      : [],
]

// ── bridge ───────────────────────────────────────────────────────────────────
const snakeObject = (o: Readonly<Record<string, unknown>> | undefined): Record<string, unknown> | undefined => {
  if (o === undefined) return undefined
  const r: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(o))
    if (v !== undefined) r[k.replace(/[A-Z]/g, (ch) => '_' + ch.toLowerCase())] = v
  return r
}

/** The configuration under the engine's snake_case keys; secrets stay wrapped. */
export const cloudBridge = (c: CloudConfig): Readonly<Record<string, unknown>> => {
  const r: Record<string, unknown> = {
    secret_id: c.secretId,
    secret_key: c.secretKey,
    security_token: c.securityToken,
    region: c.region,
    profile: c.profile,
    shared_credentials_dir: c.sharedCredentialsDir,
    cam_role_name: c.camRoleName,
    protocol: c.protocol,
    domain: c.domain,
    cos_domain: c.cosDomain,
    enable_pod_oidc: c.enablePodOidc,
    allowed_account_ids: c.allowedAccountIds,
    forbidden_account_ids: c.forbiddenAccountIds,
    assume_role: snakeObject(c.assumeRole),
    assume_role_with_saml: snakeObject(c.assumeRoleWithSaml),
    assume_role_with_web_identity: snakeObject(c.assumeRoleWithWebIdentity),
    mfa_certification: snakeObject(c.mfaCertification),
  }
  for (const k of Object.keys(r)) if (r[k] === undefined) delete r[k]
  return r
}

/** The object-storage domain: the configured one, else `https://cos.<region>.myqcloud.com`. */
export const cloudCosDomain = (c: CloudConfig): string => c.cosDomain ?? `https://cos.${c.region}.myqcloud.com`

/** Where a cloud instance's objects live (ownership claims): its region, at its API domain when not the default. */
export const cloudEndpointOf = (c: CloudConfig): string =>
  c.domain === undefined || c.domain.trim() === DEFAULT_CLOUD_DOMAIN ? c.region : `${c.domain.trim()}/${c.region}`
