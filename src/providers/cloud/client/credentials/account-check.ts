/** The account check: with allowedAccountIds or forbiddenAccountIds, sts:GetCallerIdentity before any request. */
import { failWith, obj, str, strings, type ChainContext, type CloudKeys } from './chain-kit'
import { signedSts } from './sts-calls'

/** Fails when the keys' account is not allowed or is forbidden; no call when neither list is set. */
export const checkAccount = async (ctx: ChainContext, keys: CloudKeys): Promise<void> => {
  const allowed = strings(ctx.config.allowedAccountIds)
  const forbidden = strings(ctx.config.forbiddenAccountIds)
  if (!allowed.length && !forbidden.length) return
  const who = obj(obj(await signedSts(ctx, keys, 'GetCallerIdentity', {})) ?? {}) ?? {}
  const account = str(who.AccountId)
  if (!account) return failWith('Malformed', 'sts:GetCallerIdentity returned no AccountId')
  if (allowed.length && !allowed.includes(account))
    return failWith('Forbidden', `cloud account ${account} is not in allowedAccountIds`)
  if (forbidden.includes(account)) return failWith('Forbidden', `cloud account ${account} is in forbiddenAccountIds`)
}
