/**
 * What the cost emulator holds, as one explicit record, and the context every collection module
 * works in: the state, the clock, timestamps and token makers. The record's names are the data
 * file's (`.trellis/emulator.json`, format 1: `store`, `counter`, `invoiceNumber`): renaming one
 * needs a migration.
 */
import { scalarText } from '../../../src/core/scalar-text'
import { cell, type Holdings } from '../holdings'
import { fail, type Obj } from './reply'

export interface CostState {
  /** collection name → token → object (fields starting with `_` are the emulator's own, never returned) */
  readonly store: Map<string, Map<string, Obj>>
  /** the last number a token was made from, and the last invoice number */
  readonly ids: { counter: number; invoiceNumber: number }
}

export const emptyState = (): CostState => ({ store: new Map(), ids: { counter: 0, invoiceNumber: 0 } })

/** The state's containers under the data file's names. */
export const holdingsOf = (st: CostState): Holdings => ({
  store: st.store,
  counter: cell(
    () => st.ids.counter,
    (v) => (st.ids.counter = v as number),
  ),
  invoiceNumber: cell(
    () => st.ids.invoiceNumber,
    (v) => (st.ids.invoiceNumber = v as number),
  ),
})

export interface CostContext {
  readonly state: CostState
  readonly now: () => Date
  /** created_at and friends: ISO seconds (creates in the same millisecond share the text) */
  readonly stamp: () => string
  /** a prefixed token (`rprt_0000002a`) */
  readonly newToken: (prefix: string) => string
  /** a collection's objects (made empty on first use) */
  readonly coll: (name: string) => Map<string, Obj>
  readonly exists: (name: string, token: unknown) => boolean
  /** checks the body's workspace_token names a workspace (`required`: it must be given) */
  readonly needWorkspace: (body: Obj, required: boolean) => void
}

const stamper = (now: () => Date) => {
  // the last stamp made, by its millisecond
  let stamped = { ms: NaN, text: '' }
  return (): string => {
    const d = now()
    const ms = d.getTime()
    if (ms !== stamped.ms) stamped = { ms, text: d.toISOString().replace(/\.\d{3}Z$/, 'Z') }
    return stamped.text
  }
}

export const contextOf = (state: CostState, now: () => Date, seed: number): CostContext => {
  const coll = (name: string): Map<string, Obj> => state.store.get(name) ?? state.store.set(name, new Map()).get(name)!
  const exists = (name: string, token: unknown): boolean => typeof token === 'string' && coll(name).has(token)
  return {
    state,
    now,
    stamp: stamper(now),
    newToken: (prefix) => `${prefix}${((seed * 7919 + ++state.ids.counter) >>> 0).toString(16).padStart(8, '0')}`,
    coll,
    exists,
    needWorkspace: (body, required) => {
      if (body.workspace_token === undefined || body.workspace_token === null) {
        if (required) fail(400, 'workspace_token is required')
        return
      }
      if (!exists('workspaces', body.workspace_token))
        fail(404, `Workspace ${scalarText(body.workspace_token)} not found`)
    },
  }
}
