/**
 * What a list of policies may hold — policies, packs and suppressions, as `export const policies`,
 * `--policy FILE` and `workspace({ policies })` give them — gathered and checked before any plan.
 */
import type { Issue } from '../core/issue'
import type { Policy, PolicyPack } from './policy'
import type { Suppression } from './suppress'
import { packDigest } from './pack-digest'

// ── model ────────────────────────────────────────────────────────────────────
/** One entry of a list of policies. */
export type PolicyEntry = Policy | PolicyPack | Suppression

/** A policy in force, with the pack it came in. */
export interface PolicyInForce {
  readonly policy: Policy
  readonly pack?: string
}

/** A pack's record: its name and digest (a saved plan keeps these). */
export interface PackRecord {
  readonly name: string
  readonly digest: string
}

export interface GatheredPolicies {
  readonly policies: ReadonlyArray<PolicyInForce>
  readonly suppressions: ReadonlyArray<Suppression>
  readonly packs: ReadonlyArray<PackRecord>
  readonly errors: ReadonlyArray<Issue>
}

/** the pack name a saved plan records for policies given outside any pack */
export const LOOSE_POLICIES = '(policies)'

// ── checks ───────────────────────────────────────────────────────────────────
const problem = (node: string, path: string, expected: string, given: unknown): Issue => ({
  severity: 'error',
  node,
  path,
  expected,
  given: JSON.stringify(given) ?? typeof given,
})

const policyErrors = (p: Policy, where: string): Issue[] => {
  const out: Issue[] = []
  if (typeof p.name !== 'string' || p.name.trim() === '') out.push(problem(where, 'name', 'a non-empty name', p.name))
  if (p.enforcement !== 'mandatory' && p.enforcement !== 'advisory')
    out.push(problem(where, 'enforcement', "'mandatory' or 'advisory'", p.enforcement))
  if (p._tag === 'ResourcePolicy' && (typeof p.token !== 'string' || !/^[^:\s]+:[^:\s]+$/.test(p.token)))
    out.push(problem(where, 'token', 'a token like `cloud:ApiGatewayService`', p.token))
  if (typeof p.check !== 'function') out.push(problem(where, 'check', 'a function', typeof p.check))
  return out
}

const isEntry = (e: unknown): e is PolicyEntry =>
  typeof e === 'object' &&
  e !== null &&
  ['ResourcePolicy', 'StackPolicy', 'PolicyPack', 'Suppression'].includes((e as { _tag?: string })._tag ?? '')

// ── gather ───────────────────────────────────────────────────────────────────
/** The policies in force, suppressions and pack records of a list; every malformed entry an error. */
export const gatherPolicies = (entries: ReadonlyArray<unknown>): GatheredPolicies => {
  const policies: PolicyInForce[] = []
  const suppressions: Suppression[] = []
  const packs: PackRecord[] = []
  const errors: Issue[] = []
  const loose: Policy[] = []
  entries.forEach((e, i) => {
    if (!isEntry(e))
      return errors.push(problem('policies', String(i), 'a policy, a policy pack or a suppression', e ?? null))
    if (e._tag === 'Suppression') return suppressions.push(e)
    if (e._tag === 'PolicyPack') {
      packs.push({ name: e.name, digest: packDigest(e.name, e.policies) })
      for (const p of e.policies) policies.push({ policy: p, pack: e.name })
      return
    }
    loose.push(e)
    policies.push({ policy: e })
  })
  if (loose.length > 0) packs.push({ name: LOOSE_POLICIES, digest: packDigest(LOOSE_POLICIES, loose) })
  const seen = new Set<string>()
  for (const { policy, pack } of policies) {
    const where = `policy "${String(policy.name)}"${pack === undefined ? '' : ` of pack "${pack}"`}`
    errors.push(...policyErrors(policy, where))
    if (seen.has(policy.name)) errors.push(problem(where, 'name', 'a name no other policy in force has', policy.name))
    seen.add(policy.name)
  }
  return { policies, suppressions, packs, errors }
}
