/**
 * The policies a run is checked against: the program's `export const policies` and each
 * `--policy FILE` (its `policies` export, else its default export: a policy, a pack, a
 * suppression or an array of them). A file that cannot be read or exports neither stops the
 * run before anything is planned, naming the file.
 */
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { TrellisError } from '../workspace/trellis-error'
import type { CommandContext } from './command-spec'
import { list, UsageError } from './flag-readers'
import { importProgramModule } from './import-program'

const invalid = (file: string, expected: string, given: string): TrellisError => {
  const message = `${file}: expected ${expected}, got ${given}`
  return new TrellisError(
    'invalid',
    [{ node: `policies ${file}`, path: 'policies', expected, given, message }],
    message,
  )
}

const kindOf = (u: unknown): string => (Array.isArray(u) ? 'an array' : u === null ? 'null' : typeof u)

/** The entries a module exports as policies (`policies`, else `default` when `fallback`). */
const entriesOf = (file: string, mod: Readonly<Record<string, unknown>>, fallback: boolean): unknown[] => {
  const u = 'policies' in mod ? mod.policies : fallback ? mod.default : undefined
  if (u === undefined) {
    if (!fallback) return []
    throw invalid(file, 'an export `policies` (or a default export) of policies, packs or suppressions', 'neither')
  }
  if (Array.isArray(u)) return u as unknown[]
  if (fallback && typeof u === 'object' && u !== null) return [u]
  throw invalid(file, '`export const policies = [...]`: an array of policies, packs or suppressions', kindOf(u))
}

const moduleOf = async (file: string): Promise<Readonly<Record<string, unknown>>> => {
  try {
    return await importProgramModule(file)
  } catch (e) {
    throw invalid(file, 'a module of policies that loads', e instanceof Error ? e.message.split('\n')[0] : String(e))
  }
}

/** The program's policies and those of each `--policy FILE`, in that order. */
export const policiesInForce = async (ctx: Pick<CommandContext, 'args'>, program: string): Promise<unknown[]> => {
  const files = list(ctx.args, 'policy')
  for (const f of files) if (!existsSync(resolve(f))) throw new UsageError(`--policy: no such file ${f}`)
  const own = entriesOf(program, await moduleOf(program), false)
  const given = await Promise.all(files.map(async (f) => entriesOf(f, await moduleOf(f), true)))
  return [...own, ...given.flat()]
}
