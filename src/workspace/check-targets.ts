/**
 * The addresses a plan's `targets` and `replace` name, checked before anything runs: each in the
 * stack or in state (state read only when one is not in the stack), else a usage error with the
 * nearest address; and the engine's options from them, in the canonical address form.
 */
import { addressOf } from '../core/node'
import { closestStrict as closest } from '../core/closest-name'
import type { Stack } from '../core/stack'
import type { PlanOptions as EnginePlanOptions } from '../engine/operations'
import type { StateStore } from '../state/state-store'
import { normalizeAddress } from './address'
import { engineResult } from './engine-result'
import { TrellisError } from './trellis-error'
import type { PlanOptions } from './workspace'

const unknownAddress = (a: string, known: ReadonlySet<string>) => {
  const near = closest(a, [...known])
  return {
    node: a,
    path: '',
    expected: 'the address of a node in the stack or in state',
    given: a,
    message: `${a} is neither in the stack nor in state${near ? ` (did you mean ${near}?)` : ''}`,
  }
}

export const checkTargets = async (store: StateStore, stack: Stack, o: PlanOptions): Promise<void> => {
  const named = [...(o.targets ?? []), ...(o.replace ?? [])].map(normalizeAddress)
  if (named.length === 0) return
  const inStack = new Set(stack.nodes.map(addressOf))
  // state is read (once more) only when a name is not in the stack: a plan's own load reads it anyway
  if (named.every((a) => inStack.has(a))) return
  const st = await engineResult(store.read(stack.name))
  const known = new Set([...inStack, ...Object.keys(st?.resources ?? {})])
  const issues = named.filter((a) => !known.has(a)).map((a) => unknownAddress(a, known))
  if (issues.length > 0) throw new TrellisError('usage', issues)
}

/** The engine's plan options from a workspace call's. */
export const engineOptions = (o: PlanOptions): EnginePlanOptions => ({
  ...(o.refresh ? { refresh: true } : {}),
  ...(o.targets?.length ? { targets: o.targets.map(normalizeAddress) } : {}),
  ...(o.replace?.length ? { replace: o.replace.map(normalizeAddress) } : {}),
})
