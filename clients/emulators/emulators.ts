/**
 * emulators: the three platform emulators as one set, with what a local place to work needs on
 * top of each: seeding objects made elsewhere (`seed({ cost: { folders: [...] }, ... })`, each in
 * its platform's own shapes), a snapshot of everything held and its restore, and the data file
 * they live in between runs (written atomically, so a crash never leaves half a file).
 */
import { promises as fs } from 'node:fs'
import { dirname } from 'node:path'
import { costEmulator, type CostEmulatorOptions } from './cost'
import { hostingEmulator, type HostingEmulatorOptions } from './hosting'
import { cloudEmulator, type CloudEmulatorOptions } from './cloud'
import type { Emulator, EmulatorSnapshot, SeedObjects } from './emulator'

// ── model ────────────────────────────────────────────────────────────────────
export type EmulatedPlatform = 'cost' | 'hosting' | 'cloud'
export const EMULATED_PLATFORMS: ReadonlyArray<EmulatedPlatform> = ['cost', 'hosting', 'cloud']

/** What `seed` takes: per platform, objects by kind. */
export type PlatformSeed = Partial<Readonly<Record<EmulatedPlatform, SeedObjects>>>

/** The data file: every platform's snapshot. */
export interface EmulatorData {
  readonly trellisEmulators: 1
  readonly platforms: Partial<Readonly<Record<EmulatedPlatform, EmulatorSnapshot>>>
}

export interface EmulatorSet extends Readonly<Record<EmulatedPlatform, Emulator>> {
  /** adds objects made elsewhere; a wrong kind or field is refused before any platform changes */
  readonly seed: (objects: PlatformSeed) => void
  readonly snapshot: () => EmulatorData
  readonly restore: (data: EmulatorData) => void
}

export interface EmulatorsOptions {
  readonly cost?: CostEmulatorOptions
  readonly hosting?: HostingEmulatorOptions
  readonly cloud?: CloudEmulatorOptions
}

// ── constructor ──────────────────────────────────────────────────────────────
export const emulators = (opts: EmulatorsOptions = {}): EmulatorSet => {
  const set: Record<EmulatedPlatform, Emulator> = {
    cost: costEmulator(opts.cost),
    hosting: hostingEmulator(opts.hosting),
    cloud: cloudEmulator(opts.cloud),
  }
  const snapshot = (): EmulatorData => ({
    trellisEmulators: 1,
    platforms: { cost: set.cost.snapshot(), hosting: set.hosting.snapshot(), cloud: set.cloud.snapshot() },
  })
  const restore = (data: EmulatorData): void => {
    checkData(data, 'emulator data')
    for (const p of EMULATED_PLATFORMS) {
      const s = data.platforms[p]
      if (s) set[p].restore(s)
    }
  }
  return {
    ...set,
    snapshot,
    restore,
    seed: (objects) => {
      if (typeof objects !== 'object' || objects === null || Array.isArray(objects))
        throw new Error('seed: expected an object with cost, hosting and/or cloud')
      for (const k of Object.keys(objects))
        if (!EMULATED_PLATFORMS.includes(k as EmulatedPlatform))
          throw new Error(`seed: unknown platform "${k}" (known: ${EMULATED_PLATFORMS.join(', ')})`)
      // all platforms or none: a refusal on the last one puts the first ones back
      const before = snapshot()
      try {
        for (const p of EMULATED_PLATFORMS) if (objects[p]) set[p].seed(objects[p])
      } catch (e) {
        restore(before)
        throw e
      }
    },
  }
}

const checkData = (data: unknown, where: string): void => {
  const d = data as Partial<EmulatorData> | null
  if (typeof d !== 'object' || d === null || d.trellisEmulators !== 1 || typeof d.platforms !== 'object')
    throw new Error(`${where}: not a trellis emulator data file (expected {"trellisEmulators": 1, "platforms": {...}})`)
}

// ── the data file ────────────────────────────────────────────────────────────
/** The data file's contents, or undefined when there is none yet. */
export const readEmulatorData = async (file: string): Promise<EmulatorData | undefined> => {
  let text: string
  try {
    text = await fs.readFile(file, 'utf8')
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw e
  }
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch (e) {
    throw new Error(`${file}: not valid JSON (${(e as Error).message}); move it away to start with empty emulators`, {
      cause: e,
    })
  }
  checkData(data, file)
  return data as EmulatorData
}

/** Writes the data file atomically: a temporary file, fsync, rename. */
export const writeEmulatorData = async (file: string, data: EmulatorData): Promise<void> => {
  await fs.mkdir(dirname(file), { recursive: true })
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`
  const fh = await fs.open(tmp, 'w')
  try {
    await fh.writeFile(JSON.stringify(data), 'utf8')
    await fh.sync()
  } finally {
    await fh.close()
  }
  await fs.rename(tmp, file)
}
