/**
 * forAllInputs: property tests for infrastructure. Valid inputs of one resource type (or lookup)
 * are generated from its codec and checked against the spec's own validation, and a property of
 * the user's is run on each — e.g. "every cost report this builder makes lands in a folder".
 * fast-check does the generating and shrinking; it is an optional peer dependency, loaded only here.
 */
import { AssertionError } from 'node:assert'
import { isLeft } from 'fp-ts/Either'
import type { Registry } from '../core/registry'
import type { LookupSpec, ResourceSpec } from '../core/spec'
import { lookupNode, resourceNode } from '../core/node'
import { stack } from '../core/stack'
import { compile } from '../engine/compile'
import { MOCK_NOW } from '../engine/mock'
import { displayValue } from '../render/render'
import { registry as builtIn } from '../providers'
import { arbitraryOf } from './arbitrary'
import type { InputsOfToken, Token } from '../providers/token-types'

/** Options of `forAllInputs`. */
export interface ForAllOptions {
  /** how many inputs to try (default 50) */
  readonly numRuns?: number
  /** fast-check's seed, to repeat a run (the failure message prints the one it used) */
  readonly seed?: number
  /** the providers whose tokens are meant (default: the built-in ones) */
  readonly registry?: Registry
  /** how fast-check is loaded (tests replace it) */
  readonly load?: () => Promise<unknown>
}

const FAST_CHECK_MISSING =
  'forAllInputs needs fast-check, an optional peer dependency of trellis: npm install --save-dev fast-check'

/** fast-check, loaded when first needed; a clear error when it is not installed. */
export const loadFastCheck = async (
  load: () => Promise<unknown> = () => import('fast-check'),
): Promise<typeof import('fast-check')> => {
  try {
    const m = (await load()) as typeof import('fast-check') & { default?: typeof import('fast-check') }
    return m.default ?? m
  } catch (e) {
    const code = (e as { code?: unknown }).code
    if (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND')
      throw new Error(FAST_CHECK_MISSING, { cause: e })
    throw e
  }
}

/**
 * Run `property` on generated valid inputs of a resource type or lookup (by token or spec). Each
 * input decodes with the spec's codec and passes its compile-time rules; a failure is shrunk to a
 * small counterexample and thrown as an AssertionError naming it (secrets masked) and the seed.
 * @example
 * await forAllInputs('cost:CostReport', async (inputs) => {
 *   const run = await runMock(stack('p').add(finance, cost.costReport('r', inputs).folderToken(finance.out.token)))
 *   expectPlan(run).toCreate('cost:CostReport', 'r', { folderToken: Match.refTo(finance, 'token') })
 * })
 */
export const forAllInputs = async <T extends Token>(
  spec: T | ResourceSpec | LookupSpec,
  property: (inputs: InputsOfToken<T>) => void | Promise<void>,
  opts: ForAllOptions = {},
): Promise<void> => {
  const registry = opts.registry ?? builtIn
  const s = typeof spec === 'string' ? (registry.resources.get(spec) ?? registry.lookups.get(spec)) : spec
  if (s === undefined) throw new Error(`forAllInputs: no resource type or lookup ${spec as string} in the registry`)
  const fc = await loadFastCheck(opts.load)
  const codec = s._tag === 'ResourceSpec' ? s.inputs : s.args
  const inputs = arbitraryOf(fc, codec, s.examples.valid, '')
  const check = compile(registry, { now: new Date(MOCK_NOW) })
  // valid as a node of a stack: the codec and the spec's compile-time rules
  const valid = (v: Record<string, unknown>): boolean =>
    !isLeft(
      check(
        stack('for-all-inputs').add(
          s._tag === 'ResourceSpec' ? resourceNode(s.token, 'generated', v) : lookupNode(s.token, 'generated', v),
        ),
      ),
    )
  // fast-check's `pre` is an assertion function: called through a name with a declared type
  const pre: (ok: boolean) => void = fc.pre
  const result = await fc.check(
    fc.asyncProperty(inputs, async (v) => {
      pre(valid(v as Record<string, unknown>))
      await property(v as InputsOfToken<T>)
    }),
    { numRuns: opts.numRuns ?? 50, ...(opts.seed === undefined ? {} : { seed: opts.seed }) },
  )
  if (!result.failed) return
  const example = result.counterexample?.[0]
  const why =
    result.errorInstance instanceof Error
      ? result.errorInstance.message
      : JSON.stringify(result.errorInstance ?? 'no reason')
  const message = result.counterexample
    ? `the property fails for ${s.token} inputs ${JSON.stringify(displayValue(example))} ` +
      `(seed ${result.seed}, after ${result.numRuns} run${result.numRuns === 1 ? '' : 's'} and ${result.numShrinks} shrinks):\n${why}`
    : `forAllInputs: too few valid ${s.token} inputs were generated (${result.numSkips} skipped): ${why}`
  throw new AssertionError({ message, operator: 'forAllInputs', actual: displayValue(example) })
}
