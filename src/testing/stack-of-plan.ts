/**
 * Which stack a run's plan was made from, so matchers can see the stack's own values (refs
 * before resolution) for `Match.refTo`.
 */
import type { Stack } from '../core/stack'
import type { Plan } from '../engine/plan'

const stacks = new WeakMap<Plan, Stack>()

/** Remember the stack a plan was made from. */
export const rememberStack = (p: Plan, s: Stack): void => void stacks.set(p, s)

/** The stack a plan of `runMock` or `runOnEmulators` was made from, if it came from there. */
export const stackOfPlan = (p: Plan): Stack | undefined => stacks.get(p)
