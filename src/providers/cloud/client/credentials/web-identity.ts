/**
 * Web identities exchanged by sts:AssumeRoleWithWebIdentity: the pod's (TKE_* variables, the
 * chain's fourth source) and a configured token or token file's (`assumeRoleWithWebIdentity`).
 */
import {
  expandHome,
  failWith,
  jsonObject,
  plain,
  sessionName,
  str,
  stsKeys,
  type ChainContext,
  type Obj,
  type Resolved,
} from './chain-kit'
import { unsignedSts } from './sts-calls'

/** 4. the pod's web identity */
export const podOidc = async (ctx: ChainContext): Promise<Resolved> => {
  const { env } = ctx
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
    token = (await ctx.read(file)).trim()
  } catch {
    return failWith('Unauthorized', `the pod's web identity token file ${file} could not be read`)
  }
  const params = {
    ProviderId: providerId,
    WebIdentityToken: token,
    RoleArn: roleArn,
    RoleSessionName: sessionName(ctx.now),
    DurationSeconds: 7200,
  }
  return stsKeys(await unsignedSts(ctx, 'AssumeRoleWithWebIdentity', params), 'pod OIDC role assumption')
}

/** The token of an `assumeRoleWithWebIdentity` block: given, or read from its JSON file. */
export const webIdentityToken = async (ctx: ChainContext, w: Obj): Promise<string> => {
  const t = plain(w.webIdentityToken)
  if (t) return t
  const file = str(w.webIdentityTokenFile)
  if (!file) return failWith('Unauthorized', 'assumeRoleWithWebIdentity needs webIdentityToken or webIdentityTokenFile')
  let text: string
  try {
    text = await ctx.read(expandHome(ctx.home, file))
  } catch {
    return failWith('Unauthorized', `the web identity token file ${file} could not be read`)
  }
  const tok = str(jsonObject(text)?.web_identity_token)
  return tok ?? failWith('Unauthorized', `the web identity token file ${file} has no "web_identity_token"`)
}
