/**
 * The run loop shared by both interpreters: steps start as soon as their dependencies are done,
 * at most `concurrency` at once; refs resolve as outputs arrive; every create/update/delete is
 * written ahead to the state journal and settled after; the first failure stops new work, in-flight
 * steps finish and are recorded, and every failure is reported.
 */
import { randomUUID } from 'node:crypto'
import { labelOfAddress } from '../core/node'
import { isLeft } from 'fp-ts/Either'
import { positionsOf, type Graph, type LookupVertex, type ResourceVertex } from './graph'
import type { Env } from './env'
import type { Handler, Obs, OpContext, StepFailure } from './handler'
import { isStepFailure } from './handler'
import type { ResourceSpec } from '../core/spec'
import { stepFailure } from './handler'
import { type Action, type Plan, type Step } from './plan'
import { NOT_YET, recordField, resolveRefs, stateField, type Known } from './resolve'
import { hasUnknown } from './unknown'
import { dependents } from './dependents'
import { defaultsFor, diffInputs, priorAsSent } from './diff'
import { withComputedInputs, withComputedOutputs, withComputedPrior } from './computed'
import { defaultsTreeOf } from './platform-defaults'
import { adoptedInputs } from './adopt'
import { protectSecrets, type Protector } from '../state/protect'
import { type JournalRecord, type PendingOp, type ResourceState, type State } from '../state/state'
import { copyFields } from '../core/copy'
import { WAIT_TIMED_OUT } from '../core/wire'
import { issue } from '../core/issue'
import { CHECKED_IN_FULL, checkResolved, resolvesAsChecked, type CheckedAtPlan } from './check-resolved'
import { makeValidator } from './validate'
import { noEvents } from './events'
import { keptOutputs } from './kept-outputs'

/** what `durable` gives once the records are written (a store that answers at once) */
const WRITTEN: Promise<void> = Promise.resolve()

// ── model ────────────────────────────────────────────────────────────────────
export interface JournalEntry {
  readonly seq: number
  readonly address: string
  readonly action: Action
  readonly status: 'done' | 'failed' | 'skipped'
  readonly ms: number
  readonly id?: string
  readonly message?: string
}

export interface RunResult {
  readonly state: State
  readonly journal: ReadonlyArray<JournalEntry>
  readonly failures: ReadonlyArray<StepFailure>
  readonly outputs: Readonly<Record<string, unknown>>
  /** the exported outputs recorded differ from those recorded before */
  readonly outputsChanged: boolean
}

/** How the run treats a failed step. */
export interface RunPolicy {
  /** start the steps that do not depend on a failure (Terraform's way) instead of stopping new ones */
  readonly continueOnError?: boolean
}

// ── run ──────────────────────────────────────────────────────────────────────
/** creates tried per step when a reply is lost and a look shows nothing was made */
const MAX_CREATE_ATTEMPTS = 5

/**
 * Steps started in one pass of the run loop that go on in later turns, before it gives the event
 * loop a turn: at concurrency 64 against a 20 ms server, letting the first requests leave while the
 * rest are made took ~3 ms off the apply (latency-apply); steps done at once (the mock) never wait
 */
const YIELD_AFTER = 8
/** updates and deletes tried per step when a reply is lost: both set a state, so sending again is safe */
const MAX_IDEMPOTENT_ATTEMPTS = 4

/**
 * Was this failure a lost reply (the request may or may not have been applied)? A wait that ran
 * out is not one: the platform answered throughout, and sending again would only wait as long again.
 */
const lostReply = (f: StepFailure): boolean =>
  f.cause !== undefined && ['Network', 'Timeout', 'Server'].includes(f.cause.kind) && f.cause.code !== WAIT_TIMED_OUT

export const runPlan = async (
  graph: Graph,
  plan: Plan,
  state0: State,
  env: Env,
  protector: Protector,
  lookups: ReadonlyMap<string, unknown> = new Map(),
  checkedAtPlan?: CheckedAtPlan,
  policy: RunPolicy = {},
): Promise<RunResult> => {
  const h = env.handler
  const beforeStep = env.hooks?.beforeStep
  const validate = makeValidator()
  // a step's start and end are events only for someone listening (two objects per step otherwise)
  const listening = env.events !== noEvents
  const journal: JournalEntry[] = []
  const failures: StepFailure[] = []
  // working copies, mutated in place: a step's record costs O(1), not a copy of the whole state
  const resources: Record<string, ResourceState> = { ...state0.resources }
  // a Map while running (thousands of ids added and removed), a record again in the result
  const pendingOps = new Map<string, PendingOp>(Object.entries(state0.pending))
  const state = {
    get resources() {
      return resources
    },
  }
  let seq = 0
  // what refs see, at each node's position in `graph.ordered` (positionsOf): refs only name the
  // graph's nodes, and a step's own results are array slots rather than Map entries by address
  const at = positionsOf(graph)
  const values = new Array<Record<string, unknown> | undefined>(graph.ordered.length)
  // what refs see of a resource: its inputs, outputs and id, read where they lie (stateField) —
  // from state, then from each step's result as it arrives; lookups' results are in `values`
  const resourceFields = new Array<Pick<ResourceState, 'inputs' | 'outputs' | 'id'> | undefined>(graph.ordered.length)
  for (const r of Object.values(state0.resources)) {
    const p = at.get(r.address)
    if (p !== undefined) resourceFields[p] = r
  }
  const valueOf: Known = (a, field) => {
    const p = at.get(a)
    if (p === undefined) return NOT_YET
    const v = values[p]
    if (v !== undefined) return recordField(v, field)
    const r = resourceFields[p]
    return r === undefined ? NOT_YET : stateField(r, field)
  }
  lookups.forEach((r, a) => {
    const p = at.get(a)
    if (p !== undefined && !hasUnknown(r)) values[p] = r as Record<string, unknown>
  })

  // group commit: records of steps finishing together are appended in one durable write. A store
  // that takes records at once (appendSync: nothing durable to wait for) gets each record in the
  // same turn, and the steps on it go on without a promise (see `pending`)
  const appendSync = env.store.appendSync
  const storeNow = appendSync !== undefined
  let flushing: Promise<void> | undefined
  let queued: JournalRecord[] = []
  // a record applied to the working copies (what the store is told, the run sees at once)
  const keep = (r: JournalRecord): void => {
    if (r.t === 'pending') pendingOps.set(r.op.opId, r.op)
    else if (r.t === 'settled') pendingOps.delete(r.opId)
    else if (r.t === 'put') resources[r.resource.address] = r.resource
    else if (r.t === 'drop') delete resources[r.address]
  }
  const durable = (rs: JournalRecord[]): Promise<void> => {
    for (let i = 0; i < rs.length; i++) keep(rs[i])
    if (appendSync !== undefined) {
      for (let i = 0; i < rs.length; i++) {
        const refused = appendSync(plan.stack, rs[i])
        if (refused !== undefined) throw new Error(`state journal: ${refused.message}`)
      }
      return WRITTEN
    }
    queued.push(...rs)
    if (!flushing)
      flushing = Promise.resolve().then(async () => {
        while (queued.length > 0) {
          const batch = queued
          queued = []
          const r = await env.store.append(plan.stack, batch)()
          if (isLeft(r)) throw new Error(`state journal: ${r.left.message}`)
        }
        flushing = undefined
      })
    return flushing
  }

  // (objects are written out and optional fields assigned, not spread: the profile of a
  // 10,000-step run showed the small conditional spreads among the top allocation sites)
  const ctxOf = (s: Step, spec = env.registry.resources.get(s.token)!): OpContext => {
    const c: { -readonly [K in keyof OpContext]: OpContext[K] } = {
      spec,
      address: s.address,
      name: s.name,
      provider: s.provider,
      config: graph.providers.get(s.provider)?.config ?? {},
    }
    if (env.signal) c.signal = env.signal
    return c
  }
  // one ISO string per clock millisecond: formatting a date for every record was a tenth of a mock run
  let lastMs = NaN
  let lastIso = ''
  // `d`: the clock as the step read it already (a create answered in the turn it started)
  const now = (d: Date = env.now()) => {
    const ms = d.getTime()
    if (ms !== lastMs) {
      lastMs = ms
      lastIso = d.toISOString()
    }
    return lastIso
  }
  const protect = (spec: { secrets: ReadonlyArray<string> }, v: Readonly<Record<string, unknown>>) =>
    protectSecrets(v, spec.secrets, protector) as Record<string, unknown>
  // write-ahead entries are named by this run's random id and a counter: unique across runs, and
  // one random UUID per step was a noticeable share of a mock run's allocation
  const runId = randomUUID()
  let ops = 0
  const nextOpId = () => `${runId}.${++ops}`
  /**
   * Write ahead: the entry for an operation about to be sent, durable before it is sent. Not
   * async, and the entry built once in the journal's field order: an async frame and a spread
   * per step here showed in the allocation profile. On a store that answers at once the entry
   * is written when this returns, and the id comes back as it is rather than in a promise.
   */
  const pending = (
    op: PendingOp['op'],
    at: { readonly address: string; readonly token: string; readonly name: string; readonly provider: string },
    inputs: PendingOp['inputs'],
    id?: string,
    d?: Date,
  ): string | Promise<string> => {
    const opId = nextOpId()
    const entry = { op, address: at.address, token: at.token, name: at.name, provider: at.provider, inputs } as {
      -readonly [K in keyof PendingOp]: PendingOp[K]
    }
    if (id !== undefined) entry.id = id
    entry.opId = opId
    entry.startedAt = now(d)
    const written = durable([{ t: 'pending', op: entry }])
    return storeNow ? opId : written.then(() => opId)
  }
  // a then, not an async function: one promise per call instead of an async frame and two
  const attempt = <A>(te: () => Promise<import('fp-ts/Either').Either<StepFailure, A>>): Promise<A> =>
    te().then((r) => {
      if (isLeft(r)) throw r.left
      return r.right
    })
  const record = (
    v: ResourceVertex,
    id: string,
    inputs: Readonly<Record<string, unknown>>,
    o: Obs,
    prior?: ResourceState,
    protectedInputs = protect(v.spec, inputs),
    at?: Date,
  ): ResourceState => {
    const t = now(at)
    // the spec's defaults for fields left out are recorded as what the platform has (added field
    // by field, as copyFields does: one hidden class per shape, not a spread's own)
    const d = defaultsFor(v.spec, inputs)
    if (d) {
      const merged = copyFields(protect(v.spec, d))
      for (const k in protectedInputs) merged[k] = protectedInputs[k]
      protectedInputs = merged
    }
    let changedAt: Changed
    if (prior) {
      const since: Record<string, string> = { ...prior.changedAt }
      for (const k in protectedInputs)
        if (JSON.stringify(prior.inputs[k]) !== JSON.stringify(protectedInputs[k])) since[k] = t
      changedAt = since
    } else changedAt = changedNow(v.spec, protectedInputs, t)
    const r: { -readonly [K in keyof ResourceState]: ResourceState[K] } = {
      address: v.address,
      token: v.node.token,
      name: v.node.name,
      provider: v.provider,
      id,
      inputs: protectedInputs,
      outputs: protect(v.spec, withComputedOutputs(v.spec, inputs, o)),
      dependencies: v.deps,
      changedAt,
    }
    if (v.node.options.protect) r.protect = true
    return r
  }
  /**
   * A create's changedAt: every field changed now. Creates of a type recorded in the same clock
   * millisecond with the same fields share one (frozen) object: a mock run records thousands in
   * one millisecond, and each had an object of its own that lived as long as the state.
   */
  const lastChanged = new Map<ResourceSpec, { readonly t: string; readonly keys: string[]; readonly at: Changed }>()
  const changedNow = (spec: ResourceSpec, inputs: Readonly<Record<string, unknown>>, t: string): Changed => {
    const last = lastChanged.get(spec)
    if (last !== undefined && last.t === t) {
      const keys = last.keys
      let i = 0
      let same = true
      for (const k in inputs)
        if (i >= keys.length || keys[i++] !== k) {
          same = false
          break
        }
      if (same && i === keys.length) return last.at
    }
    const keys: string[] = []
    const changedAt: Record<string, string> = {}
    for (const k in inputs) {
      keys.push(k)
      changedAt[k] = t
    }
    lastChanged.set(spec, { t, keys, at: Object.freeze(changedAt) })
    return changedAt
  }
  // replaced objects whose delete waits for the end of the run; each delete is journaled as
  // pending before its replacement is created, so a crash in between leaves it to the next run
  const forgets = (old: ResourceState): boolean => env.registry.resources.get(old.token)?.wire.delete === 'forget'
  const deferredDeletes: Array<{ step: Step; old: ResourceState; opId: string }> = []
  // objects adopted by this run's lost-reply looks (token + id)
  const claimed = new Set<string>()

  /** `written`: the id of the delete's write-ahead entry when it is journaled already */
  const doDelete = async (s: Step, old: ResourceState, written?: string): Promise<void> => {
    const spec = env.registry.resources.get(old.token)
    if (!spec || spec.wire.delete === 'forget') {
      // forgetting a replaced object must not drop its successor, recorded at the same address
      await durable([
        ...(resources[old.address]?.id === old.id ? [{ t: 'drop' as const, address: old.address }] : []),
        ...(written ? [{ t: 'settled' as const, opId: written }] : []),
      ])
      return
    }
    const opId = written ?? (await pending('delete', old, old.inputs, old.id))
    for (let attemptNo = 1; ; attemptNo++) {
      try {
        await attempt(h.delete({ ...ctxOf(s, spec), address: old.address }, old.id, old.inputs, old.outputs))
        break
      } catch (e) {
        // a lost reply: deleting again is safe (a missing object counts as deleted)
        if (lostReply(e as StepFailure) && attemptNo < MAX_IDEMPOTENT_ATTEMPTS) continue
        // an unfinished delete stays pending and is retried by the next run
        if (!(e as StepFailure).ambiguous) await durable([{ t: 'settled', opId }])
        throw e
      }
    }
    await durable([
      ...(state.resources[old.address]?.id === old.id ? [{ t: 'drop' as const, address: old.address }] : []),
      { t: 'settled', opId },
    ])
  }

  // A create is one attempt on the common path; what a lost reply needs lives in its own function
  // (a suspended async frame holds every local of its function, and this runs once per step).
  // With a handler and a store that both answer at once (createSync, appendSync: the mock on the
  // memory store) it is done when it returns, written ahead all the same: no promise, no turn.
  const createSync = storeNow ? h.createSync : undefined
  // `at`: the clock as the step read it (see execute)
  const doCreate = (
    s: Step,
    v: ResourceVertex,
    inputs: Record<string, unknown>,
    at?: Date,
  ): ResourceState | Promise<ResourceState> => createAttempt(s, v, inputs, protect(v.spec, inputs), 1, at)

  const createAttempt = (
    s: Step,
    v: ResourceVertex,
    inputs: Record<string, unknown>,
    sent: Record<string, unknown>,
    attemptNo: number,
    at?: Date,
  ): ResourceState | Promise<ResourceState> => {
    if (!storeNow) return createAfterEntry(s, v, inputs, sent, attemptNo)
    const opId = pending('create', s, sent, undefined, at) as string
    if (createSync === undefined)
      return sendCreate(s, v, inputs, sent, opId, attemptNo, h.create(ctxOf(s, v.spec), inputs))
    let o: ReturnType<typeof createSync>
    try {
      o = createSync(v.spec, s.name, inputs)
    } catch (e) {
      o = e as StepFailure
    }
    return isStepFailure(o)
      ? afterCreateFailed(s, v, inputs, sent, opId, o, attemptNo)
      : created(v, inputs, sent, opId, o, at)
  }
  // its own function: a closure over createAttempt's arguments made V8 give every call of it a
  // context for them, the at-once creates too
  const createAfterEntry = (
    s: Step,
    v: ResourceVertex,
    inputs: Record<string, unknown>,
    sent: Record<string, unknown>,
    attemptNo: number,
  ): Promise<ResourceState> =>
    (pending('create', s, sent) as Promise<string>).then((opId) =>
      sendCreate(s, v, inputs, sent, opId, attemptNo, h.create(ctxOf(s, v.spec), inputs)),
    )

  // a chain of thens rather than an async function: fewer promises and no suspended frame per step
  const sendCreate = (
    s: Step,
    v: ResourceVertex,
    inputs: Record<string, unknown>,
    sent: Record<string, unknown>,
    opId: string,
    attemptNo: number,
    task: ReturnType<Handler['create']>,
  ): Promise<ResourceState> =>
    task().then(
      (res) =>
        isLeft(res)
          ? afterCreateFailed(s, v, inputs, sent, opId, res.left, attemptNo)
          : created(v, inputs, sent, opId, res.right),
      (e: unknown) => afterCreateFailed(s, v, inputs, sent, opId, e as StepFailure, attemptNo),
    )

  const created = (
    v: ResourceVertex,
    inputs: Record<string, unknown>,
    sent: Record<string, unknown>,
    opId: string,
    o: Obs,
    at?: Date,
  ): ResourceState | Promise<ResourceState> => {
    const r = record(v, o.id, inputs, o, undefined, sent, at)
    const written = durable([
      { t: 'put', resource: r },
      { t: 'settled', opId },
    ])
    // a store that answers at once has the records already: the record itself, not a promise of it
    // (a then resolved with a promise costs two more turns of the microtask queue per step)
    return written === WRITTEN ? r : written.then(() => r)
  }

  const afterCreateFailed = async (
    s: Step,
    v: ResourceVertex,
    inputs: Record<string, unknown>,
    sent: Record<string, unknown>,
    opId: string,
    f: StepFailure,
    attemptNo: number,
  ): Promise<ResourceState> => {
    if (!f.ambiguous) {
      await durable([{ t: 'settled', opId }])
      throw f
    }
    // the create may or may not have happened: look before creating again (never a blind
    // retry); if the look fails or cannot be made, the entry stays for the next run
    // only a lost reply (network, timeout, 5xx) is looked for now; a garbled answer is reported
    if (!lostReply(f) || attemptNo >= MAX_CREATE_ATTEMPTS) throw f
    const found = await h.find(ctxOf(s), sent)()
    if (isLeft(found) || found.right === undefined) throw f
    const owned = new Set(
      Object.values(resources)
        .filter((r) => r.token === s.token)
        .map((r) => r.id),
    )
    const made = found.right.find((x) => !owned.has(x.id) && !claimed.has(`${s.token} ${x.id}`))
    if (!made) {
      await durable([{ t: 'settled', opId }])
      return createAttempt(s, v, inputs, sent, attemptNo + 1)
    }
    // claimed before any await, so two steps adopting at once never take the same object
    claimed.add(`${s.token} ${made.id}`)
    // read it back: a create that is a chain of writes may have stopped part-way
    const back = await h.read(ctxOf(s), made.id, inputs, made.outputs)()
    const seen = isLeft(back) || back.right === undefined ? made : back.right
    const applied = adoptedInputs(v.spec, sent, seen.inputs, protector)
    const r = record(v, made.id, applied, seen, undefined, applied)
    await durable([
      { t: 'put', resource: r },
      { t: 'settled', opId },
    ])
    env.events({ type: 'progress', message: `${v.label}: adopted ${made.id}, made by a create whose reply was lost` })
    // finish what the create still owes, in place when the platform can
    const owed = diffInputs(applied, sent, {
      replaceOn: v.spec.replaceOn,
      ignore: [],
      equals: v.spec.equals ?? {},
      updatable: v.spec.wire.update !== undefined,
      protector,
    })
    if (owed.length > 0 && !owed.some((d) => d.replaces)) return doUpdate(s, v, inputs, r)
    return r
  }

  const doUpdate = async (
    s: Step,
    v: ResourceVertex,
    inputs: Record<string, unknown>,
    prior: ResourceState,
  ): Promise<ResourceState> => {
    const sent = protect(v.spec, inputs)
    const opId = await pending('update', s, sent, prior.id)
    // computed fields left out go back as the platform has them: a full-body update must not clear them
    const wire = withComputedInputs(v.spec, inputs, prior)
    let o: Obs
    for (let attemptNo = 1; ; attemptNo++) {
      try {
        o = await attempt(h.update(ctxOf(s), prior.id, wire, priorAsSent(v.spec, inputs, prior.inputs), prior.outputs))
        break
      } catch (e) {
        // a lost reply: an update sets the desired state, so sending it again is safe
        if (lostReply(e as StepFailure) && attemptNo < MAX_IDEMPOTENT_ATTEMPTS) continue
        if (!(e as StepFailure).ambiguous) await durable([{ t: 'settled', opId }])
        throw e
      }
    }
    const r = record(v, o.id || prior.id, inputs, o, prior, sent)
    await durable([
      { t: 'put', resource: r },
      { t: 'settled', opId },
    ])
    return r
  }

  // what a finished step reports: the id it now has (a ResourceState is one), and a note
  type Done = { readonly id?: string; readonly note?: string }
  const NOTHING: Done = {}

  // not async (see createAttempt); a throw becomes a rejection like an async function's would.
  // A step done in the turn it started (see doCreate) gives its outcome as it is. `p`: the step's
  // node's position in `graph.ordered` (-1: a node no longer in the stack, deleted or forgotten)
  const execute = (s: Step, p: number): Done | Promise<Done> => {
    try {
      if (s.kind === 'Lookup') return executeLookup(s, p)
      if (s.action === 'delete' || s.action === 'forget') return executeDelete(s, p)
      const rv = graph.ordered[p] as ResourceVertex
      // one read of the clock for the inputs' check and, answered at once, the record's times
      // (a Date per read: two per step were garbage of every mock step)
      const at = env.now()
      const inputs = inputsOf(s, rv, p, at)
      if (s.action === 'noop') return NOTHING
      // the common case stays short: other actions have their own function (see doCreate)
      if (s.action !== 'create') return changeExisting(s, rv, p, inputs)
      const r = doCreate(s, rv, inputs, at)
      return r instanceof Promise ? settleLater(r, p, inputs) : settle(p, inputs, r)
    } catch (e) {
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- a step failure is data (see StepFailure)
      return Promise.reject(e)
    }
  }

  // a lookup the plan read already is done at once (the common case: not a promise per lookup)
  const executeLookup = (s: Step, p: number): Done | Promise<Done> => {
    const known = values[p]
    return known && !hasUnknown(known) ? NOTHING : readLookup(s, p)
  }

  const readLookup = async (s: Step, p: number): Promise<Done> => {
    const lv = graph.ordered[p] as LookupVertex
    const args = resolveRefs(lv.node.args, valueOf) as Record<string, unknown>
    if (args !== lv.node.args && !hasUnknown(args))
      checkRefs(lv.label, 'lookup', lv.spec.args, lv.spec.rules, lv.node.args, args, s.provider)
    const r = await attempt(
      h.lookup(
        {
          spec: lv.spec,
          address: s.address,
          name: s.name,
          provider: s.provider,
          config: graph.providers.get(s.provider)!.config,
        },
        args,
      ),
    )
    values[p] = { ...r }
    return NOTHING
  }

  const executeDelete = async (s: Step, p: number): Promise<Done> => {
    const old = state.resources[s.address]
    if (old) await doDelete(s, old)
    if (p >= 0) {
      values[p] = undefined
      resourceFields[p] = undefined
    }
    return NOTHING
  }

  /**
   * Values that came through refs, checked before anything is sent: the field's codec and the
   * spec's rules, a failure naming the field, what was expected and given, and the ref. False
   * when a value is still unknown (nothing to check yet: what asked says so).
   */
  const checkRefs = (
    label: string,
    op: StepFailure['op'],
    codec: Parameters<typeof checkResolved>[0],
    rules: Parameters<typeof checkResolved>[1],
    raw: Readonly<Record<string, unknown>>,
    resolved: Readonly<Record<string, unknown>>,
    provider: string,
    at: Date = env.now(),
  ): boolean => {
    const ctx = { config: graph.providers.get(provider)?.config ?? {}, now: at }
    const found = checkResolved(codec, rules, raw, resolved, ctx, validate)
    if (found === CHECKED_IN_FULL) return true
    // checkResolved runs no rule over a value still unknown, and gives what the codec found under
    // refs: about an unknown value, that is not what went wrong
    if (found.length === 0 || hasUnknown(resolved)) return false
    throw stepFailure(
      label,
      op,
      found
        .map((f) => {
          const i = issue(label, f)
          return `field \`${i.path}\`: ${i.message ? i.message + ' ' : ''}expected ${i.expected}, got ${i.given}`
        })
        .join('; '),
    )
  }

  /** The inputs to send: refs resolved, overrides applied, absent fields dropped. */
  const inputsOf = (s: Step, rv: ResourceVertex, p: number, at: Date): Record<string, unknown> => {
    // refs that give again the values the plan checked in full, at the plan's instant: no second
    // check; and with nothing to override or drop, those very inputs are sent (no copy, no walk)
    const atPlan = checkedAtPlan?.inputs[p]
    const asChecked =
      atPlan !== undefined && resolvesAsChecked(rv.node.inputs, atPlan, valueOf) && at.getTime() === checkedAtPlan!.now
    if (asChecked && !s.overrides && !hasAbsent(atPlan)) return atPlan
    // resolveRefs gives a fresh object when it resolved a ref; otherwise the node's own (frozen) one
    const resolved = resolveRefs(rv.node.inputs, valueOf) as Record<string, unknown>
    // every value refs gave is known (the common case once dependencies are done), and checked:
    // checkResolved tells a value still unknown itself, so the values are walked for it once
    const known =
      resolved === rv.node.inputs
        ? false
        : asChecked
          ? !hasUnknown(resolved)
          : checkRefs(
              rv.label,
              s.action === 'update' ? 'update' : s.action === 'import' ? 'import' : 'create',
              rv.spec.inputs,
              rv.spec.rules,
              rv.node.inputs,
              resolved,
              s.provider,
              at,
            )
    // the node's own inputs are copied only to be changed (overrides, absent fields dropped): most
    // nodes without refs are sent and recorded as they are (frozen, so nothing downstream changes them)
    const inputs =
      resolved !== rv.node.inputs ? resolved : s.overrides || hasAbsent(resolved) ? copyFields(resolved) : resolved
    if (s.overrides) Object.assign(inputs, s.overrides)
    for (const k in inputs) if (inputs[k] === undefined) delete inputs[k]
    // (known and nothing overridden: these are the resolved values just found known, less absent fields)
    if ((!known || s.overrides) && hasUnknown(inputs))
      throw stepFailure(
        rv.label,
        'create',
        'an input is still unknown after its dependencies finished (a ref to a field the platform did not return)',
      )
    // the pipeline's gate (policies on values known only now): a refusal fails the step before it is sent
    if (beforeStep !== undefined) {
      const g = beforeStep(s, inputs)
      if (isLeft(g)) throw stepFailure(rv.label, s.action === 'update' ? 'update' : 'create', g.left)
    }
    return inputs
  }

  // (its own function: a closure in execute gave every step a context for its locals)
  const settleLater = (r: Promise<ResourceState>, p: number, inputs: Readonly<Record<string, unknown>>) =>
    r.then((x) => settle(p, inputs, x))

  /** Refs to this node now see what the step made. */
  const settle = (p: number, inputs: Readonly<Record<string, unknown>>, r: ResourceState): Done => {
    values[p] = undefined
    // the record itself when it holds the inputs as sent (no secret protected, no default added):
    // an object fewer per step
    resourceFields[p] = r.inputs === inputs ? r : { inputs, outputs: r.outputs, id: r.id }
    return r
  }

  const changeExisting = async (
    s: Step,
    rv: ResourceVertex,
    p: number,
    inputs: Record<string, unknown>,
  ): Promise<Done> => {
    const prior = state.resources[s.address]
    let r: ResourceState
    if (s.action === 'import') {
      const parsed = rv.spec.identity.parseImportId(rv.node.options.importId!)
      if (isLeft(parsed)) throw stepFailure(rv.label, 'import', parsed.left)
      const target = parsed.right
      const got = await attempt(h.read(ctxOf(s), target.id, { ...(target.inputs ?? {}), ...inputs }, {}))
      if (!got)
        throw stepFailure(
          rv.label,
          'import',
          `no ${rv.spec.token} with import id ${JSON.stringify(rv.node.options.importId)} exists`,
        )
      // keep only the fields the stack sets (or the import id carries): values the platform chose
      // are not the user's, and recording them would plan their removal (or a replacement)
      const carried = (target.inputs ?? {}) as Record<string, unknown>
      const defaults = defaultsFor(rv.spec, rv.node.inputs) ?? {}
      const observedInputs = Object.fromEntries(
        Object.entries({ ...defaults, ...carried, ...got.inputs }).filter(
          ([k]) => k in rv.node.inputs || k in carried || k in defaults,
        ),
      ) as Record<string, unknown>
      r = record(rv, got.id, observedInputs, got)
      await durable([{ t: 'put', resource: r }])
      const d = diffInputs(r.inputs, inputs, {
        replaceOn: [],
        ignore: rv.node.options.ignoreChanges ?? [],
        equals: rv.spec.equals ?? {},
        updatable: true,
        protector,
        filled: defaultsTreeOf(rv.spec),
      })
      const relevant = d.filter((c) => c.after !== undefined)
      if (relevant.length > 0) {
        if (relevant.some((c) => rv.spec.replaceOn.includes(c.path)) || !rv.spec.wire.update)
          throw stepFailure(
            rv.label,
            'import',
            `imported, but ${relevant.map((c) => c.path).join(', ')} differ from the stack and cannot change in place; plan again to see the replacement`,
          )
        r = await doUpdate(s, rv, { ...observedInputs, ...inputs }, r)
      }
    } else if (s.action === 'update') {
      // the recorded defaults are what the platform has for the fields left out
      const d = diffInputs(
        withComputedPrior(rv.spec, prior),
        { ...defaultsFor(rv.spec, inputs), ...inputs },
        {
          replaceOn: [],
          ignore: rv.node.options.ignoreChanges ?? [],
          equals: rv.spec.equals ?? {},
          updatable: true,
          protector,
          computed: rv.spec.computed ?? [],
          filled: defaultsTreeOf(rv.spec),
        },
      )
      if (d.length === 0) return { id: prior.id, note: 'no change once values were known' }
      r = await doUpdate(s, rv, inputs, prior)
    } else if (s.deleteBeforeReplace) {
      // replace, the old object first: its delete is journaled as its own operation, before the create
      const t0 = Date.now()
      await doDelete(s, prior)
      journal.push({
        seq: seq++,
        address: s.address,
        action: forgets(prior) ? 'forget' : 'delete',
        status: 'done',
        ms: Date.now() - t0,
        id: prior.id,
      })
      r = await doCreate(s, rv, inputs)
    } else {
      // replace, the new object first: the old one's delete is written ahead before the create, so
      // dying between the two leaves it pending for the next run instead of on the platform forever
      const opId = await pending('delete', prior, prior.inputs, prior.id)
      try {
        r = await doCreate(s, rv, inputs)
      } catch (e) {
        // nothing was made: the old object stays and owes no delete. An unknown outcome keeps the
        // entry: the next run adopts the new object (if any) and then deletes the old one
        if (!(e as StepFailure).ambiguous) await durable([{ t: 'settled', opId }])
        throw e
      }
      deferredDeletes.push({ step: s, old: prior, opId })
    }
    return settle(p, inputs, r)
  }

  // ── scheduler ──
  // steps by index (see dependents), the ready queue a typed array too
  const steps = plan.steps.filter((s) => s.action !== 'noop' || s.kind === 'Lookup')
  const n = steps.length
  // each step's node's position in the graph (-1: not in the stack any more), and the step at
  // each position (-1: none, its node unchanged): a dependency's step is found through both
  const stepAt = new Int32Array(n)
  const stepOf = new Int32Array(graph.ordered.length).fill(-1)
  // steps of nodes no longer in the stack (deletes), by address: usually none
  const gone = new Map<string, number>()
  for (let i = 0; i < n; i++) {
    const p = at.get(steps[i].address)
    if (p === undefined) {
      stepAt[i] = -1
      gone.set(steps[i].address, i)
    } else {
      stepAt[i] = p
      stepOf[p] = i
    }
  }
  const {
    waiting,
    first: firstUser,
    users,
  } = dependents(
    n,
    (i) => steps[i].deps,
    false,
    (a) => {
      const p = at.get(a)
      if (p !== undefined) return stepOf[p] < 0 ? undefined : stepOf[p]
      return gone.size === 0 ? undefined : gone.get(a)
    },
  )
  // a queue read from `head` (shift() on a queue of thousands moved every element each time)
  const ready = new Int32Array(n)
  let tail = 0
  for (let i = 0; i < n; i++) if (waiting[i] === 0) ready[tail++] = i
  let head = 0
  let running = 0
  let stopped = false
  /** 1: done, 2: failed (each has its journal entry) */
  const outcome = new Uint8Array(n)

  const succeeded = (si: number, t0: number, r: Done): void => {
    const s = steps[si]
    const ms = Date.now() - t0
    // a literal with the id, not the id added after: an added field cost every entry a property
    // array of its own and a second hidden class
    journal.push(
      r.id
        ? { seq: seq++, address: s.address, action: s.action, status: 'done', ms, id: r.id }
        : { seq: seq++, address: s.address, action: s.action, status: 'done', ms },
    )
    if (!listening) {
      // nobody to tell
    } else if (r.note) env.events({ type: 'step-done', address: s.address, action: s.action, ms, note: r.note })
    else env.events({ type: 'step-done', address: s.address, action: s.action, ms })
    outcome[si] = 1
    for (let e = firstUser[si]; e < firstUser[si + 1]; e++) if (--waiting[users[e]] === 0) ready[tail++] = users[e]
  }
  const failed = (si: number, t0: number, e: unknown): void => {
    const s = steps[si]
    const ms = Date.now() - t0
    const f: StepFailure =
      (e as StepFailure)?._tag === 'StepFailure'
        ? (e as StepFailure)
        : stepFailure(labelOfAddress(s.address), 'create', e instanceof Error ? e.message : String(e))
    failures.push(f)
    outcome[si] = 2
    // fail-fast by default; going on, the failed step's dependents still never become ready
    if (!policy.continueOnError) stopped = true
    journal.push({ seq: seq++, address: s.address, action: s.action, status: 'failed', ms, message: f.message })
    env.events({ type: 'step-failed', address: s.address, action: s.action, ms, message: f.message })
  }

  await new Promise<void>((resolveAll) => {
    const pump = () => {
      // a loop, not a call per finished step: a step done in its own turn (the mock interpreter)
      // is settled here and the next one taken, with no promise and no recursion
      let goingOn = 0
      while (!(stopped ||= env.signal?.aborted === true) && running < env.concurrency && head < tail) {
        // the first pass starts a whole burst of steps that go on in later turns; a turn of the
        // event loop after every few lets their requests connect and leave while the rest are made
        if (goingOn === YIELD_AFTER) return void setImmediate(pump)
        const si = ready[head++]
        const s = steps[si]
        running++
        const t0 = Date.now()
        if (listening) env.events({ type: 'step-start', address: s.address, action: s.action, at: t0 })
        const r = execute(s, stepAt[si])
        if (!(r instanceof Promise)) {
          running--
          succeeded(si, t0, r)
          continue
        }
        finish(r, si, t0)
        goingOn++
      }
      if (running === 0) resolveAll()
    }
    // a step that goes on in later turns; its own function, since closures over the loop's
    // variables made V8 give every turn of the loop a context for them, the at-once steps too
    const finish = (r: Promise<Done>, si: number, t0: number): void => {
      r.then(
        (done) => {
          try {
            succeeded(si, t0, done)
          } finally {
            // (not Promise.finally: a third promise per step)
            running--
            pump()
          }
        },
        (e: unknown) => {
          try {
            failed(si, t0, e)
          } finally {
            running--
            pump()
          }
        },
      )
    }
    pump()
  })

  // old objects of replaced resources go last, once their dependents point at the new ones; after
  // a failure their write-ahead entries stay, and the next run finishes the deletes
  if (failures.length === 0 && !env.signal?.aborted)
    for (const { step, old, opId } of deferredDeletes.reverse()) {
      const t0 = Date.now()
      try {
        await doDelete(step, old, opId)
        journal.push({
          seq: seq++,
          address: step.address,
          action: forgets(old) ? 'forget' : 'delete',
          status: 'done',
          ms: Date.now() - t0,
          id: old.id,
        })
      } catch (e) {
        const f = e as StepFailure
        failures.push(f)
        journal.push({
          seq: seq++,
          address: step.address,
          action: 'delete',
          status: 'failed',
          ms: Date.now() - t0,
          message: f.message,
        })
      }
    }

  for (let i = 0; i < n; i++)
    if (outcome[i] === 0)
      journal.push({ seq: seq++, address: steps[i].address, action: steps[i].action, status: 'skipped', ms: 0 })

  if (flushing) await flushing
  const outputs = resolveRefs(graph.outputs, valueOf) as Record<string, unknown>
  const safeOutputs = protectSecrets(outputs, [], protector) as Record<string, unknown>
  const kept = keptOutputs(graph.keptOutputs, state0.outputs, state0.resources, resources)
  const final: State = {
    ...state0,
    resources,
    pending: Object.fromEntries(pendingOps),
    outputs: failures.length === 0 ? { ...kept, ...safeOutputs } : state0.outputs,
  }
  // the kept outputs are unchanged by definition: compare the rest
  const others = Object.fromEntries(Object.entries(state0.outputs).filter(([k]) => !(k in kept)))
  const outputsChanged =
    failures.length === 0 &&
    diffInputs(others, outputs, { replaceOn: [], ignore: [], equals: {}, updatable: true, protector }).length > 0
  return { state: final, journal, failures, outputs, outputsChanged }
}

/** Does a record hold a field set to undefined (left out when sent)? */
const hasAbsent = (o: Readonly<Record<string, unknown>>): boolean => {
  for (const k in o) if (o[k] === undefined) return true
  return false
}

type Changed = ResourceState['changedAt']

export type { Handler }
