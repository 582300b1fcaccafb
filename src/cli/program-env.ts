/**
 * A program's environments and configuration: `--env NAME` must be one the program declares
 * (`export const environments = ['dev', 'prod']`), else a usage error offering the closest; the
 * environment's `trellis.<env>.json` is decoded by the program's `configCodec` (an io-ts codec)
 * when it exports one, a missing key stopping the run with the key and environment named.
 */
import * as t from 'io-ts'
import { closestName } from '../core/closest-name'
import { TrellisError, type TrellisIssue } from '../workspace/trellis-error'
import { UsageError } from './flag-readers'
import { configPath, plainConfig } from './config-file'

/** The `environments` export: absent, or a list of names (else the program is invalid). */
export const declaredEnvironments = (file: string, u: unknown): ReadonlyArray<string> | undefined => {
  if (u === undefined) return undefined
  if (Array.isArray(u) && u.every((e) => typeof e === 'string' && /^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(e)))
    return u as ReadonlyArray<string>
  throw new TrellisError('invalid', [
    {
      node: `program ${file}`,
      path: 'environments',
      expected: "an array of environment names (letters, digits, '.', '_' or '-')",
      given: JSON.stringify(u) ?? typeof u,
      message: `${file}'s environments export is not a list of names`,
    },
  ])
}

/** `--env` against what the program declares: refused (exit 64) with the closest name. */
export const checkEnv = (
  file: string,
  environments: ReadonlyArray<string> | undefined,
  env: string | undefined,
  isFunction: boolean,
): void => {
  if (env === undefined) {
    if (environments?.length && isFunction)
      throw new UsageError(`${file} declares environments ${environments.join(', ')}: pass --env NAME`)
    return
  }
  if (!environments)
    throw new UsageError(
      `--env ${env}: ${file} declares no environments (export const environments = ['dev', 'prod'], and a default export function of { env, config })`,
    )
  if (environments.includes(env)) return
  const near = closestName(env, environments)
  throw new UsageError(
    `--env ${env}: ${file} declares no such environment${near ? ` (did you mean ${near}?)` : ''}; it declares ${environments.join(', ')}`,
  )
}

const isCodec = (u: unknown): u is t.Mixed =>
  typeof u === 'object' && u !== null && typeof (u as { decode?: unknown }).decode === 'function'

const keyOf = (e: t.ValidationError): string =>
  e.context
    .slice(1)
    .map((c) => c.key)
    .filter((k) => k !== '' && !/^\d+$/.test(k))
    .join('.')

/** The environment's configuration as handed to the program: decoded by `configCodec` when given. */
export const programConfig = (
  file: string,
  env: string,
  codec: unknown,
  passphrase: string | undefined,
): Readonly<Record<string, unknown>> => {
  const path = configPath(file, env)
  const raw = plainConfig(path, env, passphrase)
  if (codec === undefined) return raw
  if (!isCodec(codec))
    throw new TrellisError('invalid', [
      {
        node: `program ${file}`,
        path: 'configCodec',
        expected: 'an io-ts codec (t.type({ … }))',
        given: typeof codec,
        message: `${file}'s configCodec export is not a codec`,
      },
    ])
  const r = codec.decode(raw)
  if (r._tag === 'Right') return r.right as Readonly<Record<string, unknown>>
  const issues: TrellisIssue[] = r.left.map((e) => {
    const key = keyOf(e)
    const missing = e.value === undefined
    return {
      node: `configuration of environment ${env}`,
      path: key,
      expected: e.context[e.context.length - 1]?.type.name ?? 'a value',
      given: missing ? 'nothing' : JSON.stringify(e.value),
      message: missing
        ? `configuration key ${key} is missing for environment ${env} (trellis config set ${key} VALUE --env ${env})`
        : `configuration key ${key} of environment ${env} is not ${e.context[e.context.length - 1]?.type.name ?? 'valid'}`,
    }
  })
  throw new TrellisError('invalid', issues)
}
