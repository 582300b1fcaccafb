/**
 * State surgery: `state rm` (forget a resource; the platform keeps it), `state mv` (another address
 * for the same object), `state unlock` (break a lock whose run is gone, naming its holder). Each
 * change is made under the stack's lock and written like any other write: serial and lineage
 * checked, the previous snapshot kept as a backup. `state restore` writes such a backup back.
 */
import { promises as fs } from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'
import * as E from 'fp-ts/Either'
import { labelOfAddress } from '../core/node'
import { moveResource } from '../state/move-resource'
import type { State } from '../state/state'
import type { LockInfo } from '../state/state-store'
import { closestStrict as closest } from '../core/closest-name'
import { fromEngineError, TrellisError } from '../workspace/trellis-error'
import type { Workspace } from '../workspace/workspace'

export interface Surgery {
  readonly message: string
  readonly detail: Readonly<Record<string, unknown>>
}

export const locked = async <A>(w: Workspace, stack: string, f: (s: State) => Promise<A>): Promise<A> => {
  const l = await w.store.lock(stack, { waitMs: 0 })()
  if (E.isLeft(l)) throw fromEngineError(l.left)
  try {
    const s = await w.store.read(stack)()
    if (E.isLeft(s)) throw fromEngineError(s.left)
    if (!s.right) throw new TrellisError('state', [], `stack ${stack} has no state`)
    return await f(s.right)
  } finally {
    await l.right.release()()
  }
}

export const write = async (w: Workspace, stack: string, s: State): Promise<State> => {
  const r = await w.store.write(stack, s)()
  if (E.isLeft(r)) throw fromEngineError(r.left)
  return r.right
}

export const notIn = (s: State, address: string) => {
  const near = closest(address, Object.keys(s.resources))
  return new TrellisError('failed', [
    {
      node: address,
      path: '',
      expected: 'an address in state',
      given: address,
      message: `${address} is not in the state of ${s.stack}${near ? ` (did you mean ${near}?)` : ''}`,
    },
  ])
}

export const pendingOn = (s: State, address: string) =>
  Object.values(s.pending).some((p) => p.address === address)
    ? new TrellisError(
        'state',
        [],
        `${labelOfAddress(address)} has an unsettled write-ahead entry; run apply (which settles it) before changing its record`,
      )
    : undefined

export const stateRemove = (w: Workspace, stack: string, address: string): Promise<Surgery> =>
  locked(w, stack, async (s) => {
    const r = s.resources[address]
    if (!r) throw notIn(s, address)
    const busy = pendingOn(s, address)
    if (busy) throw busy
    const resources = { ...s.resources }
    delete resources[address]
    const next = await write(w, stack, { ...s, resources })
    return {
      message: `Removed ${labelOfAddress(address)} (id ${r.id}) from the state of ${stack}; the object stays on the platform (state serial ${next.serial}).`,
      detail: { address, id: r.id, serial: next.serial },
    }
  })

export const stateMove = (w: Workspace, stack: string, from: string, to: string): Promise<Surgery> =>
  locked(w, stack, async (s) => {
    const r = s.resources[from]
    if (!r) throw notIn(s, from)
    const slash = to.indexOf('/')
    const token = to.slice(0, slash)
    const name = to.slice(slash + 1)
    if (slash < 1 || name === '')
      throw new TrellisError('usage', [], `state mv: ${to} is not an address (TOKEN/NAME or TOKEN "NAME")`)
    if (token !== r.token)
      throw new TrellisError(
        'usage',
        [],
        `state mv: ${from} is a ${r.token}; it can only move to another ${r.token} address, not ${token}`,
      )
    if (s.resources[to])
      throw new TrellisError('failed', [], `state mv: ${to} is already in state (id ${s.resources[to].id})`)
    const busy = pendingOn(s, from)
    if (busy) throw busy
    const next = await write(w, stack, moveResource(s, from, to))
    return {
      message: `Moved ${labelOfAddress(from)} to ${labelOfAddress(to)} in the state of ${stack} (state serial ${next.serial}).`,
      detail: { from, to, id: r.id, serial: next.serial },
    }
  })

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Break a file store's lock: at once when its holder is gone, with --force otherwise. */
export const stateUnlock = async (w: Workspace, stack: string, force: boolean): Promise<Surgery> => {
  const dir = w.store.dir
  if (dir === undefined)
    throw new TrellisError(
      'state',
      [],
      'state unlock breaks the lock of file state; a PostgreSQL lock ends with its session (end the holding session in the database)',
    )
  const path = join(dir, `${stack}.lock`)
  let text: string
  try {
    text = await fs.readFile(path, 'utf8')
  } catch {
    return { message: `Stack ${stack} is not locked.`, detail: { unlocked: false } }
  }
  let holder: LockInfo | undefined
  try {
    holder = JSON.parse(text) as LockInfo
  } catch {
    holder = undefined
  }
  const who = holder
    ? `${holder.owner} (pid ${holder.pid} on ${holder.host}) since ${holder.since}`
    : 'an unreadable holder'
  const here = holder?.host === hostname()
  const running = holder !== undefined && here && alive(holder.pid)
  if ((running || (holder && !here)) && !force)
    throw new TrellisError(
      'state',
      [],
      `stack ${stack} is locked by ${who}, which ${running ? 'is still running' : 'runs on another host and may still be running'}; wait for it, or pass --force if you are sure it is gone`,
    )
  await fs.rm(path, { force: true })
  return {
    message: `Unlocked stack ${stack} (the lock was held by ${who}).`,
    detail: { unlocked: true, holder: holder ?? null },
  }
}

/** Write a backup back as the stack's state (the store declares whether it keeps backups). */
export const stateRestore = async (w: Workspace, stack: string, serial: number | undefined): Promise<Surgery> => {
  const { restore } = w.store
  if (!restore) throw new TrellisError('state', [], 'this state store keeps no backups to restore from')
  const r = await restore(stack, serial)()
  if (E.isLeft(r)) throw new TrellisError('state', [], `state: ${r.left.message}`)
  return {
    message: `Restored state of ${stack} from backup; now at serial ${r.right.serial}.`,
    detail: { serial: r.right.serial },
  }
}
