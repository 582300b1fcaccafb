/**
 * workspace(): the embedding API, in the spirit of Pulumi's Automation API — promise methods over
 * the engine's ReaderTaskEither operations, resolving to plain results and rejecting with a
 * TrellisError. It is an edge of the system like the CLI (which is a thin client of it): it reads
 * the environment it is given, builds the real (or emulated) handler with retries, rate budgets,
 * the credential chains the providers declare and their account checks, applies every provider's environment
 * fallbacks, and checks every provider instance's credentials before anything is planned.
 */
import { discover as discoverOp } from '../discover/discover'
import type { Discovered, DiscoverSelection } from '../discover/discovered'
import { generate as generateOp, type Generated, type GenerateRequest } from '../generate/generate'
import { formatSource } from '../generate/format-source'
import type { Registry } from '../core/registry'
import type { StageName } from '../engine/pipeline/stage'
import type { Stack } from '../core/stack'
import type { EngineEvent } from '../engine/events'
import { importResource as importOp, plan as planOp, refresh as refreshOp, type Drift } from '../engine/operations'
import type { summary, Plan } from '../engine/plan'
import type { JournalEntry } from '../engine/run'
import type { PendingOp, ResourceState, State } from '../state/state'
import type { StateStore } from '../state/state-store'
import type { HttpClient } from '../../clients/http'
import { proxyOf } from './proxy-of'
import type { AnyEmulators, Emulators, ProviderEmulator } from './emulated-handler'
import { settingsOf } from './wired-env'
import { storeOf } from './store-of'
import { TrellisError } from './trellis-error'
import { changeAcross, planAcross, type StacksResult, type StacksSelection } from './stacks-run'
import type { PolicyFinding } from '../policy/finding'
import { policiesOf, refuseBlocked, withPolicies } from './workspace-policies'
import type { PolicyResult } from './workspace-policies'
import { planResult } from './plan-result'
import { changeOne, type ChangeContext } from './change-one'
import { checkTargets, engineOptions } from './check-targets'
import { engineResult } from './engine-result'
import { lazyWiring } from './lazy-wiring'
import { envForRuns } from './run-env'
import { stackOutputs } from './stack-outputs'

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
   * emulators loaded from (and saved by close() to) the data file; or these emulators, by provider
   * (a registry's own providers' beside the built-in ones). Emulated state lives in
   * `<stateDir>/emulated/`, apart from real state.
   */
  readonly emulate?: boolean | AnyEmulators
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
  /** the emulators, when emulating (typed as the built-in ones; a registry's own under their providers' names) */
  readonly emulators?: Emulators & Readonly<Record<string, ProviderEmulator>>
  readonly close: () => Promise<void>
}

// ── constructor ──────────────────────────────────────────────────────────────
const isMany = (s: Stack | ReadonlyArray<Stack>): s is ReadonlyArray<Stack> => Array.isArray(s)

/** Several stacks run as one (stacks-run.ts); targets name one stack's nodes, so none here. */
const many = (stacks: ReadonlyArray<Stack>, o: PlanOptions): ReadonlyArray<Stack> => {
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
  return stacks
}

/** `plan` of one stack: targets checked, the policies in force, a mandatory violation refused. */
const planOne = async (cx: ChangeContext, stack: Stack, o: PlanOptions = {}): Promise<PlanResult> => {
  await checkTargets(cx.store, stack, o)
  const pr = policiesOf(cx.opts.policies, o.policies, false)
  const outcome = await engineResult(planOp(stack, engineOptions(o))(withPolicies(await cx.envFor(o), pr)))
  return refuseBlocked(planResult(outcome, !!o.refresh, pr))
}

/** plan, apply and destroy: of one stack, or of several as one run. */
const runs = (cx: ChangeContext) => ({
  plan: (async (stack: Stack | ReadonlyArray<Stack>, o: PlanOptions & StacksSelection = {}) =>
    isMany(stack)
      ? planAcross(await cx.envFor(o), cx.opts.policies, many(stack, o), o)
      : planOne(cx, stack, o)) as Workspace['plan'],
  apply: (async (stack: Stack | ReadonlyArray<Stack>, o: ApplyOptions & StacksSelection = {}) =>
    isMany(stack)
      ? changeAcross('apply', await cx.envFor(o), cx.opts.policies, many(stack, o), o)
      : changeOne(cx, 'apply', stack, o)) as Workspace['apply'],
  destroy: (async (stack: Stack | ReadonlyArray<Stack>, o: ApplyOptions & StacksSelection = {}) =>
    isMany(stack)
      ? changeAcross('destroy', await cx.envFor(o), cx.opts.policies, many(stack, o), o)
      : changeOne(cx, 'destroy', stack, o)) as Workspace['destroy'],
})

/** refresh, import, discover and generate: one engine operation each. */
const operations = ({ envFor }: ChangeContext) => ({
  refresh: async (stack: Stack, o: RefreshOptions = {}): Promise<RefreshOutcome> => {
    const r = await engineResult(
      refreshOp(stack, {
        ...(o.dryRun ? { dryRun: true } : {}),
        ...(o.confirm ? { confirm: async (x) => o.confirm!(x.drift) } : {}),
      })(await envFor(o)),
    )
    return { stack: stack.name, drift: r.drift, written: r.written, serial: r.state.serial }
  },
  importResource: async (stack: Stack, token: string, name: string, id: string, o: RunOptions = {}) =>
    engineResult(importOp(stack, token, name, id)(await envFor(o))),
  discover: async (selection: DiscoverSelection = {}, o: RunOptions = {}) =>
    engineResult(discoverOp(selection)(await envFor(o))),
  generate: async (request: GenerateRequest & { readonly file?: string }, o: RunOptions = {}) => {
    const g = await engineResult(generateOp(request)(await envFor(o)))
    return request.file ? { ...g, source: await formatSource(g.source, request.file) } : g
  },
})

/**
 * A workspace over a state directory or URL, with the real handler (or the emulators): promises, no
 * fp-ts. Its Env is liveEnv's (or the emulators'): the engine's operations run the whole pipeline —
 * env fallbacks, compile, preflight (credentials, account checks), lock, load, … — once per call.
 */
export const workspace = (opts: WorkspaceOptions = {}): Workspace => {
  settingsOf(opts)
  // HTTPS_PROXY, HTTP_PROXY, NO_PROXY: read here at the edge; emulated traffic is never proxied
  const proxy = proxyOf(opts)
  const store: StateStore = storeOf(opts, !!opts.emulate)
  const wiring = lazyWiring(opts, proxy)
  const cx: ChangeContext = { opts, store, envFor: envForRuns(opts, wiring, store) }
  return {
    store,
    get emulators() {
      return wiring.emulators() as (Emulators & Readonly<Record<string, ProviderEmulator>>) | undefined
    },
    ...runs(cx),
    ...operations(cx),
    outputs: (stackName, o) => stackOutputs(opts, store, stackName, o),
    stacks: () => engineResult(store.list()),
    state: (stackName) => engineResult(store.read(stackName)),
    close: async () => {
      await wiring.close()
      if ('close' in store && typeof store.close === 'function') await (store.close as () => Promise<void>)()
    },
  }
}
