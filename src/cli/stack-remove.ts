/**
 * `trellis stack rm NAME`: forget a stack the store holds. An empty one (no resources, no unsettled
 * write-ahead entry: what a destroy leaves) goes at once; one that holds resources is refused unless
 * `force`, which forgets them (the platform keeps the objects). Done under the stack's lock, with the
 * serial read checked; the store's backups stay, so `state restore` can bring it back.
 */
import * as E from 'fp-ts/Either'
import { closestStrict as closest } from '../core/closest-name'
import { labelOfAddress } from '../core/node'
import type { State } from '../state/state'
import { fromEngineError, TrellisError } from '../workspace/trellis-error'
import type { Workspace } from '../workspace/workspace'
import type { Surgery } from './state-surgery'

/** Resources and unsettled write-ahead entries: what a stack still answers for. */
export const heldBy = (s: State): ReadonlyArray<string> => [
  ...Object.keys(s.resources),
  ...Object.values(s.pending)
    .map((p) => p.address)
    .filter((a) => !(a in s.resources)),
]

const noSuchStack = async (w: Workspace, stack: string): Promise<TrellisError> => {
  const near = closest(stack, await w.stacks())
  return new TrellisError('usage', [
    {
      node: `stack ${stack}`,
      path: '',
      expected: 'a stack the store holds',
      given: stack,
      message: `no stack named ${stack} in this store${near ? ` (did you mean ${near}?)` : ''}`,
    },
  ])
}

const holding = (s: State, held: ReadonlyArray<string>) => {
  const shown = held.slice(0, 3).map(labelOfAddress).join(', ') + (held.length > 3 ? ', …' : '')
  const n = `${held.length} resource${held.length === 1 ? '' : 's'}`
  return new TrellisError('failed', [
    {
      node: `stack ${s.stack}`,
      path: '',
      expected: 'an empty stack (destroy it first)',
      given: n,
      message:
        `stack ${s.stack} holds ${n} (${shown}): destroy them first (trellis destroy), ` +
        'or pass --force to forget them (the platform keeps the objects)',
    },
  ])
}

export const stackRemove = async (w: Workspace, stack: string, force: boolean): Promise<Surgery> => {
  const remove = w.store.remove
  if (!remove) throw new TrellisError('state', [], `this state store cannot remove a stack`)
  const l = await w.store.lock(stack, { waitMs: 0 })()
  if (E.isLeft(l)) throw fromEngineError(l.left)
  try {
    const s = await w.store.read(stack)()
    if (E.isLeft(s)) throw fromEngineError(s.left)
    if (!s.right) throw await noSuchStack(w, stack)
    const held = heldBy(s.right)
    if (held.length > 0 && !force) throw holding(s.right, held)
    const r = await remove(stack, s.right.serial)()
    if (E.isLeft(r)) throw fromEngineError(r.left)
    const forgot = held.length
      ? `, forgetting ${held.length} resource${held.length === 1 ? '' : 's'} (the platform keeps them)`
      : ''
    return {
      message:
        `Removed stack ${stack}${forgot}. ` +
        `Its backups stay: \`trellis state restore --stack ${stack}\` brings it back.`,
      detail: { removed: true, forgotten: held },
    }
  } finally {
    await l.right.release()()
  }
}
