/**
 * emulators: the three platform emulators as one set, with what a local place to work needs on
 * top of each: seeding objects made elsewhere (`seed({ cost: { folders: [...] }, ... })`, each in
 * its platform's own shapes), a snapshot of everything held and its restore, and the data file
 * they live in between runs (written atomically, so a crash never leaves half a file).
 */
import { promises as fs } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { basename, dirname, join } from 'node:path'
import { makeProtector, newSalt, type Protector } from '../../src/core/protector'
import { COST_SECRET_FIELDS, costEmulator, type CostEmulatorOptions } from './cost'
import { HOSTING_SECRET_FIELDS, hostingEmulator, type HostingEmulatorOptions } from './hosting'
import { CLOUD_SECRET_FIELDS, cloudEmulator, type CloudEmulatorOptions } from './cloud'
import type { Emulator, EmulatorSnapshot, SeedObjects } from './emulator'
import { openSecrets, sealSecrets, unsealedCount, type SecretField } from './secret-fields'

// ── model ────────────────────────────────────────────────────────────────────
export type EmulatedPlatform = 'cost' | 'hosting' | 'cloud'
export const EMULATED_PLATFORMS: ReadonlyArray<EmulatedPlatform> = ['cost', 'hosting', 'cloud']

/** What `seed` takes: per platform, objects by kind. */
export type PlatformSeed = Partial<Readonly<Record<EmulatedPlatform, SeedObjects>>>

/** The data file: every platform's snapshot. */
export interface EmulatorData {
  readonly trellisEmulators: 1
  readonly platforms: Partial<Readonly<Record<EmulatedPlatform, EmulatorSnapshot>>>
  /** in a data file: the salt its sealed secrets were sealed with */
  readonly salt?: string
}

/** The data file's key: a passphrase (TRELLIS_PASSPHRASE, passed in by the edge), else the key file beside it. */
export interface EmulatorDataOptions {
  readonly passphrase?: string
}

const SECRET_FIELDS: Readonly<Record<EmulatedPlatform, ReadonlyArray<SecretField>>> = {
  cost: COST_SECRET_FIELDS,
  hosting: HOSTING_SECRET_FIELDS,
  cloud: CLOUD_SECRET_FIELDS,
}

/** One emulator per platform. */
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
/** A fresh emulator of each platform. */
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
/** `<dir>/emulator.json` → `<dir>/emulator.key`: the random key a data file's secrets are sealed with. */
export const emulatorKeyFile = (file: string): string => join(dirname(file), `${basename(file, '.json')}.key`)

/** The key file's key, made (readable by its owner only) when there is none and `make` is set. */
const keyOf = async (file: string, make: boolean): Promise<string | undefined> => {
  const kf = emulatorKeyFile(file)
  try {
    return (await fs.readFile(kf, 'utf8')).trim()
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT' || !make) return undefined
  }
  await fs.mkdir(dirname(kf), { recursive: true })
  try {
    await fs.writeFile(kf, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' })
  } catch (e) {
    // another run made it first: use that one
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e
  }
  return (await fs.readFile(kf, 'utf8')).trim()
}

// deriving a key (scrypt) is slow on purpose: once per key and salt in a process
const protectors = new Map<string, Protector>()
const protectorOf = (key: string, salt: string): Protector => {
  const id = `${salt}|${key}`
  let p = protectors.get(id)
  if (!p) protectors.set(id, (p = makeProtector(salt, key)))
  return p
}
// one salt per data file in a process, so its writes reuse one derived key
const salts = new Map<string, string>()

/** Every platform's data with its secret fields sealed or opened. */
const secretsOf = (
  data: EmulatorData,
  f: (d: EmulatorSnapshot['data'], fields: ReadonlyArray<SecretField>) => EmulatorSnapshot['data'],
): EmulatorData => ({
  ...data,
  platforms: Object.fromEntries(
    Object.entries(data.platforms).map(([p, snap]) => [
      p,
      snap ? { ...snap, data: f(snap.data, SECRET_FIELDS[p as EmulatedPlatform] ?? []) } : snap,
    ]),
  ),
})

/** The data file's contents (its secrets opened), or undefined when there is none yet. */
export const readEmulatorData = async (
  file: string,
  opts: EmulatorDataOptions = {},
): Promise<EmulatorData | undefined> => {
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
  const d = data as EmulatorData
  if (typeof d.salt !== 'string') return d
  salts.set(file, d.salt)
  const key = opts.passphrase ?? (await keyOf(file, false))
  const salt = d.salt
  return secretsOf(d, (x, fields) =>
    openSecrets(x, fields, key === undefined ? lockedProtector(file) : protectorOf(key, salt), file),
  )
}

/** Without a key nothing sealed opens: each sealed field is the error naming the file. */
const lockedProtector = (file: string): Protector => ({
  digest: () => '',
  protect: () => {
    throw new Error(`${file}: no key to seal with`)
  },
  unprotect: () => undefined,
})

/**
 * Writes the data file atomically (a temporary file, fsync, rename), its secret fields sealed:
 * with the passphrase when one is given, else with the key file beside it (made on first need).
 */
export const writeEmulatorData = async (
  file: string,
  data: EmulatorData,
  opts: EmulatorDataOptions = {},
): Promise<void> => {
  const salt = salts.get(file) ?? newSalt()
  salts.set(file, salt)
  const toSeal = Object.entries(data.platforms).reduce(
    (n, [p, snap]) => n + (snap ? unsealedCount(snap.data, SECRET_FIELDS[p as EmulatedPlatform] ?? []) : 0),
    0,
  )
  // the key file is read (or made) only when there is something to seal
  const key = toSeal === 0 ? undefined : (opts.passphrase ?? (await keyOf(file, true)))
  const sealed =
    key === undefined ? data : secretsOf(data, (x, fields) => sealSecrets(x, fields, protectorOf(key, salt)))
  const out: EmulatorData = { ...sealed, salt }
  await fs.mkdir(dirname(file), { recursive: true })
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`
  const fh = await fs.open(tmp, 'w')
  try {
    await fh.writeFile(JSON.stringify(out), 'utf8')
    await fh.sync()
  } finally {
    await fh.close()
  }
  await fs.rename(tmp, file)
}
