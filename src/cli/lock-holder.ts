/**
 * lockHolder: who holds a stack's lock now, if anyone — asked only when a plan finds write-ahead
 * entries, to tell a run in progress from an interrupted one. It tries the lock without waiting
 * (as `terraform plan` takes it) and lets go at once when it got it.
 */
import type { LockInfo, StateStore } from '../state/state-store'

export const lockHolder = async (store: StateStore, stack: string): Promise<LockInfo | undefined> => {
  const got = await store.lock(stack, { owner: 'trellis plan (checking for a run in progress)', waitMs: 0 })()
  if (got._tag === 'Left') return got.left.kind === 'Locked' ? got.left.holder : undefined
  await got.right.release()()
  return undefined
}
