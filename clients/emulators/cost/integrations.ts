/**
 * Integrations: made on the platform (seeded) or as a custom provider here; an update moves one
 * between workspaces, and a custom provider cannot be left without one. Also the v1 provider-A
 * info and the resource-report columns, the two read-only routes beside the collections.
 */
import { allowOnly, arrayOf, requireKeys } from './checks'
import type { Collections } from './collection'
import { fail, json, publicView, type Obj } from './reply'
import type { CostContext } from './state'
import type { CostRoutes } from './collections'

const DEFAULT_AWS_INFO = {
  external_id: 'ext-emulator-4f1d',
  iam_role_arn: 'arn:aws:iam::630399649041:root',
  iam_role_id: 'AROA-emulator',
  vantage_id: 'vntg_emulator',
  policies: {
    root: '{"Version":"2012-10-17","Statement":[]}',
    autopilot: '{"Version":"2012-10-17","Statement":[]}',
    cloudwatch: '{"Version":"2012-10-17","Statement":[]}',
    resources: '{"Version":"2012-10-17","Statement":[]}',
    s3_request_metrics: '{}',
  },
}

const DEFAULT_COLUMNS: Readonly<Record<string, ReadonlyArray<string>>> = {
  // the platform names columns in camelCase
  aws_instance: ['token', 'provider', 'label', 'region', 'accountId', 'instanceType', 'accruedCosts'],
  aws_s3_bucket: ['token', 'provider', 'label', 'region', 'accountId', 'accruedCosts'],
  gcp_compute_instance: ['token', 'provider', 'label', 'region', 'projectId', 'machineType', 'accruedCosts'],
}

const createCustomProvider = (ctx: CostContext, body: Obj): Obj => {
  allowOnly(body, ['name', 'description'])
  requireKeys(body, 'name')
  const t = ctx.newToken('accss_crdntl_')
  const o = {
    token: t,
    provider: 'custom_provider',
    account_identifier: body.name,
    status: 'imported',
    last_updated: null,
    workspace_tokens: [],
    created_at: ctx.stamp(),
    managed_account_tokens: [],
    _description: body.description ?? null,
  }
  ctx.coll('integrations').set(t, o)
  return o
}

export interface IntegrationOptions {
  readonly awsInfo?: Record<string, unknown>
  readonly resourceColumns?: Readonly<Record<string, ReadonlyArray<string>>>
}

/** the routes listed before the collections' (literal paths win over `:collection`) */
export const integrationRoutes = (ctx: CostContext, opts: IntegrationOptions): CostRoutes => ({
  'GET /v1/integrations/aws/info': () => json(200, opts.awsInfo ?? DEFAULT_AWS_INFO),
  'GET /v2/resource_reports/columns': (r) => {
    const type = r.q('resource_type')
    if (!type) return fail(400, 'resource_type is required')
    const cols = (opts.resourceColumns ?? DEFAULT_COLUMNS)[type]
    if (!cols) return fail(400, `Unknown resource type: ${type}`)
    return json(200, { columns: cols })
  },
  'POST /v2/integrations/custom_provider': (r) => json(201, publicView(createCustomProvider(ctx, r.body))),
})

export const integrationCollections = (ctx: CostContext): Collections => ({
  integrations: {
    prefix: 'accss_crdntl_',
    update: (o, b) => {
      allowOnly(b, ['workspace_tokens'])
      arrayOf(b, 'workspace_tokens')
      const ws = b.workspace_tokens as string[] | undefined
      if (!ws || ws.length === 0) return fail(400, 'At least one workspace token is required')
      for (const w of ws) if (!ctx.exists('workspaces', w)) fail(404, `Workspace ${w} not found`)
      return { ...o, workspace_tokens: ws, last_updated: ctx.stamp() }
    },
    filter: (o, q) =>
      (!q.get('provider') || o.provider === q.get('provider')) &&
      (!q.get('account_identifier') || o.account_identifier === q.get('account_identifier')),
  },
})
