/**
 * State: what was last applied, per stack. Plain JSON. Secret values are never held in plain text:
 * see protect.ts.
 */
import { churnTable, type ChurnTable } from '../core/copy'

/** One resource as last applied: where it is, its remote id, what was sent and what was read back. */
export interface ResourceState {
  readonly address: string
  readonly token: string
  readonly name: string
  /** provider instance name */
  readonly provider: string
  /** remote id */
  readonly id: string
  /** the inputs as last applied (resolved; secrets protected) — only fields the user set */
  readonly inputs: Readonly<Record<string, unknown>>
  /** computed outputs as last observed */
  readonly outputs: Readonly<Record<string, unknown>>
  readonly dependencies: ReadonlyArray<string>
  /** ISO time each input field last changed (rules such as "10 minutes after enabling") */
  readonly changedAt: Readonly<Record<string, string>>
  readonly protect?: boolean
}

/** A write-ahead record: an operation sent (or about to be sent) whose outcome is not yet known. */
export interface PendingOp {
  readonly opId: string
  readonly op: 'create' | 'update' | 'delete'
  readonly address: string
  readonly token: string
  readonly name: string
  readonly provider: string
  /** what was sent (secrets protected) */
  readonly inputs: Readonly<Record<string, unknown>>
  readonly id?: string
  readonly startedAt: string
}

/** What was last applied, per stack: resources, pending operations, outputs, lineage, serial and salt. */
export interface State {
  readonly version: 1
  readonly stack: string
  /** random id of this state's history; a write from another lineage is refused */
  readonly lineage: string
  /** incremented on every write; a write based on an older serial is refused */
  readonly serial: number
  readonly resources: Readonly<Record<string, ResourceState>>
  readonly pending: Readonly<Record<string, PendingOp>>
  readonly outputs: Readonly<Record<string, unknown>>
  /** salt for secret digests and key derivation (not a secret by itself) */
  readonly salt: string
  /** which platforms it was made against: `emulated` (trellis --emulate) is never used by a real run */
  readonly platforms?: 'real' | 'emulated'
  /** the outputs of other stacks this one read when last applied: producer stack → output names */
  readonly consumes?: Readonly<Record<string, ReadonlyArray<string>>>
  /** a move of one of its resources to another stack, begun and not yet known finished (move-intent.ts) */
  readonly moving?: MoveIntent
}

/** `state mv --to-stack`'s intent, written into the source state before the other state is touched. */
export interface MoveIntent {
  /** the stack it moves to */
  readonly to: string
  /** its address here and there */
  readonly address: string
  readonly toAddress: string
  /** its remote id: the other state holding `toAddress` with this id means the move got that far */
  readonly id: string
}

/** The state of a stack nothing was applied to yet: no resources, serial 0. */
export const emptyState = (stack: string, lineage: string, salt: string): State => ({
  version: 1,
  stack,
  lineage,
  serial: 0,
  resources: {},
  pending: {},
  outputs: {},
  salt,
})

/** One journal record: the unit of durable progress during an apply. */
export type JournalRecord =
  | { readonly t: 'pending'; readonly op: PendingOp }
  | { readonly t: 'settled'; readonly opId: string }
  | { readonly t: 'put'; readonly resource: ResourceState }
  | { readonly t: 'drop'; readonly address: string }
  | { readonly t: 'outputs'; readonly outputs: Readonly<Record<string, unknown>> }

/** The parts of a state journal records change, as working copies (mutated in place). */
export interface JournalTarget {
  /** by address (a keyedCopy: a key is added per object made) */
  readonly resources: Record<string, ResourceState>
  /** write-ahead entries by id, which come and go by the thousand (as object keys, every id was
   * interned and the object kept rehashing as ids were deleted) */
  readonly pending: ChurnTable<PendingOp>
  outputs: State['outputs']
}

/** Apply one journal record to working copies, in place. */
export const applyRecord = (into: JournalTarget, r: JournalRecord): void => {
  if (r.t === 'pending') into.pending.set(r.op.opId, r.op)
  else if (r.t === 'settled') into.pending.delete(r.opId)
  else if (r.t === 'put') into.resources[r.resource.address] = r.resource
  else if (r.t === 'drop') delete into.resources[r.address]
  else into.outputs = r.outputs
}

/** Apply journal records to working copies, in place. */
export const applyRecords = (into: JournalTarget, records: ReadonlyArray<JournalRecord>): void => {
  // an index loop: this runs once per step's records, and for-of allocates an iterator per call
  for (let i = 0; i < records.length; i++) applyRecord(into, records[i])
}

/** Apply journal records to a state (pure). */
export const replay = (s: State, records: ReadonlyArray<JournalRecord>): State => {
  if (records.length === 0) return s
  const into = { resources: { ...s.resources }, pending: churnTable(s.pending), outputs: s.outputs }
  applyRecords(into, records)
  return { ...s, resources: into.resources, pending: Object.fromEntries(into.pending), outputs: into.outputs }
}
