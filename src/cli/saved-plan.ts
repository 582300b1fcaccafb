/**
 * Saved plans (`plan --out FILE`, `apply FILE`, `show FILE`): the versioned plan document plus what
 * it was made from — the program, the stack name, the state's lineage and serial, and digests of
 * the compiled stack and of the provider configurations (secrets enter the digests only through a
 * keyed hash; no secret value is written). `apply FILE` refuses, saying why, when any of those
 * moved on, and otherwise applies exactly the saved steps.
 */
import { createHmac, randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import type { Registry } from '../core/registry'
import { isRef } from '../core/ref'
import { isSecret, reveal, secret } from '../core/secret'
import type { Stack } from '../core/stack'
import type { Plan } from '../engine/plan'
import { UNKNOWN } from '../engine/unknown'
import { stepFromJson } from '../render/step-json'
import type { State } from '../state/state'
import { TrellisError } from '../workspace/trellis-error'
import type { PlanOptions, PlanResult } from '../workspace/workspace'
import { planDoc, SAVED_PLAN_VERSION } from './documents'
import { loadProgramStacks, oneStack } from './load-program'
import type { PlanOrigin } from './plan-origin'

export interface SavedSource {
  /** absolute path of the program */
  readonly program: string
  readonly stack: string
  /** '' when the stack had no state */
  readonly lineage: string
  readonly serial: number
  readonly stackDigest: string
  readonly providersDigest: string
  /** random key of the digests' secret hashes */
  readonly key: string
  readonly createdAt: string
  readonly options: Pick<PlanOptions, 'refresh' | 'targets' | 'replace'>
  /** emulators or real platforms, and the flags apply needs (absent in plans saved before it was recorded) */
  readonly origin?: PlanOrigin
  /** the environment the program was called with (`--env`); apply calls it with the same */
  readonly env?: string
  /** digest of the environment's configuration as handed to the program (secrets by keyed hash) */
  readonly configDigest?: string
}

/** What a program was called with: its environment and configuration (program-stacks.ts). */
export interface ProgramInput {
  readonly env?: string
  readonly config: Readonly<Record<string, unknown>>
}

export interface SavedPlan {
  readonly source: SavedSource
  /** the plan to hand the engine as approved (its steps' addresses and actions) */
  readonly approved: Plan
  /** for rendering */
  readonly result: PlanResult
  /** the plan document as saved (format 3; absent in a saved plan of format 1) */
  readonly document?: ReturnType<typeof planDoc>
  /** a plan made across stacks: every stack's part in run order (this one's source and plan are the first's) */
  readonly stacks?: ReadonlyArray<SavedPlan>
  /** across stacks: the serial of each store-only stack whose outputs the plan read */
  readonly read?: Readonly<Record<string, number>>
}

type SavedPart = ReturnType<typeof savedPlanDoc>

/** The saved plan of a run across stacks: each stack's part (run order), and the store-only stacks read. */
export const savedPlanAcrossDoc = (parts: ReadonlyArray<SavedPart>, read: Readonly<Record<string, number>>) => ({
  ...parts[0],
  stacks: parts.map((p) => ({ source: p.source, plan: p.plan })),
  read,
})

const digest = (value: unknown, key: string): string => {
  const h = createHmac('sha256', key)
  h.update(
    JSON.stringify(value, (_k, v: unknown) => {
      if (isSecret(v))
        return {
          secret: createHmac('sha256', key)
            .update(JSON.stringify(reveal(v)))
            .digest('hex'),
        }
      if (isRef(v)) return { ref: v.node, path: v.path }
      if (typeof v === 'function') return String(v)
      return v
    }) ?? '',
  )
  return h.digest('hex')
}

const stackDigest = (s: Stack, key: string) => digest({ name: s.name, nodes: s.nodes, outputs: s.outputs }, key)
const providersDigest = (s: Stack, key: string) => digest(s.providers, key)

export const savedPlanDoc = (
  r: PlanResult,
  s: Stack,
  program: string,
  options: SavedSource['options'],
  registry: Registry,
  state: State | undefined,
  origin?: PlanOrigin,
  input?: ProgramInput,
) => {
  const key = randomBytes(16).toString('hex')
  const source: SavedSource = {
    program: resolve(program),
    stack: s.name,
    lineage: state?.lineage ?? '',
    serial: state?.serial ?? 0,
    stackDigest: stackDigest(s, key),
    providersDigest: providersDigest(s, key),
    key,
    createdAt: new Date().toISOString(),
    options,
    ...(origin ? { origin } : {}),
    ...(input?.env !== undefined ? { env: input.env } : {}),
    ...(input ? { configDigest: digest(input.config, key) } : {}),
  }
  return { formatVersion: SAVED_PLAN_VERSION, kind: 'saved-plan' as const, source, plan: planDoc(r, registry) }
}

export const writeSavedPlan = (file: string, d: ReturnType<typeof savedPlanDoc>): Promise<void> =>
  writeFile(file, JSON.stringify(d, null, 2) + '\n', { mode: 0o600 })

const parse = (file: string): unknown => {
  try {
    return JSON.parse(readFileSync(file, 'utf8'))
  } catch {
    return undefined
  }
}

export const isSavedPlanFile = (file: string): boolean => {
  const d = parse(file) as { kind?: unknown } | undefined
  return typeof d === 'object' && d !== null && d.kind === 'saved-plan'
}

/** Markers back into values the renderers know. */
const revive = (u: unknown): unknown => {
  if (Array.isArray(u)) return u.map(revive)
  if (typeof u === 'object' && u !== null) {
    const o = u as Record<string, unknown>
    if (o.secret === true && Object.keys(o).length === 1) return secret(undefined)
    if (o.unknown === true && Object.keys(o).length === 1) return UNKNOWN
    return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, revive(v)]))
  }
  return u
}

const notSaved = (file: string, why: string) =>
  new TrellisError('usage', [
    {
      node: file,
      path: '',
      expected: `a saved plan (trellis plan --out), format ${SAVED_PLAN_VERSION}`,
      given: why,
      message: `${file} is not a saved plan: ${why}`,
    },
  ])

export const readSavedPlan = (file: string): SavedPlan => {
  const d = parse(file) as
    { formatVersion?: unknown; kind?: unknown; source?: SavedSource; plan?: ReturnType<typeof planDoc> } | undefined
  if (d === undefined) throw notSaved(file, 'not readable JSON')
  if (d.kind !== 'saved-plan') throw notSaved(file, `kind ${JSON.stringify(d.kind)}`)
  // format 1 held the plan document of format 1, whose steps read back the same way
  if (d.formatVersion !== SAVED_PLAN_VERSION && d.formatVersion !== 1)
    throw notSaved(file, `format ${JSON.stringify(d.formatVersion)}`)
  if (!d.source || !d.plan || !Array.isArray(d.plan.steps)) throw notSaved(file, 'source or plan missing')
  const first = partOf(d.source, d.plan, d.formatVersion === SAVED_PLAN_VERSION)
  const across = (d as { stacks?: Array<{ source?: SavedSource; plan?: ReturnType<typeof planDoc> }> }).stacks
  if (!Array.isArray(across)) return first
  if (across.some((x) => !x.source || !x.plan || !Array.isArray(x.plan.steps)))
    throw notSaved(file, "a stack's source or plan missing")
  const read = (d as { read?: Record<string, number> }).read ?? {}
  return { ...first, stacks: across.map((x) => partOf(x.source!, x.plan!, true)), read }
}

const partOf = (source: SavedSource, p: ReturnType<typeof planDoc>, current: boolean): SavedPlan => {
  const steps = p.steps.map(stepFromJson(revive))
  const plan: Plan = { version: 1, stack: p.stack, lineage: p.lineage, baseSerial: p.baseSerial, steps, warnings: [] }
  return {
    source,
    approved: plan,
    ...(current ? { document: p } : {}),
    result: {
      stack: p.stack,
      plan,
      hasChanges: p.hasChanges,
      summary: p.summary,
      refreshed: p.refreshed,
      changedOutside: [],
      pending: [],
      leftOut: p.leftOut,
      findings: p.policy?.findings ?? [],
      ...(p.policy ? { policy: p.policy } : {}),
    },
  }
}

/** Refuse, saying why, when the state or the program moved on since the plan was saved. */
export const checkSavedPlan = (
  saved: SavedPlan,
  s: Stack,
  state: State | undefined,
  _registry: Registry,
  config?: ProgramInput['config'],
): void => {
  void _registry
  const src = saved.source
  const why: string[] = []
  if ((state?.lineage ?? '') !== src.lineage)
    why.push(
      src.lineage === ''
        ? `the plan was made when ${src.stack} had no state, and it has state now (serial ${state?.serial ?? 0}: another apply ran)`
        : `the state of ${src.stack} is another history than the plan's (lineage ${state?.lineage ?? 'none'}, the plan's ${src.lineage})`,
    )
  else if ((state?.serial ?? 0) !== src.serial)
    why.push(
      `the state moved on: the plan was made at serial ${src.serial}, the state is now at serial ${state?.serial ?? 0} (another apply ran)`,
    )
  if (stackDigest(s, src.key) !== src.stackDigest)
    why.push(`the program ${src.program} changed since the plan was made`)
  if (providersDigest(s, src.key) !== src.providersDigest)
    why.push('the provider configurations changed since the plan was made')
  if (src.configDigest !== undefined && config !== undefined && digest(config, src.key) !== src.configDigest)
    why.push(
      `the configuration of environment ${src.env ?? '(none)'} changed since the plan was made (trellis.${src.env ?? '<env>'}.json)`,
    )
  if (why.length > 0) throw movedOn(why)
}

/** The refusal of a saved plan whose state, program or configuration moved on, each reason an issue. */
export const movedOn = (why: ReadonlyArray<string>): TrellisError =>
  new TrellisError(
    'failed',
    why.map((w) => ({
      node: 'saved plan',
      path: '',
      expected: 'the state and program the plan was made from',
      given: 'newer ones',
      message: w,
    })),
    `Refusing to apply the saved plan: ${why.join('; ')}. Make a new plan.`,
  )

/**
 * The program of a saved plan, called as the plan was made: with its environment (`--env`) and
 * that environment's configuration (secret values need TRELLIS_PASSPHRASE, as at plan).
 */
export const loadSavedProgram = async (
  saved: SavedPlan,
  passphrase: string | undefined,
): Promise<{ readonly stack: Stack; readonly config: ProgramInput['config'] }> => {
  const p = await loadProgramStacks(saved.source.program, {
    ...(saved.source.env !== undefined ? { env: saved.source.env } : {}),
    ...(passphrase ? { passphrase } : {}),
  })
  return { stack: oneStack(p, saved.source.stack), config: p.config }
}
