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
import type { Emulators } from '#trellis/engine'
import { emulators as emulatorSet, readEmulatorData } from '#trellis/clients'
import { estate, ESTATE_COUNTS } from '../fixtures/brownfield-estate'
import { run, tempDir } from '../cli/harness'

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

/** The seed file: three of each listable type, wired as a user would have them, in the platforms' own shapes. */
export const SEED_FILE = fileURLToPath(new URL('../fixtures/brownfield-seed.json', import.meta.url))

/** What the seed file holds: the estate's types, and each service's release and its plan's two bindings. */
export const SEED_COUNTS: Readonly<Record<string, number>> = {
  ...ESTATE_COUNTS,
  'cloud:ApiGatewayServiceRelease': 3,
  'cloud:ApiGatewayUsagePlanAttachment': 6,
}

/** Emulators seeded with `trellis emulate seed FILE` (into a data file), read back as a run reads it. */
export const seededFromFile = async (file = SEED_FILE): Promise<{ emulators: Emulators; teamId: string }> => {
  const dir = tempDir()
  const data = join(dir, 'emulator.json')
  const r = await run(['emulate', 'seed', file, '--data', data, '--state-dir', dir])
  if (r.code !== 0) throw new Error(`trellis emulate seed: ${r.err || r.out}`)
  const set = emulatorSet()
  set.restore((await readEmulatorData(data))!)
  rmSync(dir, { recursive: true, force: true })
  const team = await right(lookup('hosting:getTeam', 'team', { slug: 'acme' })(envOver(set)))
  return { emulators: set, teamId: team.id as string }
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
