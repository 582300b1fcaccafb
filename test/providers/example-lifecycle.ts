/**
 * One example's life on an emulator, as the three providers' example tests walk it: plan, apply, a
 * refreshed re-plan that must change nothing, destroy. The texts a user would see (both plans and the
 * apply's result) are returned so each test can look for what must not be in them (secrets).
 */
import * as assert from 'uvu/assert'
import * as E from 'fp-ts/Either'
import { apply, plan, destroy, formatEngineError } from '#trellis/engine'
import { renderPlan } from '#trellis'
import { registry } from '#trellis'
import { memoryStore } from '#trellis'
import type { Env } from '#trellis/engine'
import type { Handler } from '#trellis/engine'
import type { Stack } from '#trellis'

export const exampleLifecycle = async (stack: Stack, handler: Handler, now: Date): Promise<ReadonlyArray<string>> => {
  const e: Env = { registry, handler, store: memoryStore(), events: () => undefined, concurrency: 4, now: () => now }
  const first = await plan(stack)(e)()
  if (E.isLeft(first)) assert.unreachable(formatEngineError(first.left))
  const r = await apply(stack)(e)()
  if (E.isLeft(r)) assert.unreachable(formatEngineError(r.left))
  const again = await plan(stack, { refresh: true })(e)()
  if (E.isLeft(again)) assert.unreachable(formatEngineError(again.left))
  if (E.isRight(again))
    assert.ok(
      again.right.plan.steps.every((s) => s.action === 'noop' || s.action === 'read'),
      renderPlan(again.right.plan),
    )
  const d = await destroy(stack)(e)()
  if (E.isLeft(d)) assert.unreachable(formatEngineError(d.left))
  return [
    E.isRight(first) ? renderPlan(first.right.plan) : '',
    JSON.stringify(r),
    E.isRight(again) ? renderPlan(again.right.plan) : '',
  ]
}
