/**
 * Credentials: the static key pairs, the temporary keys STS and the metadata service hand out, and
 * the sts service (role assumption by key, SAML or web identity; MFA session tokens; caller identity).
 */
import { scalarText } from '../../../src/core/scalar-text'
import { fail, optNum, reqStr, type IdMaker, type Params } from '../cloud-kit'
import type { Actions } from './fixtures'

/** the account the default key pair belongs to */
export const EMULATOR_ACCOUNT_ID = '100000000001'

export interface CloudRole {
  /** the ExternalId AssumeRole must present, if any */
  readonly externalId?: string
  /** SAML: the assertion it accepts; web identity: the token it accepts */
  readonly samlAssertion?: string
  readonly webIdentityToken?: string
}

export interface TempKey {
  readonly key: string
  readonly token: string
  readonly expires: number
  readonly account: string
  readonly arn: string
}

export interface Credentials {
  /** SecretId → SecretKey */
  readonly staticKeys: Readonly<Record<string, string>>
  /** SecretId → account id */
  readonly accounts: Readonly<Record<string, string>>
  readonly roles: Readonly<Record<string, CloudRole>>
  readonly mfaDevices?: Readonly<Record<string, string>>
  /** temporary keys handed out, by SecretId */
  readonly temp: Map<string, TempKey>
  readonly ids: IdMaker
  readonly now: () => Date
}

export const accountOf = (c: Credentials, secretId: string): string | undefined =>
  c.temp.get(secretId)?.account ??
  (c.staticKeys[secretId] !== undefined ? (c.accounts[secretId] ?? EMULATOR_ACCOUNT_ID) : undefined)

/** a temporary key pair for `seconds`, kept so the requests signed with it verify */
export const issue = (c: Credentials, account: string, arn: string, seconds: number) => {
  const id = c.ids.id('AKIDTMP', 29)
  const key = c.ids.tail(32)
  const token = c.ids.tail(64)
  const expires = c.now().getTime() + seconds * 1000
  c.temp.set(id, { key, token, expires, account, arn })
  return {
    TmpSecretId: id,
    TmpSecretKey: key,
    Token: token,
    ExpiredTime: Math.floor(expires / 1000),
    Expiration: new Date(expires).toISOString().replace(/\.\d{3}Z$/, 'Z'),
  }
}

const duration = (p: Params, max = 43200, dflt = 7200): number => {
  const d = optNum(p, 'DurationSeconds') ?? dflt
  if (!Number.isInteger(d) || d < 0 || d > max)
    fail('InvalidParameterValue', `DurationSeconds must be from 0 to ${max}.`)
  return d === 0 ? dflt : d
}
const reply = (k: ReturnType<typeof issue>) => ({
  Credentials: { Token: k.Token, TmpSecretId: k.TmpSecretId, TmpSecretKey: k.TmpSecretKey },
  ExpiredTime: k.ExpiredTime,
  Expiration: k.Expiration,
})

const assumed = (c: Credentials, p: Params, check: (role: CloudRole) => void) => {
  const arn = reqStr(p, 'RoleArn')
  const session = reqStr(p, 'RoleSessionName')
  if (!/^[\w+=,.@-]{2,128}$/.test(session))
    fail('InvalidParameterValue', 'RoleSessionName must have 2 to 128 letters, digits or +=,.@-_.')
  const role = c.roles[arn] ?? fail('InvalidParameter.RoleNotExist', `The role ${arn} does not exist.`)
  check(role)
  const account = /uin\/(\d+)/.exec(arn)?.[1] ?? EMULATOR_ACCOUNT_ID
  return reply(issue(c, account, `qcs::sts:${account}:assumed-role/${arn.split('/').pop()}/${session}`, duration(p)))
}

const assumeRole = (c: Credentials) => (p: Params) =>
  assumed(c, p, (role) => {
    if (role.externalId !== undefined && p.ExternalId !== role.externalId)
      fail('InvalidParameter.ExternalIdError', 'The ExternalId does not match the role.')
    if (p.SerialNumber !== undefined) {
      const code = c.mfaDevices?.[scalarText(p.SerialNumber)]
      if (code === undefined || p.TokenCode !== code) fail('AuthFailure.MFAFailure', 'The MFA token code is not valid.')
    }
  })

const withSaml = (c: Credentials) => (p: Params) => {
  reqStr(p, 'SAMLAssertion')
  reqStr(p, 'PrincipalArn')
  return assumed(c, p, (role) => {
    if (role.samlAssertion === undefined || role.samlAssertion !== p.SAMLAssertion)
      fail('InvalidParameter.SAMLAssertionError', 'The SAML assertion is not valid for this role.')
  })
}

const withWebIdentity = (c: Credentials) => (p: Params) => {
  reqStr(p, 'WebIdentityToken')
  reqStr(p, 'ProviderId')
  return assumed(c, p, (role) => {
    if (role.webIdentityToken === undefined || role.webIdentityToken !== p.WebIdentityToken)
      fail('InvalidParameter.WebIdentityTokenError', 'The web identity token is not valid for this role.')
  })
}

/** `caller`: the SecretId the request was signed with, if it was */
export const stsActions = (c: Credentials, caller: string | undefined): Actions => ({
  AssumeRole: assumeRole(c),
  AssumeRoleWithSAML: withSaml(c),
  AssumeRoleWithWebIdentity: withWebIdentity(c),
  GetSessionToken: (p) => {
    const serial = reqStr(p, 'SerialNumber')
    const code = reqStr(p, 'TokenCode')
    if (c.mfaDevices?.[serial] === undefined || c.mfaDevices[serial] !== code)
      fail('AuthFailure.MFAFailure', 'The MFA token code is not valid.')
    const account = accountOf(c, caller ?? '') ?? EMULATOR_ACCOUNT_ID
    return reply(issue(c, account, `qcs::cam::uin/${account}:uin/${account}`, duration(p, 129600, 1800)))
  },
  GetCallerIdentity: () => {
    const id = caller ?? ''
    const account = accountOf(c, id) ?? EMULATOR_ACCOUNT_ID
    const t = c.temp.get(id)
    return {
      Arn: t?.arn ?? `qcs::cam::uin/${account}:uin/${account}`,
      AccountId: account,
      UserId: account,
      PrincipalId: account,
      Type: t ? 'CAMRole' : 'RootAccount',
    }
  },
})
