/**
 * An environment's configuration: `trellis.<env>.json` beside the program (as Pulumi keeps
 * `Pulumi.<stack>.yaml`), reviewed like code. Secret values are kept as the state keeps secrets —
 * encrypted with a protector from the file's own salt and TRELLIS_PASSPHRASE — so the file can be
 * committed; reading one needs the passphrase, and without it the run stops saying so.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { isProtected, makeProtector, newSalt } from '../core/protector'
import { reveal } from '../core/secret'
import { TrellisError } from '../workspace/trellis-error'

/** What the file holds: its salt, and each key's value (a secret one protected). */
export interface ConfigFile {
  readonly salt: string
  readonly config: Readonly<Record<string, unknown>>
}

/** `trellis.<env>.json` in the program's directory. */
export const configPath = (program: string, env: string): string =>
  join(dirname(resolve(program)), `trellis.${env}.json`)

const bad = (file: string, path: string, expected: string, given: string, message: string): TrellisError =>
  new TrellisError('invalid', [{ node: `configuration ${file}`, path, expected, given, message }])

/** The file's content (an empty configuration when there is none). */
export const readConfigFile = (file: string): ConfigFile => {
  if (!existsSync(file)) return { salt: newSalt(), config: {} }
  let u: unknown
  try {
    u = JSON.parse(readFileSync(file, 'utf8'))
  } catch (e) {
    throw bad(file, '', 'JSON', 'unreadable text', `${file} is not JSON: ${(e as Error).message}`)
  }
  const o = u as Partial<ConfigFile> | null
  if (typeof o !== 'object' || o === null || typeof o.salt !== 'string' || typeof o.config !== 'object' || !o.config)
    throw bad(file, '', '{ "salt": "…", "config": { … } }', typeof u, `${file} is not a trellis configuration file`)
  return { salt: o.salt, config: o.config }
}

/** Write the file atomically, keys sorted (small, stable diffs in review). */
export const writeConfigFile = (file: string, c: ConfigFile): void => {
  const config = Object.fromEntries(
    Object.keys(c.config)
      .sort()
      .map((k) => [k, c.config[k]]),
  )
  const tmp = `${file}.${process.pid}.tmp`
  writeFileSync(tmp, JSON.stringify({ salt: c.salt, config }, null, 2) + '\n')
  renameSync(tmp, file)
}

const needsPassphrase = (file: string, key: string, env: string): TrellisError =>
  new TrellisError(
    'invalid',
    [
      {
        node: `configuration ${file}`,
        path: key,
        expected: 'TRELLIS_PASSPHRASE set (secret configuration values are encrypted with it)',
        given: 'no passphrase',
        message: `${key} of environment ${env} is a secret: set TRELLIS_PASSPHRASE to read or write it`,
      },
    ],
    `${key} of environment ${env} is a secret: set TRELLIS_PASSPHRASE to read or write it (secret configuration values are encrypted with it)`,
  )

/** One key's plain value: a secret one decrypted (needs the passphrase). */
export const plainValue = (file: string, c: ConfigFile, key: string, env: string, passphrase?: string): unknown => {
  const v = c.config[key]
  if (!isProtected(v)) return v
  if (!passphrase) throw needsPassphrase(file, key, env)
  const s = makeProtector(c.salt, passphrase).unprotect(v)
  if (s === undefined)
    throw bad(
      file,
      key,
      'a value encrypted with this TRELLIS_PASSPHRASE',
      'one it does not open',
      `${key} of environment ${env} was encrypted with another passphrase`,
    )
  return reveal(s)
}

/** Every key's plain value (what the program is handed as `config`). */
export const plainConfig = (file: string, env: string, passphrase?: string): Readonly<Record<string, unknown>> => {
  const c = readConfigFile(file)
  return Object.fromEntries(Object.keys(c.config).map((k) => [k, plainValue(file, c, k, env, passphrase)]))
}

/** The configuration with `key` set (a secret one encrypted: needs the passphrase). */
export const setValue = (
  file: string,
  c: ConfigFile,
  key: string,
  value: unknown,
  env: string,
  secret: { readonly passphrase?: string } | undefined,
): ConfigFile => {
  if (secret && !secret.passphrase) throw needsPassphrase(file, key, env)
  const stored: unknown = secret ? makeProtector(c.salt, secret.passphrase).protect(value) : value
  return { salt: c.salt, config: { ...c.config, [key]: stored } }
}
