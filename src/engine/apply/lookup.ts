/**
 * Lookup: a lookup the plan read already is done at once (the common case: not a promise per
 * lookup); one whose args were unknown then is read now, its args checked first.
 */
import type { LookupVertex } from '../graph'
import type { Step } from '../plan'
import { resolveRefs } from '../resolve'
import { hasUnknown } from '../unknown'
import { checkRefs } from './inputs'
import { attempt, NOTHING, type Done, type RunState } from './run-state'
import { budgetOf } from './step-budget'

export const lookupStep = (st: RunState, s: Step, p: number): Done | Promise<Done> => {
  const known = st.values[p]
  return known && !hasUnknown(known) ? NOTHING : readLookup(st, s, p)
}

const readLookup = async (st: RunState, s: Step, p: number): Promise<Done> => {
  const lv = st.graph.ordered[p] as LookupVertex
  const args = resolveRefs(lv.node.args, st.valueOf) as Record<string, unknown>
  if (args !== lv.node.args && !hasUnknown(args))
    checkRefs(st, lv.label, 'lookup', lv.spec.args, lv.spec.rules, lv.node.args, args, s.provider)
  const config = st.graph.providers.get(s.provider)!.config
  const signal = budgetOf(st, s)?.signal ?? st.env.signal
  const c = { spec: lv.spec, address: s.address, name: s.name, provider: s.provider, config, signal }
  const r = await attempt(st.h.lookup(c, args))
  st.values[p] = { ...r }
  return NOTHING
}
