/**
 * Policies: checks over the typed plan, as CrossGuard has them — a resource policy looks at each
 * step of one token, a stack policy at the whole plan. Checks are synchronous and pure; what they
 * read goes through a tracking view (see tracked.ts), so a read of a value known only after apply
 * makes the check wait for apply instead of guessing.
 */
import type { Action } from '../engine/plan'
import type { InputsOfToken, OutputsOfToken, Token } from '../providers/token-types'
import type { Enforcement, Finding } from './finding'

// ── model ────────────────────────────────────────────────────────────────────
/** One node of the plan as a check sees it: inputs as far as known, outputs known only when recorded. */
export interface PolicyStep<I = Readonly<Record<string, unknown>>, O = Readonly<Record<string, unknown>>> {
  readonly address: string
  readonly token: string
  readonly name: string
  readonly action: Action
  /** the desired inputs; reading one known only after apply makes the check wait for apply */
  readonly inputs: I
  /** the outputs; those of a node being created are known only after apply (reading one waits) */
  readonly outputs: Partial<O>
  /** addresses this node waits for (its refs and dependsOn) */
  readonly deps: ReadonlyArray<string>
}

/** The relations a check may ask about. */
export interface PolicyContext {
  /** the nodes holding a ref to this node or waiting for it (directly) */
  readonly refsTo: (address: string) => ReadonlyArray<PolicyStep>
  /** every node that depends on this one, directly or through others */
  readonly dependents: (address: string) => ReadonlyArray<PolicyStep>
  /** a node of the plan by address */
  readonly step: (address: string) => PolicyStep | undefined
}

/** The plan as a stack policy sees it: the nodes the stack will hold (deletes left out). */
export interface PolicyPlan {
  readonly stack: string
  readonly steps: ReadonlyArray<PolicyStep>
}

/** What a resource policy's check returns: findings, the node defaulting to the step checked. */
export type ResourceFinding = Omit<Finding, 'node'> & { readonly node?: string }

interface PolicyBase {
  /** unique among the policies in force; suppressions name it */
  readonly name: string
  readonly description: string
  readonly enforcement: Enforcement
}

/** A policy over each step of one token. */
export interface ResourcePolicy<T extends string = string> extends PolicyBase {
  readonly _tag: 'ResourcePolicy'
  readonly token: T
  // method syntax: a policy of one token is then one of the list of policies of any token
  check(
    this: void,
    step: PolicyStep<InputsOfToken<T>, OutputsOfToken<T>>,
    ctx: PolicyContext,
  ): ReadonlyArray<ResourceFinding>
}

/** A policy over the whole plan. */
export interface StackPolicy extends PolicyBase {
  readonly _tag: 'StackPolicy'
  check(this: void, plan: PolicyPlan, ctx: PolicyContext): ReadonlyArray<Finding>
}

/** A policy of either kind. */
export type Policy = ResourcePolicy | StackPolicy

/** Policies under one name: what a saved plan records (name and digest), what `--policy` loads. */
export interface PolicyPack {
  readonly _tag: 'PolicyPack'
  readonly name: string
  readonly policies: ReadonlyArray<Policy>
}

// ── constructors ─────────────────────────────────────────────────────────────
/**
 * A policy over every node of one token; `step.inputs` are typed by the token.
 * @example
 * resourcePolicy({
 *   name: 'release-described', description: 'a release says what it releases', enforcement: 'mandatory',
 *   token: 'cloud:ApiGatewayServiceRelease',
 *   check: (step) => (step.inputs.releaseDesc.trim() === '' ? [{ path: 'releaseDesc', message: 'is empty' }] : []),
 * })
 */
export const resourcePolicy = <T extends Token>(p: {
  readonly name: string
  readonly description: string
  readonly enforcement: Enforcement
  readonly token: T
  check(
    this: void,
    step: PolicyStep<InputsOfToken<T>, OutputsOfToken<T>>,
    ctx: PolicyContext,
  ): ReadonlyArray<ResourceFinding>
}): ResourcePolicy<T> =>
  Object.freeze({
    _tag: 'ResourcePolicy' as const,
    name: p.name,
    description: p.description,
    enforcement: p.enforcement,
    token: p.token,
    check: p.check,
  })

/**
 * A policy over the whole plan (counts, relations between nodes).
 * @example
 * stackPolicy({
 *   name: 'one-folder', description: 'reports share a folder', enforcement: 'advisory',
 *   check: (plan) => plan.steps.filter((s) => s.token === 'cost:Folder').length > 1
 *     ? [{ node: plan.steps[0].address, message: 'more than one folder' }] : [],
 * })
 */
export const stackPolicy = (p: {
  readonly name: string
  readonly description: string
  readonly enforcement: Enforcement
  check(this: void, plan: PolicyPlan, ctx: PolicyContext): ReadonlyArray<Finding>
}): StackPolicy =>
  Object.freeze({
    _tag: 'StackPolicy' as const,
    name: p.name,
    description: p.description,
    enforcement: p.enforcement,
    check: p.check,
  })

/** Policies under one name (a saved plan records the pack's name and digest). */
export const policyPack = (name: string, policies: ReadonlyArray<Policy>): PolicyPack =>
  Object.freeze({ _tag: 'PolicyPack' as const, name, policies: Object.freeze([...policies]) })
