/**
 * The `brownfield` scenario's measurement (issue 39): n cost objects (the workload's folder →
 * report → alert groups, two thirds holding another's token) made on the in-process emulators from
 * one store (setup), then discovered and generated from another, with refs for every token: the
 * time from nothing known to the program's source.
 */
import * as E from 'fp-ts/Either'
import { apply, emulatedEnv, generate, memoryStore } from 'trellis/engine'
import { costWorkload } from './workload'
import { collectGarbage } from './collect-garbage'

export const runBrownfield = async (
  n: number,
): Promise<{ inProcessMs: number; objects: number; refs: number; sourceBytes: number }> => {
  const made = emulatedEnv({ store: memoryStore(), env: {} })
  const applied = await apply(costWorkload(n, 'estate'))(made)()
  if (E.isLeft(applied)) throw new Error(`setup: ${JSON.stringify(applied.left).slice(0, 300)}`)
  const env = emulatedEnv({ store: memoryStore(), env: {}, emulators: made.emulators })
  collectGarbage()
  const t0 = performance.now()
  const g = await generate({ stack: 'legacy', providers: ['cost'] })(env)()
  const inProcessMs = Math.round((performance.now() - t0) * 10) / 10
  if (E.isLeft(g)) throw new Error(JSON.stringify(g.left).slice(0, 300))
  if (g.right.objects.length < n) throw new Error(`expected ${n} objects, discovered ${g.right.objects.length}`)
  const refs = (g.right.source.match(/\.out\.token/g) ?? []).length
  return { inProcessMs, objects: g.right.objects.length, refs, sourceBytes: g.right.source.length }
}
