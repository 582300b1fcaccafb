/**
 * cloudCredentials: where the cloud provider's keys come from, as the function the signed-action
 * client asks before every request (clients/tc3.ts). Sources, in this order (the bridged
 * engine's order, each later one building on or replacing the one before; ./credentials/):
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
import type * as TE from 'fp-ts/TaskEither'
import { readFile as fsReadFile } from 'node:fs/promises'
import { homedir } from 'node:os'
import { platformError, type PlatformError } from '../../../core/wire'
import type { Tc3Credentials } from '../../../../clients/tc3'
import { DEFAULT_CLOUD_REGION } from '../config'
import {
  failWith,
  Failure,
  str,
  WHAT,
  type ChainContext,
  type CloudCredentialsOptions,
  type Config,
  type Resolved,
} from './credentials/chain-kit'
import { checkAccount } from './credentials/account-check'
import { explicitKeys, sharedFile, type SharedFile } from './credentials/local-keys'
import { camRole } from './credentials/metadata-role'
import { assumeRoles, identityExchanges, mfaSession } from './credentials/role-steps'
import { podOidc } from './credentials/web-identity'

export type { CloudCredentialsOptions, CloudKeys } from './credentials/chain-kit'
export { CAM_CREDENTIALS_PATH, DEFAULT_METADATA_ENDPOINT } from './credentials/metadata-role'

/** The context of one configuration's chain. */
const contextOf = (config: Config, opts: CloudCredentialsOptions): ChainContext => {
  const env = opts.env ?? {}
  return {
    config,
    env,
    opts,
    now: opts.now ?? (() => new Date()),
    read: opts.readFile ?? ((p: string) => fsReadFile(p, 'utf8')),
    home: opts.homeDir ?? homedir(),
    region: str(config.region) ?? str(env.CLOUD_REGION) ?? DEFAULT_CLOUD_REGION,
    protocol: str(config.protocol) ?? 'HTTPS',
    domain: str(config.domain),
  }
}

/** Sources 1-4: the keys the chain starts from (undefined: none yet), and the credential file's role. */
const baseKeys = async (ctx: ChainContext): Promise<{ cur?: Resolved; file: SharedFile }> => {
  let cur: Resolved | undefined
  let file: SharedFile = {}
  const ex = explicitKeys(ctx)
  if (ex) cur = { keys: ex }
  else {
    const f = await sharedFile(ctx)
    if (f?.keys) cur = { keys: f.keys }
    if (f) file = f
  }
  const cam = str(ctx.config.camRoleName) ?? str(ctx.env.CLOUD_CAM_ROLE_NAME)
  if (cam) cur = await camRole(ctx, cam)
  if (ctx.config.enablePodOidc === true) cur = await podOidc(ctx)
  return { cur, file }
}

/** The whole chain once: the final keys, their account checked. */
const resolveOnce = async (ctx: ChainContext): Promise<Resolved> => {
  const base = await baseKeys(ctx)
  let cur = await assumeRoles(ctx, base.cur, base.file)
  cur = await identityExchanges(ctx, cur)
  cur = await mfaSession(ctx, cur)
  if (!cur)
    return failWith(
      'Unauthorized',
      'no cloud credentials: set secretId and secretKey (CLOUD_SECRET_ID, CLOUD_SECRET_KEY), a shared credentials profile, camRoleName, or a role to assume',
    )
  await checkAccount(ctx, cur.keys)
  return cur
}

const asPlatformError = (e: unknown): PlatformError =>
  e instanceof Failure
    ? e.error
    : platformError(
        'Unauthorized',
        WHAT,
        `the credentials could not be resolved (${e instanceof Error ? e.name : 'error'})`,
      )

/** The chain of one configuration: cached until a few minutes before its first temporary key expires. */
export const cloudCredentials = (
  config: Config,
  opts: CloudCredentialsOptions,
): (() => TE.TaskEither<PlatformError, Tc3Credentials>) => {
  const ctx = contextOf(config, opts)
  const refreshBefore = opts.refreshBeforeMs ?? 5 * 60_000
  let cached: Resolved | undefined
  let inflight: Promise<E.Either<PlatformError, Resolved>> | undefined
  const fresh = (r: Resolved) => r.expires === undefined || r.expires - refreshBefore > ctx.now().getTime()
  return () => async () => {
    if (cached && fresh(cached)) return E.right(cached.keys)
    inflight ??= resolveOnce(ctx).then(E.right, (e) => E.left(asPlatformError(e)))
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
