/**
 * Shared by the brownfield tests: the estate applied to fresh emulators from another store, and a
 * generated program loaded as a user's would be (written under the repository's ignored tmp/, where
 * `trellis` resolves as the tsconfig maps it).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import * as E from 'fp-ts/Either'
import { apply, emulatedEnv, lookup, memoryStore, type Env } from '#trellis/engine'
import type { Stack } from '#trellis'
import type { Emulators } from '#src/workspace/emulated-handler'
import { estate } from '../fixtures/brownfield-estate'

export const ROOT = fileURLToPath(new URL('../..', import.meta.url))

export const right = async <A>(te: () => Promise<E.Either<unknown, A>>): Promise<A> => {
  const r = await te()
  if (E.isLeft(r)) throw new Error(JSON.stringify(r.left).slice(0, 2000))
  return r.right
}

/** Fresh emulators holding the estate, made from a store nobody discovers with. */
export const seeded = async (): Promise<{ emulators: Emulators; teamId: string }> => {
  const made = emulatedEnv({ store: memoryStore(), env: {} })
  const team = await right(lookup('hosting:getTeam', 'team', { slug: 'acme' })(made))
  await right(apply(estate(team.id as string))(made))
  return { emulators: made.emulators, teamId: team.id as string }
}

/** An Env over the emulators with its own (empty) store. */
export const envOver = (emulators: Emulators, vars: Record<string, string> = {}): Env =>
  emulatedEnv({ store: memoryStore(), env: vars, emulators })

/** Write the source under tmp/ and load its default export, as `trellis plan FILE` would. */
export const loadProgram = async (source: string, tag: string): Promise<{ stack: Stack; file: string }> => {
  const dir = join(ROOT, 'tmp', `brownfield-${process.pid}-${tag}`)
  mkdirSync(dir, { recursive: true })
  const file = join(dir, 'infra.ts')
  writeFileSync(file, source)
  try {
    const mod = (await import(pathToFileURL(file).href)) as { default: Stack }
    return { stack: mod.default, file }
  } catch (e) {
    rmSync(dir, { recursive: true, force: true })
    throw e
  }
}

export const removeProgram = (file: string): void => rmSync(join(file, '..'), { recursive: true, force: true })
