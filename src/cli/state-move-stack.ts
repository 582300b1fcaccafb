/**
 * `trellis state mv ADDRESS [TO] --stack FROM --to-stack OTHER`: a resource's record moves from one
 * stack's state to another's, with its ownership claim, under both stacks' locks (taken in name
 * order, as a run across stacks takes them). One journaled change: the intent is written into
 * FROM's state first, then the record into OTHER's, the claim handed over, and FROM written without
 * the record; a crash between leaves an intent that the next read of FROM settles (finished when
 * OTHER holds the record, else undone), never the record in both states or in neither.
 */
import { randomUUID } from 'node:crypto'
import * as E from 'fp-ts/Either'
import { labelOfAddress } from '../core/node'
import { isProtected } from '../state/protect'
import { emptyState, type ResourceState, type State } from '../state/state'
import type { Lock } from '../state/state-store'
import { fromEngineError, TrellisError } from '../workspace/trellis-error'
import type { Workspace } from '../workspace/workspace'
import { notIn, pendingOn, write, type Surgery } from './state-surgery'

const holdsProtected = (u: unknown): boolean =>
  isProtected(u) ||
  (typeof u === 'object' && u !== null && Object.values(u as Record<string, unknown>).some(holdsProtected))

const refuse = (message: string) => new TrellisError('failed', [], `state mv --to-stack: ${message}`)

/** Both locks, in name order; released in reverse however `f` ends. */
const lockedBoth = async <A>(w: Workspace, names: ReadonlyArray<string>, f: () => Promise<A>): Promise<A> => {
  const held: Lock[] = []
  try {
    for (const n of [...names].sort()) {
      const l = await w.store.lock(n, { waitMs: 0 })()
      if (E.isLeft(l)) throw fromEngineError(l.left)
      held.push(l.right)
    }
    return await f()
  } finally {
    for (const l of held.reverse()) await l.release()()
  }
}

const read = async (w: Workspace, stack: string): Promise<State | undefined> => {
  const s = await w.store.read(stack)()
  if (E.isLeft(s)) throw fromEngineError(s.left)
  return s.right
}

/** What stops the move: a dependent left behind, a write-ahead entry, a taken address, secrets under another salt. */
const problem = (src: State, dst: State, r: ResourceState, from: string, to: string): TrellisError | undefined => {
  const dependents = Object.values(src.resources).filter((x) => x.dependencies.includes(from))
  if (dependents.length)
    return refuse(
      `${dependents.map((x) => x.address).join(', ')} in ${src.stack} depend${dependents.length === 1 ? 's' : ''} on ${from}: move ${dependents.length === 1 ? 'it' : 'them'} first, or move ${from} together with them`,
    )
  if (dst.resources[to]) return refuse(`${to} is already in the state of ${dst.stack} (id ${dst.resources[to].id})`)
  if (dst.salt !== src.salt && holdsProtected(r.inputs))
    return refuse(
      `${from} holds secret values protected under the state of ${src.stack}, and ${dst.stack}'s state protects with another key: ` +
        `forget it here (state rm) and import it there instead`,
    )
  return pendingOn(src, from)
}

/** A step after the intent was written: its failure is settled by the next read of `stack`, and said so. */
const settling = async <A>(from: string, stack: string, f: () => Promise<A>): Promise<A> => {
  try {
    return await f()
  } catch (e) {
    throw refuse(
      `moving ${labelOfAddress(from)} stopped part way (${(e as Error).message}); the move was recorded first, ` +
        `so the next command that reads the state of ${stack} finishes it or undoes it: check with \`trellis state list --stack ${stack}\``,
    )
  }
}

/** Move the record of `from` in `stack` to `to` in `other`, with its claim: one journaled change (move-intent.ts). */
export const stateMoveToStack = (
  w: Workspace,
  stack: string,
  other: string,
  from: string,
  to: string,
): Promise<Surgery> =>
  lockedBoth(w, [stack, other], async () => {
    if (stack === other) throw new TrellisError('usage', [], 'state mv --to-stack: give another stack than --stack')
    const src = await read(w, stack)
    if (!src) throw new TrellisError('state', [], `stack ${stack} has no state`)
    const r = src.resources[from]
    if (!r) throw notIn(src, from)
    if (to.slice(0, to.indexOf('/')) !== r.token)
      throw new TrellisError('usage', [], `state mv: ${from} is a ${r.token}; it can only move to a ${r.token} address`)
    // a stack with no state yet starts one with the source's salt, so protected secrets stay readable
    const dst = (await read(w, other)) ?? { ...emptyState(other, randomUUID(), src.salt), platforms: src.platforms }
    const stop = problem(src, dst, r, from, to)
    if (stop) throw stop
    const inDst = new Set(Object.keys(dst.resources))
    const moved: ResourceState = {
      ...r,
      address: to,
      name: to.slice(to.indexOf('/') + 1),
      // what it waited on stays behind: only addresses the other stack holds still order its deletes
      dependencies: r.dependencies.filter((d) => inDst.has(d)),
    }
    // the intent first: from here on a crash settles on the next read of `stack` (state/move-intent.ts)
    const begun = await write(w, stack, { ...src, moving: { to: other, address: from, toAddress: to, id: r.id } })
    const there = await settling(from, stack, () =>
      write(w, other, { ...dst, resources: { ...dst.resources, [to]: moved } }),
    )
    const left = { ...begun.resources }
    delete left[from]
    const { moving: _begun, ...rest } = begun
    const here = await settling(from, stack, async () => {
      const claim = w.store.owners ? await w.store.owners.move(stack, from, other, to)() : E.right(undefined)
      if (E.isLeft(claim)) throw fromEngineError(claim.left)
      return write(w, stack, { ...rest, resources: left })
    })
    return {
      message: `Moved ${labelOfAddress(from)} (id ${r.id}) from the state of ${stack} to ${labelOfAddress(to)} in the state of ${other} (serials ${here.serial} and ${there.serial}); it now belongs to ${other}.`,
      detail: { from, to, id: r.id, serial: here.serial, toStack: other, toSerial: there.serial },
    }
  })
