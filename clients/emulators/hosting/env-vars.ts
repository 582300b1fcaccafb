/** A team's (or, with `site_id`, a site's) environment variables: secret values are write-only. */
import { scalarText } from '../../../src/core/scalar-text'
import type { RouteRequest, Routes } from './router'
import { fail, isObj, objectBody, ok, str, type Json, type Reply } from './reply'
import { accountOf, siteOf, type HostingContext } from './state'
import { ENV_CONTEXTS, ENV_SCOPES } from './vocabulary'

export const envKey = (acct: Json, siteId: string | undefined, key: string) =>
  `${scalarText(acct.id)}|${siteId ?? ''}|${key}`

/** an env var as the API shows it: secret values hidden, even from `objects()` */
export const envView = (v: Json): Json => ({
  key: v.key,
  // the API reports post_processing with an underscore
  scopes: (v.scopes as string[]).map((x) => (x === 'post-processing' ? 'post_processing' : x)),
  values: (v.values as Json[]).map((x) =>
    v.is_secret ? { id: x.id, context: x.context, context_parameter: x.context_parameter } : { ...x },
  ),
  is_secret: v.is_secret,
  updated_at: v.updated_at,
  updated_by: { id: 'u1', full_name: 'Emulator User', email: 'user@example.com', avatar_url: '' },
})

const checkScopes = (b: Json, isSecret: boolean): string[] => {
  // no scopes means all four, secret or not (the upstream provider sends none for all four);
  // only a secret that names post-processing explicitly is refused
  const given = b.scopes !== undefined && b.scopes !== null
  const scopes = given ? b.scopes : ['builds', 'functions', 'runtime', 'post-processing']
  if (!Array.isArray(scopes) || scopes.some((x) => !ENV_SCOPES.includes(x as string)))
    fail(400, `scopes must be a list of ${ENV_SCOPES.slice(0, 4).join(', ')}`)
  const norm = (scopes as string[]).map((x) => (x === 'post_processing' ? 'post-processing' : x))
  if (isSecret && given && norm.includes('post-processing'))
    fail(400, 'Secret values cannot be used with the post-processing scope')
  return norm
}

const checkValues = (ctx: HostingContext, values: unknown): Json[] => {
  if (!Array.isArray(values)) fail(400, 'values must be a list')
  return (values as unknown[]).map((v) => {
    if (!isObj(v) || typeof v.value !== 'string') return fail(400, 'each value needs a string value')
    const context = str(v.context)
    if (!context || !ENV_CONTEXTS.includes(context)) fail(400, `context must be one of ${ENV_CONTEXTS.join(', ')}`)
    const param = str(v.context_parameter) ?? ''
    if (context === 'branch' && param === '')
      fail(400, 'context_parameter (the branch name) is required for the branch context')
    return { id: ctx.hexId(), value: v.value, context, context_parameter: param }
  })
}

const checkEnv = (ctx: HostingContext, b: Json, isSecret: boolean) => ({
  scopes: checkScopes(b, isSecret),
  values: checkValues(ctx, b.values),
})

/** A variable as stored, from a create's item (its key checked by the caller); refuses bad scopes or values. */
export const envVarOf = (ctx: HostingContext, item: Json): Json => {
  const secret = item.is_secret === true
  return { key: item.key, is_secret: secret, ...checkEnv(ctx, item, secret), updated_at: ctx.iso() }
}

/** the team, the site named by `site_id` (checked), and the variable's key when the path names one */
const where = (ctx: HostingContext, r: RouteRequest) => {
  const acct = accountOf(ctx.state, r.params.account)
  const siteId = r.q('site_id')
  if (siteId !== undefined) siteOf(ctx.state, siteId)
  return { acct, siteId, key: r.params.key === undefined ? '' : envKey(acct, siteId, r.params.key) }
}
const existing = (ctx: HostingContext, key: string): Json =>
  ctx.state.envVars.get(key) ?? fail(404, 'Environment variable not found')

export const envVarRoutes = (ctx: HostingContext): Routes => {
  const vars = ctx.state.envVars
  const listEnvVars = (r: RouteRequest): Reply => {
    const { acct, siteId } = where(ctx, r)
    const prefix = `${scalarText(acct.id)}|${siteId ?? ''}|`
    return ok([...vars.entries()].filter(([k]) => k.startsWith(prefix)).map(([, v]) => envView(v)))
  }
  const createEnvVars = (r: RouteRequest): Reply => {
    const { acct, siteId } = where(ctx, r)
    if (!Array.isArray(r.body) || r.body.length === 0) fail(400, 'body must be a list of environment variables')
    const created = (r.body as unknown[]).map((item) => {
      if (!isObj(item) || typeof item.key !== 'string' || item.key === '') return fail(400, 'key is required')
      const k = envKey(acct, siteId, item.key)
      if (vars.has(k)) fail(409, `Environment variable ${item.key} already exists`)
      return [k, envVarOf(ctx, item)] as const
    })
    for (const [k, v] of created) vars.set(k, v)
    return ok(
      created.map(([, v]) => envView(v)),
      201,
    )
  }
  const getEnvVar = (r: RouteRequest): Reply => ok(envView(existing(ctx, where(ctx, r).key)))
  const deleteEnvVar = (r: RouteRequest): Reply => {
    const { key } = where(ctx, r)
    existing(ctx, key)
    vars.delete(key)
    return { status: 204 }
  }
  /** updateEnvVar: the whole variable; the body's key renames it */
  const putEnvVar = (r: RouteRequest): Reply => {
    const { acct, siteId, key } = where(ctx, r)
    const v = existing(ctx, key)
    const b = objectBody(r.body)
    const secret = b.is_secret === true
    if (v.is_secret && !secret) fail(400, 'A secret environment variable cannot be made non-secret')
    const name = typeof b.key === 'string' && b.key !== '' ? b.key : r.params.key
    const k2 = envKey(acct, siteId, name)
    if (k2 !== key && vars.has(k2)) fail(409, `Environment variable ${name} already exists`)
    const next = { ...v, key: name, is_secret: secret, ...checkEnv(ctx, b, secret), updated_at: ctx.iso() }
    vars.delete(key)
    vars.set(k2, next)
    return ok(envView(next))
  }
  /** setEnvVarValue: one value, for one context, replaced or added */
  const patchEnvVar = (r: RouteRequest): Reply => {
    const { key } = where(ctx, r)
    const v = existing(ctx, key)
    const b = objectBody(r.body)
    checkScopes({ scopes: v.scopes }, v.is_secret === true)
    const [one] = checkValues(ctx, [{ value: b.value, context: b.context, context_parameter: b.context_parameter }])
    const others = (v.values as Json[]).filter(
      (x) => !(x.context === one.context && (x.context_parameter ?? '') === one.context_parameter),
    )
    const next = { ...v, values: [...others, one], updated_at: ctx.iso() }
    vars.set(key, next)
    return ok(envView(next), 201)
  }
  return {
    'GET /accounts/:account/env': listEnvVars,
    'POST /accounts/:account/env': createEnvVars,
    'GET /accounts/:account/env/:key': getEnvVar,
    'DELETE /accounts/:account/env/:key': deleteEnvVar,
    'PUT /accounts/:account/env/:key': putEnvVar,
    'PATCH /accounts/:account/env/:key': patchEnvVar,
  }
}
