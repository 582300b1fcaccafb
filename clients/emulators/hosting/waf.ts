/** A team's WAF policies over the platform's managed rule sets: POST answers only the id, PUT/DELETE 202. */
import type { RouteRequest, Routes } from './router'
import { clone, fail, isObj, ok, type Json, type Reply } from './reply'
import { paged } from './paging'
import { accountOf, type HostingContext } from './state'
import { WAF_CATEGORIES } from './vocabulary'

/** the platform reads back every category: those not set at the rule set's overall threshold */
const categoryThresholds = (set: Json, overall: number): Json =>
  Object.fromEntries(WAF_CATEGORIES.map((c) => [c, typeof set[c] === 'number' ? set[c] : overall]))

const checkRuleSet = (managed: Readonly<Record<string, unknown>>, rs: unknown): Json => {
  if (!isObj(rs)) return fail(422, 'rule_sets: each item must be an object')
  if (rs.managed_id !== 'crs-basic' || !(rs.managed_id in managed))
    fail(422, `rule_sets: unknown managed_id ${JSON.stringify(rs.managed_id)}`)
  if (typeof rs.overall_threshold !== 'number') fail(422, 'rule_sets: overall_threshold is required')
  const cats = isObj(rs.category_thresholds) ? rs.category_thresholds : {}
  for (const [k, v] of Object.entries(cats))
    if (!WAF_CATEGORIES.includes(k) || typeof v !== 'number') fail(422, `rule_sets: unknown category ${k}`)
  const overrides = isObj(rs.rule_overrides) ? rs.rule_overrides : {}
  for (const [k, v] of Object.entries(overrides))
    if (!isObj(v) || (v.action !== 'log_only' && v.action !== 'none'))
      fail(422, `rule_sets: rule override ${k} needs action log_only or none`)
  return {
    managed_id: rs.managed_id,
    passive_mode: typeof rs.passive_mode === 'boolean' ? rs.passive_mode : null,
    overall_threshold: rs.overall_threshold,
    category_thresholds: categoryThresholds(cats, rs.overall_threshold as number),
    rule_overrides: clone(overrides),
    excluded_patterns: Array.isArray(rs.excluded_patterns) ? clone(rs.excluded_patterns) : [],
  }
}

const checkPolicy = (managed: Readonly<Record<string, unknown>>, b: unknown): Json => {
  if (!isObj(b)) return fail(400, 'body must be an object')
  if (typeof b.name !== 'string' || b.name === '') fail(422, 'name is required')
  if (typeof b.description !== 'string') fail(422, 'description is required')
  if (!Array.isArray(b.rule_sets)) fail(422, 'rule_sets is required')
  const ruleSets = (b.rule_sets as unknown[]).map((rs) => checkRuleSet(managed, rs))
  return { name: b.name, description: b.description, rule_sets: ruleSets }
}

export const wafRoutes = (ctx: HostingContext): Routes => {
  const { wafPolicies: policies, managed } = ctx.state
  const teamId = (r: RouteRequest) => accountOf(ctx.state, r.params.account).id as string
  const policyOf = (r: RouteRequest) => {
    const account = teamId(r)
    const pol = policies.get(r.params.policy)
    return pol && pol.account_id === account ? { pol, account } : fail(404, 'WAF policy not found')
  }
  const listPolicies = (r: RouteRequest): Reply => {
    const account = teamId(r)
    const mine = [...policies.values()].filter((x) => x.account_id === account)
    return paged(
      r.url,
      mine.map(({ account_id: _a, ...x }) => x),
      ctx.cap,
    )
  }
  const createPolicy = (r: RouteRequest): Reply => {
    const account = teamId(r)
    const id = ctx.hexId()
    policies.set(id, { id, ...checkPolicy(managed, r.body), account_id: account })
    return ok({ policy_id: id })
  }
  return {
    'GET /accounts/:account/waf/managed': (r) => {
      teamId(r)
      return ok({ rule_sets: clone(managed) })
    },
    'GET /accounts/:account/waf/policies': listPolicies,
    'POST /accounts/:account/waf/policies': createPolicy,
    'GET /accounts/:account/waf/policies/:policy': (r) => {
      const { account_id: _a, ...view } = policyOf(r).pol
      return ok(view)
    },
    'PUT /accounts/:account/waf/policies/:policy': (r) => {
      const { account } = policyOf(r)
      const id = r.params.policy
      policies.set(id, { id, ...checkPolicy(managed, r.body), account_id: account })
      return { status: 202 }
    },
    'DELETE /accounts/:account/waf/policies/:policy': (r) => {
      policyOf(r)
      policies.delete(r.params.policy)
      return { status: 202 }
    },
  }
}
