/**
 * `trellis config set|get|rm KEY [VALUE] --env NAME [--secret]`: an environment's configuration in
 * `trellis.<env>.json` beside the program (--program, default the current directory), reviewed like
 * code; `--secret` encrypts the value with TRELLIS_PASSPHRASE.
 */
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { closestName } from '../../core/closest-name'
import type { CommandContext, CommandSpec } from '../command-spec'
import { configPath, plainValue, readConfigFile, setValue, writeConfigFile } from '../config-file'
import { EXIT } from '../exit'
import { bool, str, UsageError } from '../flag-readers'
import { COMMON } from '../flags'

const FLAGS = [...COMMON, 'env', 'program']

/** The file and environment the flags name (--env is required). */
const target = (ctx: CommandContext, sub: string): { readonly file: string; readonly env: string } => {
  const env = str(ctx.args, 'env')
  if (!env) throw new UsageError(`config ${sub} needs --env NAME (the file is trellis.<env>.json)`, 'config')
  const program = str(ctx.args, 'program')
  return { file: program ? configPath(program, env) : join(resolve('.'), `trellis.${env}.json`), env }
}

/** A value as typed: JSON when it is a number, boolean, null, array or object; else the text itself. */
const valueOf = (text: string): unknown => {
  try {
    const v: unknown = JSON.parse(text)
    return typeof v === 'string' ? text : v
  } catch {
    return text
  }
}

const textOf = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v))

const knownKey = (file: string, env: string, key: string, keys: ReadonlyArray<string>): void => {
  if (keys.includes(key)) return
  const near = closestName(key, keys)
  throw new UsageError(
    `no configuration key ${key} for environment ${env} in ${file}${near ? ` (did you mean ${near}?)` : ''}`,
    'config',
  )
}

const set: CommandSpec = {
  name: 'set',
  args: 'KEY VALUE',
  summary: "set a key of an environment's configuration (--secret: encrypted)",
  flags: [...FLAGS, 'secret'],
  example: 'trellis config set zoneName prod.example.com --env prod',
  min: 2,
  max: 2,
  bare: true,
  run: async (ctx) => {
    const [key, text] = ctx.args.positionals
    const { file, env } = target(ctx, 'set')
    const secret = bool(ctx.args, 'secret') ? { passphrase: ctx.env.TRELLIS_PASSPHRASE || undefined } : undefined
    const next = setValue(file, readConfigFile(file), key, valueOf(text), env, secret)
    writeConfigFile(file, next)
    ctx.out.err(`Set ${key}${secret ? ' (secret, encrypted)' : ''} for environment ${env} in ${file}`)
    return Promise.resolve(EXIT.ok)
  },
}

const get: CommandSpec = {
  name: 'get',
  args: 'KEY',
  summary: "print a key of an environment's configuration (a secret one needs TRELLIS_PASSPHRASE)",
  flags: FLAGS,
  example: 'trellis config get zoneName --env prod',
  min: 1,
  max: 1,
  bare: true,
  run: async (ctx) => {
    const [key] = ctx.args.positionals
    const { file, env } = target(ctx, 'get')
    if (!existsSync(file)) throw new UsageError(`no configuration for environment ${env}: ${file} does not exist`)
    const c = readConfigFile(file)
    knownKey(file, env, key, Object.keys(c.config))
    const v = plainValue(file, c, key, env, ctx.env.TRELLIS_PASSPHRASE || undefined)
    ctx.out.line(ctx.json ? JSON.stringify({ key, env, value: v }) : textOf(v))
    return Promise.resolve(EXIT.ok)
  },
}

const rm: CommandSpec = {
  name: 'rm',
  args: 'KEY',
  summary: "remove a key from an environment's configuration",
  flags: FLAGS,
  example: 'trellis config rm zoneName --env prod',
  min: 1,
  max: 1,
  bare: true,
  run: async (ctx) => {
    const [key] = ctx.args.positionals
    const { file, env } = target(ctx, 'rm')
    const c = readConfigFile(file)
    knownKey(file, env, key, Object.keys(c.config))
    const { [key]: _gone, ...rest } = c.config
    writeConfigFile(file, { salt: c.salt, config: rest })
    ctx.out.err(`Removed ${key} for environment ${env} from ${file}`)
    return Promise.resolve(EXIT.ok)
  },
}

const SUBCOMMANDS: ReadonlyArray<CommandSpec> = [set, get, rm]

export const config: CommandSpec = {
  name: 'config',
  args: '<set | get | rm>',
  summary: "an environment's configuration (trellis.<env>.json beside the program)",
  flags: FLAGS,
  example: 'trellis config set zoneName prod.example.com --env prod',
  min: 1,
  max: 3,
  bare: true,
  subcommands: SUBCOMMANDS,
  run: (ctx) => {
    const sub = SUBCOMMANDS.find((s) => s.name === ctx.args.sub)
    if (!sub) throw new UsageError(`unknown config sub-command ${String(ctx.args.sub)}`, 'config')
    return sub.run(ctx)
  },
}
