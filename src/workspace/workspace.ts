/**
 * workspace(): the embedding API, in the spirit of Pulumi's Automation API — promise methods over
 * the engine's ReaderTaskEither operations, resolving to plain results and rejecting with a
 * TrellisError. It is an edge of the system like the CLI (which is a thin client of it): it reads
 * the environment it is given, builds the real (or emulated) handler with retries, rate budgets,
 * the cloud credential chain and its account checks, applies every provider's environment
 * fallbacks, and checks every provider instance's credentials before anything is planned.
 */
import * as E from 'fp-ts/Either'
import type { TaskEither } from 'fp-ts/TaskEither'
import { addressOf } from '../core/node'
import { discover as discoverOp } from '../discover/discover'
import type { Discovered, DiscoverSelection } from '../discover/discovered'
import { generate as generateOp, type Generated, type GenerateRequest } from '../generate/generate'
import { formatSource } from '../generate/format-source'
import type { Registry } from '../core/registry'
import type { StageName } from '../engine/pipeline/stage'
import type { Stack } from '../core/stack'
import { registry as builtIn } from '../providers'
import type { Env } from '../engine/env'
import type { EngineEvent } from '../engine/events'
import {
  apply as applyOp,
  destroy as destroyOp,
  importResource as importOp,
  plan as planOp,
  refresh as refreshOp,
  type ApplyResult,
  type Drift,
  type EngineError,
} from '../engine/operations'
import { summary, type Plan } from '../engine/plan'
import type { JournalEntry } from '../engine/run'
import type { PendingOp, ResourceState, State } from '../state/state'
import type { StateStore } from '../state/state-store'
import type { HttpClient } from '../../clients/http'
import { proxyOf } from './proxy-of'
import type { Emulators } from './emulated-handler'
import type { LocalPlatforms } from '../../clients/emulators/local-platforms'
import { wiringModules } from './wiring-modules'
import { settingsOf, wiredEnv } from './wired-env'
import { storeOf } from './store-of'
import { normalizeAddress } from './address'
import { closestStrict as closest } from '../core/closest-name'
import { jsonValue } from '../render/json-value'
import { fromEngineError, TrellisError } from './trellis-error'
import type { Wiring } from './wiring'
import { revealOutputs } from '../state/reveal-outputs'
import { changeAcross, planAcross, type StacksResult, type StacksSelection } from './stacks-run'
import { isBlocking, type PolicyFinding } from '../policy/finding'
import type { PolicyRun } from '../policy/policy-run'
import { policiesOf, policyError, refuseBlocked, settledFindings, withPolicies } from './workspace-policies'
import type { PolicyResult } from './workspace-policies'
import { applyOutcome, planResult, timedConfirm } from './plan-result'

export type { StackResult, StacksResult, StacksSelection, StacksError } from './stacks-run'

// ── model ────────────────────────────────────────────────────────────────────
/** Where state lives, the environment, emulation, concurrency and a cancel signal. */
export interface WorkspaceOptions {
  /** where file state lives (default `.trellis`) */
  readonly stateDir?: string
  /** shared state in PostgreSQL (`postgres://…`) instead of files */
  readonly stateUrl?: string
  /** any other StateStore (tests, custom backends) */
  readonly store?: StateStore
  /**
   * Environment variables: provider fallbacks (COST_API_TOKEN, HOST_API_TOKEN, CLOUD_SECRET_ID, …),
   * TRELLIS_PASSPHRASE, TRELLIS_LOCK_WAIT_MS. Default: process.env; pass `{}` to read none.
   */
  readonly env?: Readonly<Record<string, string | undefined>>
  /**
   * Run against the emulators: true — a running `trellis emulate` of this state directory, or else
   * emulators loaded from (and saved by close() to) the data file; or these emulators. Emulated
   * state lives in `<stateDir>/emulated/`, apart from real state.
   */
  readonly emulate?: boolean | Emulators
  /** the emulators' data file (default `<stateDir>/emulator.json`) */
  readonly emulatorData?: string
  /** the most steps in flight at once (default 16) */
  readonly concurrency?: number
  /** aborting stops new work; steps in flight finish and are recorded, then the lock is released */
  readonly signal?: AbortSignal
  /** encrypts secrets in state (default: env TRELLIS_PASSPHRASE) */
  readonly passphrase?: string
  /** how long to wait for another run's lock (default: env TRELLIS_LOCK_WAIT_MS, else 10 s) */
  readonly lockWaitMs?: number
  /** every engine event of every operation */
  readonly onEvent?: (e: EngineEvent) => void
  /** redacted request/response lines (TRELLIS_DEBUG) */
  readonly debug?: (line: string) => void
  /** the HTTP transport under the middlewares (tests: a scripted client or loopback) */
  readonly transport?: HttpClient
  readonly now?: () => Date
  /** the providers (default: the built-in ones); `makeRegistry` adds your own `defineProvider` ones */
  readonly registry?: Registry
  /** hears each named stage of the pipeline start (tracing; tests count compiles and loads) */
  readonly onStage?: (stage: StageName) => void
  /** policies, packs and suppressions in force for every plan and apply (see `resourcePolicy`) */
  readonly policies?: ReadonlyArray<unknown>
}

export interface RunOptions {
  readonly onEvent?: (e: EngineEvent) => void
}

export interface PlanOptions extends RunOptions {
  /** read every resource first: drift shows in the plan (`changedOutside`) */
  readonly refresh?: boolean
  /** plan only these addresses (either address form) and their dependencies */
  readonly targets?: ReadonlyArray<string>
  /** replace these resources even though nothing forces it */
  readonly replace?: ReadonlyArray<string>
  /** policies for this call, besides the workspace's: a mandatory violation is a `policy` error */
  readonly policies?: ReadonlyArray<unknown>
}

export interface ApplyOptions extends PlanOptions {
  /** run only if the plan made under the lock has the same changes as this one */
  readonly approved?: Plan
  /** asked with the plan made under the lock when it has changes; false cancels */
  readonly confirm?: (plan: PlanResult) => boolean | Promise<boolean>
  /** after a failed step, start the steps that do not depend on it (default: fail fast) */
  readonly continueOnError?: boolean
}

/** What `workspace().plan` resolves to. */
export interface PlanResult extends PolicyResult {
  readonly stack: string
  readonly plan: Plan
  readonly hasChanges: boolean
  readonly summary: ReturnType<typeof summary>
  /** whether the platform was read (refresh) — without it a plan compares the stack with state only */
  readonly refreshed: boolean
  /** what changed outside trellis (refresh) */
  readonly changedOutside: ReadonlyArray<Drift>
  /** write-ahead entries left by an interrupted run, settled by the next apply */
  readonly pending: ReadonlyArray<PendingOp>
  /** changes a targeted plan left out */
  readonly leftOut: ReadonlyArray<string>
}

/** What `workspace().apply` resolves to. */
export interface ApplyOutcome {
  readonly stack: string
  readonly plan: PlanResult
  readonly cancelled: boolean
  /** create/update/replace/delete/… steps done */
  readonly changes: number
  readonly journal: ReadonlyArray<JournalEntry>
  /** the policies' findings: the plan's, those made at apply, those settled after the run */
  readonly findings: ReadonlyArray<PolicyFinding>
  /** the stack's exported outputs, secrets as `{secret: true}` */
  readonly outputs: Readonly<Record<string, unknown>>
  readonly serial: number
  /** milliseconds spent, excluding the time `confirm` waited */
  readonly ms: number
}

/** What `workspace().refresh` resolves to. */
export interface RefreshOutcome {
  readonly stack: string
  readonly drift: ReadonlyArray<Drift>
  readonly written: boolean
  readonly serial: number
}

export interface RefreshOptions extends RunOptions {
  /** report only: nothing written */
  readonly dryRun?: boolean
  readonly confirm?: (drift: ReadonlyArray<Drift>) => boolean | Promise<boolean>
}

/** Options of `outputs`. */
export interface OutputsOptions {
  /** the secret outputs in plain text, on purpose (needs the passphrase that encrypted them) */
  readonly showSecrets?: boolean
}

/** The promise-based embedding API: plan, apply, destroy, refresh, import, outputs, close. */
export interface Workspace {
  /** plan one stack; or several as one run, producers first (`stacks`: only these and what they read) */
  readonly plan: {
    (stack: Stack, opts?: PlanOptions): Promise<PlanResult>
    (stacks: ReadonlyArray<Stack>, opts?: PlanOptions & StacksSelection): Promise<StacksResult<PlanResult>>
  }
  /** apply one stack; or several, producers first, under all their locks (a failed one's consumers wait) */
  readonly apply: {
    (stack: Stack, opts?: ApplyOptions): Promise<ApplyOutcome>
    (stacks: ReadonlyArray<Stack>, opts?: ApplyOptions & StacksSelection): Promise<StacksResult<ApplyOutcome>>
  }
  /** destroy one stack; or several, consumers first, under all their locks */
  readonly destroy: {
    (stack: Stack, opts?: ApplyOptions): Promise<ApplyOutcome>
    (stacks: ReadonlyArray<Stack>, opts?: ApplyOptions & StacksSelection): Promise<StacksResult<ApplyOutcome>>
  }
  readonly refresh: (stack: Stack, opts?: RefreshOptions) => Promise<RefreshOutcome>
  readonly importResource: (
    stack: Stack,
    token: string,
    name: string,
    id: string,
    opts?: RunOptions,
  ) => Promise<ResourceState>
  /**
   * the outputs recorded by the last apply, secrets as `{secret: true}`; `showSecrets` reveals them
   * (they must have been encrypted with the passphrase this workspace is given)
   * @example
   * const { dbPassword } = await workspace().outputs('db', { showSecrets: true })
   */
  readonly outputs: (stackName: string, opts?: OutputsOptions) => Promise<Readonly<Record<string, unknown>>>
  /**
   * what exists on the platforms that no stack in the store owns (and the types it could not list, with why)
   * @example
   * const { objects } = await workspace({ emulate: true }).discover({ providers: ['hosting'] })
   */
  readonly discover: (selection?: DiscoverSelection, opts?: RunOptions) => Promise<Discovered>
  /**
   * discover, then the program that adopts what was found (one builder per object, refs, importId,
   * protect); `file`: formatted with that project's prettier settings, when it has them. Writes nothing.
   * @example
   * const { source } = await workspace({ emulate: true }).generate({ stack: 'legacy', file: 'infra.ts' })
   */
  readonly generate: (request: GenerateRequest & { readonly file?: string }, opts?: RunOptions) => Promise<Generated>
  /** stack names that have state */
  readonly stacks: () => Promise<ReadonlyArray<string>>
  /** a stack's state (undefined when it has none) */
  readonly state: (stackName: string) => Promise<State | undefined>
  /** the store, for state surgery */
  readonly store: StateStore
  /** the emulators, when emulating */
  readonly emulators?: Emulators
  readonly close: () => Promise<void>
}

// ── helpers ──────────────────────────────────────────────────────────────────
const run = async <A>(te: TaskEither<EngineError, A>): Promise<A> => {
  const r = await te()
  if (E.isLeft(r)) throw fromEngineError(r.left)
  return r.right
}

// ── constructor ──────────────────────────────────────────────────────────────
/**
 * A workspace over a state directory or URL, with the real handler (or the emulators): promises, no
 * fp-ts. Its Env is liveEnv's (or the emulators'): the engine's operations run the whole pipeline —
 * env fallbacks, compile, preflight (credentials, account checks), lock, load, … — once per call.
 */
export const workspace = (opts: WorkspaceOptions = {}): Workspace => {
  const env = opts.env ?? process.env
  const registry = opts.registry ?? builtIn
  settingsOf(opts)
  // HTTPS_PROXY, HTTP_PROXY, NO_PROXY: read here at the edge; emulated traffic is never proxied
  const proxy = proxyOf(opts)
  const stateDir = opts.stateDir ?? '.trellis'
  const store: StateStore = storeOf(opts, !!opts.emulate)
  const given = opts.emulate && opts.emulate !== true ? opts.emulate : undefined
  // the lasting emulated platforms are opened on first use (they may read a file or probe a port)
  let local: Promise<LocalPlatforms> | undefined
  let opened: LocalPlatforms | undefined
  let wiring: Wiring | undefined
  // the clients, emulators and their wiring are loaded by the first run that needs them, so a
  // program that imports trellis for the language or the mock interpreter does not load them
  const ready = async (): Promise<Wiring> => {
    if (wiring) return wiring
    if (given) {
      const { emulatedWiring } = await wiringModules.emulatedHandler()
      return (wiring ??= emulatedWiring(given, registry))
    }
    if (opts.emulate === true) {
      const [{ openLocalPlatforms }, { localWiring }] = await Promise.all([
        wiringModules.localPlatforms(),
        wiringModules.emulatedHandler(),
      ])
      local ??= openLocalPlatforms({
        stateDir,
        ...(opts.emulatorData ? { data: opts.emulatorData } : {}),
      }).then((l) => (opened = l))
      const l = await local
      return (wiring ??= localWiring(l, registry))
    }
    const { realWiring } = await wiringModules.realHandler()
    return (wiring ??= realWiring({
      registry,
      env,
      ...(opts.debug ? { debug: opts.debug } : {}),
      ...(opts.transport ? { transport: opts.transport } : {}),
      ...proxy,
    }))
  }

  const envFor = async (o: RunOptions = {}): Promise<Env> => {
    const base = wiredEnv(opts, await ready(), store)
    const each = o.onEvent
    if (!each) return base
    return { ...base, events: (e) => (base.events(e), each(e)) }
  }

  const checkTargets = async (stack: Stack, o: PlanOptions): Promise<void> => {
    const named = [...(o.targets ?? []), ...(o.replace ?? [])].map(normalizeAddress)
    if (named.length === 0) return
    const inStack = new Set(stack.nodes.map(addressOf))
    // state is read (once more) only when a name is not in the stack: a plan's own load reads it anyway
    if (named.every((a) => inStack.has(a))) return
    const st = await run(store.read(stack.name))
    const known = new Set([...inStack, ...Object.keys(st?.resources ?? {})])
    const issues = named
      .filter((a) => !known.has(a))
      .map((a) => {
        const near = closest(a, [...known])
        return {
          node: a,
          path: '',
          expected: 'the address of a node in the stack or in state',
          given: a,
          message: `${a} is neither in the stack nor in state${near ? ` (did you mean ${near}?)` : ''}`,
        }
      })
    if (issues.length > 0) throw new TrellisError('usage', issues)
  }

  const engineOpts = (o: PlanOptions) => ({
    ...(o.refresh ? { refresh: true } : {}),
    ...(o.targets?.length ? { targets: o.targets.map(normalizeAddress) } : {}),
    ...(o.replace?.length ? { replace: o.replace.map(normalizeAddress) } : {}),
  })

  const change = async (which: 'apply' | 'destroy', stack: Stack, o: ApplyOptions = {}): Promise<ApplyOutcome> => {
    await checkTargets(stack, o)
    const t0 = Date.now()
    const op = which === 'apply' ? applyOp : destroyOp
    // a destroy is not checked: what it removes is what the policies checked when it was made
    const pr = which === 'apply' ? policiesOf(opts.policies, o.policies, true) : undefined
    const asked = timedConfirm(o.confirm, (x) => planResult(x, !!o.refresh, pr))
    const e = withPolicies(await envFor(o), pr)
    let r: ApplyResult
    try {
      r = await run(
        op(stack, {
          ...engineOpts(o),
          ...(o.approved ? { approved: o.approved } : {}),
          ...(o.continueOnError ? { continueOnError: true } : {}),
          ...(asked.confirm ? { confirm: asked.confirm } : {}),
        })(e),
      )
    } catch (err) {
      throw stopped(err, pr, stack.name)
    }
    if (opts.signal?.aborted && r.journal.some((j) => j.status === 'skipped')) throw interrupted(r)
    const findings = settledFindings(pr, stack.name, r)
    return applyOutcome(r, asked.shown.get(stack.name), {
      refreshed: !!o.refresh,
      ms: Date.now() - t0 - asked.waited(),
      findings,
    })
  }

  /** Why an apply stopped: interrupted, a policy checked at apply, or the engine's own error. */
  const stopped = (err: unknown, pr: PolicyRun | undefined, name: string): unknown => {
    const inner = err instanceof TrellisError ? err.engine : undefined
    if (inner?._tag !== 'ApplyError') return err
    if (opts.signal?.aborted) return interrupted(inner.result)
    // a check made at apply stopped a step: a policy error, with what was done before it
    const found = settledFindings(pr, name, inner.result)
    return found.some(isBlocking) ? policyError(found, { result: inner.result }) : err
  }

  const planOne = async (stack: Stack, o: PlanOptions = {}): Promise<PlanResult> => {
    await checkTargets(stack, o)
    const pr = policiesOf(opts.policies, o.policies, false)
    const r = planResult(await run(planOp(stack, engineOpts(o))(withPolicies(await envFor(o), pr))), !!o.refresh, pr)
    return refuseBlocked(r)
  }
  // several stacks: one run across them (stacks-run.ts); targets name one stack's nodes, so none here
  const many = (stacks: ReadonlyArray<Stack>, o: PlanOptions): void => {
    if (o.targets?.length || o.replace?.length)
      throw new TrellisError('usage', [
        {
          node: 'options',
          path: o.targets?.length ? 'targets' : 'replace',
          expected: 'no targets or replacements in a run across stacks (give the one stack)',
          given: `${stacks.length} stacks`,
          message: 'targets and replacements name one stack’s nodes: plan that stack alone',
        },
      ])
  }

  return {
    store,
    get emulators() {
      return given ?? opened?.emulators
    },
    plan: (async (stack: Stack | ReadonlyArray<Stack>, o: PlanOptions & StacksSelection = {}) => {
      if (!isMany(stack)) return planOne(stack, o)
      many(stack, o)
      return planAcross(await envFor(o), opts.policies, stack, o)
    }) as Workspace['plan'],
    apply: (async (stack: Stack | ReadonlyArray<Stack>, o: ApplyOptions & StacksSelection = {}) => {
      if (!isMany(stack)) return change('apply', stack, o)
      many(stack, o)
      return changeAcross('apply', await envFor(o), opts.policies, stack, o)
    }) as Workspace['apply'],
    destroy: (async (stack: Stack | ReadonlyArray<Stack>, o: ApplyOptions & StacksSelection = {}) => {
      if (!isMany(stack)) return change('destroy', stack, o)
      many(stack, o)
      return changeAcross('destroy', await envFor(o), opts.policies, stack, o)
    }) as Workspace['destroy'],
    refresh: async (stack, o = {}) => {
      const r = await run(
        refreshOp(stack, {
          ...(o.dryRun ? { dryRun: true } : {}),
          ...(o.confirm ? { confirm: async (x) => o.confirm!(x.drift) } : {}),
        })(await envFor(o)),
      )
      return { stack: stack.name, drift: r.drift, written: r.written, serial: r.state.serial }
    },
    importResource: async (stack, token, name, id, o = {}) => run(importOp(stack, token, name, id)(await envFor(o))),
    outputs: async (stackName, o = {}) => {
      const st = await run(store.read(stackName))
      if (!st)
        throw new TrellisError('state', [
          {
            node: stackName,
            path: '',
            expected: 'a stack with state',
            given: 'no state',
            message: `stack ${stackName} has no state in this store`,
          },
        ])
      if (!o.showSecrets) return jsonValue(st.outputs) as Record<string, unknown>
      const passphrase = opts.passphrase ?? ((opts.env ?? process.env).TRELLIS_PASSPHRASE || undefined)
      const shown = revealOutputs(st, passphrase)
      if (E.isLeft(shown))
        throw new TrellisError('failed', [
          {
            node: `stack ${stackName}`,
            path: '',
            expected: 'secret outputs encrypted with a passphrase',
            given: shown.left,
            message: shown.left,
          },
        ])
      return jsonValue(shown.right) as Record<string, unknown>
    },
    discover: async (selection = {}, o = {}) => run(discoverOp(selection)(await envFor(o))),
    generate: async (request, o = {}) => {
      const g = await run(generateOp(request)(await envFor(o)))
      return request.file ? { ...g, source: await formatSource(g.source, request.file) } : g
    },
    stacks: () => run(store.list()),
    state: (stackName) => run(store.read(stackName)),
    close: async () => {
      // what the emulated platforms now hold lasts until the next run
      await opened?.close()
      if ('close' in store && typeof store.close === 'function') await (store.close as () => Promise<void>)()
    },
  }
}

const isMany = (s: Stack | ReadonlyArray<Stack>): s is ReadonlyArray<Stack> => Array.isArray(s)

const interrupted = (r: ApplyResult): TrellisError => {
  const skipped = r.journal.filter((j) => j.status === 'skipped').map((j) => j.address)
  const e = new TrellisError(
    'interrupted',
    [
      {
        node: 'run',
        path: '',
        expected: 'the run to finish',
        given: 'a stop request',
        message: `stopped: the steps in flight finished and were recorded; ${skipped.length} not started (the next apply does them)`,
      },
    ],
    undefined,
  )
  return Object.assign(e, { result: r })
}
