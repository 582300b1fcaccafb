/**
 * The chain's later steps, each building on or replacing the keys so far: role assumption signed
 * with them (the credential file's `role-arn`, then `assumeRole`), the unsigned SAML and web
 * identity exchanges whose keys replace everything before, and `mfaCertification`.
 */
import { earliest, failWith, obj, plain, str, stsKeys, type ChainContext, type Obj, type Resolved } from './chain-kit'
import type { SharedFile } from './local-keys'
import { signedSts, unsignedSts } from './sts-calls'
import { webIdentityToken } from './web-identity'

const seconds = (u: unknown, otherwise: number) => (typeof u === 'number' ? u : otherwise)

/** sts:AssumeRole signed with `cur`'s keys; the earliest expiry of both is kept. */
const assume = async (ctx: ChainContext, cur: Resolved | undefined, params: Obj, source: string) => {
  if (!cur)
    return failWith(
      'Unauthorized',
      `${source} needs base credentials to sign with: set secretId and secretKey, a profile or camRoleName`,
    )
  const r = stsKeys(await signedSts(ctx, cur.keys, 'AssumeRole', params), source)
  return { keys: r.keys, expires: earliest(cur.expires, r.expires) }
}

/** The parameters of the `assumeRole` block. */
const assumeRoleParams = (ar: Obj): Obj => ({
  RoleArn: str(ar.roleArn),
  RoleSessionName: str(ar.sessionName),
  DurationSeconds: seconds(ar.sessionDuration, 7200),
  ...(str(ar.policy) ? { Policy: encodeURIComponent(str(ar.policy)!) } : {}),
  ...(str(ar.externalId) ? { ExternalId: str(ar.externalId) } : {}),
  ...(str(ar.sourceIdentity) ? { SourceIdentity: str(ar.sourceIdentity) } : {}),
  ...(str(ar.serialNumber) ? { SerialNumber: str(ar.serialNumber) } : {}),
  ...(plain(ar.tokenCode) ? { TokenCode: plain(ar.tokenCode) } : {}),
})

/** 5. the credential file's role, then `assumeRole` */
export const assumeRoles = async (ctx: ChainContext, cur: Resolved | undefined, file: SharedFile) => {
  if (file.roleArn && file.roleSession)
    cur = await assume(
      ctx,
      cur,
      { RoleArn: file.roleArn, RoleSessionName: file.roleSession, DurationSeconds: 7200 },
      'the shared credentials role',
    )
  const ar = obj(ctx.config.assumeRole)
  return ar ? assume(ctx, cur, assumeRoleParams(ar), 'assumeRole') : cur
}

/** 6. assumeRoleWithSaml / assumeRoleWithWebIdentity: unsigned exchanges whose keys replace the ones so far */
export const identityExchanges = async (ctx: ChainContext, cur: Resolved | undefined) => {
  const saml = obj(ctx.config.assumeRoleWithSaml)
  if (saml) {
    const params = {
      SAMLAssertion: plain(saml.samlAssertion),
      PrincipalArn: str(saml.principalArn),
      RoleArn: str(saml.roleArn),
      RoleSessionName: str(saml.sessionName),
      DurationSeconds: seconds(saml.sessionDuration, 7200),
    }
    cur = stsKeys(await unsignedSts(ctx, 'AssumeRoleWithSAML', params), 'assumeRoleWithSaml')
  }
  const web = obj(ctx.config.assumeRoleWithWebIdentity)
  if (!web) return cur
  const params = {
    ProviderId: str(web.providerId) ?? 'OIDC',
    WebIdentityToken: await webIdentityToken(ctx, web),
    RoleArn: str(web.roleArn),
    RoleSessionName: str(web.sessionName),
    DurationSeconds: seconds(web.sessionDuration, 7200),
  }
  return stsKeys(await unsignedSts(ctx, 'AssumeRoleWithWebIdentity', params), 'assumeRoleWithWebIdentity')
}

/** 7. mfaCertification: sts:GetSessionToken signed with the keys so far */
export const mfaSession = async (ctx: ChainContext, cur: Resolved | undefined) => {
  const mfa = obj(ctx.config.mfaCertification)
  if (!mfa) return cur
  if (!cur) return failWith('Unauthorized', 'mfaCertification needs base credentials to sign with')
  const params = {
    SerialNumber: str(mfa.serialNumber),
    TokenCode: plain(mfa.tokenCode),
    DurationSeconds: seconds(mfa.durationSeconds, 1800),
  }
  const r = stsKeys(await signedSts(ctx, cur.keys, 'GetSessionToken', params), 'mfaCertification')
  return { keys: r.keys, expires: earliest(cur.expires, r.expires) }
}
