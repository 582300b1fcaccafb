/** The cloud keys a configuration holds itself (secretId, secretKey, securityToken), or what to set. */
import * as TE from 'fp-ts/TaskEither'
import { secretSetting, setting, type KeySource } from '../../../core/client-recipe'
import { platformError } from '../../../core/wire'
import { cloudEnv } from '../config'

/** the settings that need the credential chain, which the default client factory does not run */
const CHAIN_SETTINGS = [
  'profile',
  'sharedCredentialsDir',
  'camRoleName',
  'assumeRole',
  'assumeRoleWithSaml',
  'assumeRoleWithWebIdentity',
  'mfaCertification',
  'enablePodOidc',
]

/** The configuration's own keys, or a clear Unauthorized error naming what to set. */
export const staticCloudKeys =
  (config: Readonly<Record<string, unknown>>): KeySource =>
  () => {
    const secretId = setting(config.secretId)
    const secretKey = secretSetting(config.secretKey)
    const token = secretSetting(config.securityToken)
    if (secretId && secretKey) return TE.right({ secretId, secretKey, ...(token ? { token } : {}) })
    const missing = [
      secretId ? undefined : `secretId (${cloudEnv.secretId})`,
      secretKey ? undefined : `secretKey (${cloudEnv.secretKey})`,
    ]
      .filter(Boolean)
      .join(' and ')
    const shared = CHAIN_SETTINGS.some((k) => config[k] !== undefined && config[k] !== false)
    const note = shared
      ? '; shared credential files, instance roles and role assumption are not read by the default client factory (pass cloudCredentials)'
      : ''
    return TE.left(
      platformError(
        'Unauthorized',
        'cloud credentials',
        `no cloud credentials: set ${missing} in the provider configuration${note}`,
      ),
    )
  }
