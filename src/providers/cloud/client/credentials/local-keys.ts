/**
 * The chain's first sources: the explicit keys (the configuration's, else the environment's, never
 * one half from each), else the command-line tool's shared credential file
 * `<dir>/<profile>.credential` (JSON `secretId`, `secretKey`, `token`, optionally `role-arn` and
 * `role-session-name`).
 */
import { DEFAULT_CLOUD_PROFILE, DEFAULT_SHARED_CREDENTIALS_SUBDIR } from '../../config'
import { expandHome, failWith, jsonObject, keysOf, plain, str, type ChainContext, type CloudKeys } from './chain-kit'

export interface SharedFile {
  readonly keys?: CloudKeys
  readonly roleArn?: string
  readonly roleSession?: string
}

/** 1. explicit keys */
export const explicitKeys = ({ config, env }: ChainContext): CloudKeys | undefined => {
  const fromConfig = config.secretId !== undefined || config.secretKey !== undefined
  const id = fromConfig ? str(config.secretId) : str(env.CLOUD_SECRET_ID)
  const key = fromConfig ? plain(config.secretKey) : str(env.CLOUD_SECRET_KEY)
  const token = fromConfig ? plain(config.securityToken) : str(env.CLOUD_SECURITY_TOKEN)
  return id && key ? keysOf(id, key, token) : undefined
}

/** 2. the shared credential file of the command-line tool; undefined when there is none unasked */
export const sharedFile = async ({ config, env, home, read }: ChainContext): Promise<SharedFile | undefined> => {
  const profile = str(config.profile) ?? str(env.CLOUD_PROFILE) ?? DEFAULT_CLOUD_PROFILE
  const dirSetting = str(config.sharedCredentialsDir) ?? str(env.CLOUD_SHARED_CREDENTIALS_DIR)
  const dir = dirSetting ? expandHome(home, dirSetting) : `${home}/${DEFAULT_SHARED_CREDENTIALS_SUBDIR}`
  const path = `${dir.replace(/\/+$/, '')}/${profile}.credential`
  let text: string
  try {
    text = await read(path)
  } catch (e) {
    // a missing file is not an error unless it was asked for by name
    const named =
      config.profile !== undefined || config.sharedCredentialsDir !== undefined || env.CLOUD_PROFILE !== undefined
    if (!named) return undefined
    const code = (e as NodeJS.ErrnoException).code ?? 'error'
    return failWith('Unauthorized', `the shared credentials file ${path} could not be read (${code})`)
  }
  const json = jsonObject(text)
  if (!json) return failWith('Unauthorized', `the shared credentials file ${path} is not a JSON object`)
  const id = str(json.secretId)
  const key = str(json.secretKey)
  return {
    keys: id && key ? keysOf(id, key, str(json.token)) : undefined,
    roleArn: str(json['role-arn']),
    roleSession: str(json['role-session-name']),
  }
}
