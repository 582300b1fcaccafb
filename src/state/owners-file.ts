/**
 * Claims of remote objects kept in files (the file store): `claims/owners.json` beside the states,
 * read and rewritten whole under its own lock (`claims/owners.lock`), so two processes' claims are
 * a compare-and-set. The lock is held for one read-change-write, never across a run; a holder that
 * died (same host, process gone) or a lock older than a minute is taken over.
 */
import { randomUUID } from 'node:crypto'
import { promises as fs } from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'
import * as TE from 'fp-ts/TaskEither'
import { processAlive } from '../core/process-alive'
import {
  claimChanges,
  claimFreeIn,
  claimIn,
  findIn,
  holdsIn,
  moveIn,
  retainIn,
  type OwnerClaim,
  type Owners,
  type Wanted,
} from './owners'
import { stateError, type StateError } from './state-store'

const STALE_MS = 60_000
const WAIT_MS = 30_000

interface Holder {
  readonly pid: number
  readonly host: string
  readonly since: number
}

const staleHolder = (text: string, mtime: number): boolean => {
  try {
    const h = JSON.parse(text) as Holder
    return (h.host === hostname() && !processAlive(h.pid)) || Date.now() - h.since > STALE_MS
  } catch {
    // half written: stale only if it stays so
    return Date.now() - mtime > 5_000
  }
}

interface ClaimFiles {
  readonly home: string
  readonly file: string
  readonly lockFile: string
}

/** Remove the lock file if it still holds `seen` (judged stale), not one a new holder wrote since. */
const breakStale = async (lockFile: string, seen: string): Promise<void> => {
  if ((await fs.readFile(lockFile, 'utf8').catch(() => undefined)) === seen) await fs.rm(lockFile, { force: true })
}

/** Take the claims lock (waiting up to WAIT_MS, taking over a stale one); gives its release. */
const lockClaims = async ({ home, lockFile }: ClaimFiles): Promise<() => Promise<void>> => {
  await fs.mkdir(home, { recursive: true })
  const mine = JSON.stringify({ pid: process.pid, host: hostname(), since: Date.now(), nonce: randomUUID() })
  const deadline = Date.now() + WAIT_MS
  for (;;) {
    try {
      await fs.writeFile(lockFile, mine, { flag: 'wx' })
      return async () => {
        if ((await fs.readFile(lockFile, 'utf8').catch(() => '')) === mine) await fs.rm(lockFile, { force: true })
      }
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e
    }
    const seen = await fs.readFile(lockFile, 'utf8').catch(() => undefined)
    const mtime = await fs.stat(lockFile).then(
      (s) => s.mtimeMs,
      () => 0,
    )
    if (seen !== undefined && staleHolder(seen, mtime)) {
      await breakStale(lockFile, seen)
      continue
    }
    if (Date.now() >= deadline)
      throw stateError('Locked', `the ownership claims (${lockFile}) stayed locked for ${WAIT_MS / 1000} s`)
    await new Promise((r) => setTimeout(r, 10 + Math.random() * 40))
  }
}

const loadClaims = async (file: string): Promise<Map<string, OwnerClaim>> => {
  let text: string
  try {
    text = await fs.readFile(file, 'utf8')
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return new Map()
    throw e
  }
  try {
    const cs = (JSON.parse(text) as { claims: OwnerClaim[] }).claims
    return new Map(cs.map((c) => [c.key, c]))
  } catch {
    throw stateError('Corrupt', `${file} is not the claims file trellis writes (not JSON with "claims")`)
  }
}

const saveClaims = async (file: string, table: Map<string, OwnerClaim>): Promise<void> => {
  const tmp = `${file}.${process.pid}.${randomUUID()}.tmp`
  const fh = await fs.open(tmp, 'w')
  try {
    await fh.writeFile(JSON.stringify({ claims: [...table.values()] }, null, 1), 'utf8')
    await fh.sync()
  } finally {
    await fh.close()
  }
  await fs.rename(tmp, file)
}

/** One read-change-write under the lock; `change` says whether to write. */
const updateClaims = <A>(f: ClaimFiles, change: (t: Map<string, OwnerClaim>) => { changed: boolean; value: A }) =>
  io(async () => {
    const release = await lockClaims(f)
    try {
      const t = await loadClaims(f.file)
      const r = change(t)
      if (r.changed) await saveClaims(f.file, t)
      return r.value
    } finally {
      await release()
    }
  })

const exists = (file: string) =>
  io(() =>
    fs.access(file).then(
      () => true,
      () => false,
    ),
  )

/** Owners in `<dir>/claims/owners.json`. */
export const fileOwners = (dir: string): Owners => {
  const home = join(dir, 'claims')
  const f: ClaimFiles = { home, file: join(home, 'owners.json'), lockFile: join(home, 'owners.lock') }
  return {
    list: () => io(async () => [...(await loadClaims(f.file)).values()]),
    find: (keys) => io(async () => findIn(await loadClaims(f.file), keys)),
    holds: (stack) => io(async () => holdsIn(await loadClaims(f.file), stack)),
    claimFree: (stack, wanted) =>
      TE.chain((w: ReadonlyArray<Wanted>) =>
        w.length === 0
          ? TE.right(undefined)
          : updateClaims(f, (t) => ({ changed: claimFreeIn(t, stack, w), value: undefined })),
      )(TE.fromIO(wanted)),
    claim: (stack, wanted) =>
      updateClaims(f, (t) => {
        const changes = claimChanges(t, stack, wanted)
        const taken = claimIn(t, stack, wanted)
        return { changed: taken.length === 0 && changes, value: taken }
      }),
    // nothing to drop when there is no claims file: no lock taken (most writes)
    retain: (stack, keep) =>
      TE.chain((has: boolean) =>
        has ? updateClaims(f, (t) => ({ changed: retainIn(t, stack, keep), value: undefined })) : TE.right(undefined),
      )(exists(f.file)),
    move: (from, address, to, toAddress) =>
      updateClaims(f, (t) => ({ changed: moveIn(t, from, address, to, toAddress), value: undefined })),
  }
}

const io = <A>(f: () => Promise<A>): TE.TaskEither<StateError, A> =>
  TE.tryCatch(f, (e) =>
    (e as StateError)?._tag === 'StateError'
      ? (e as StateError)
      : stateError('Io', `ownership claims: ${(e as Error)?.message ?? String(e)}`),
  )
