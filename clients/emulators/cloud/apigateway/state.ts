/**
 * What the API gateway service holds, as one explicit record, and the context every action module
 * works in (the state, the clock, the id maker, paging and visibility settings). The record's
 * names are the data file's (`.trellis/emulator.json`, format 1, under `apigateway.`): renaming
 * one needs a migration.
 */
import { iso, type IdMaker } from '../../cloud-kit'
import type { Holdings } from '../../holdings'
import type { Env } from './vocabulary'

export type Obj = Record<string, unknown>

export interface Service {
  info: Obj
  /** the request limit per environment (-1: none) */
  strategy: Record<Env, number>
  released: Set<Env>
  /** releases, newest first */
  history: Record<Env, Obj[]>
}
export interface Api {
  info: Obj
  quota: Record<Env, number>
}
export interface Binding {
  UsagePlanId: string
  ServiceId: string
  Environment: Env
  BindType: 'SERVICE' | 'API'
  ApiId: string
  at: string
}
export interface Attachment {
  PluginId: string
  ServiceId: string
  ApiId: string
  Environment: Env
  AttachedTime: string
}
export interface IpStrategy {
  info: Obj
  bound: Record<Env, string[]>
}

export interface ApiAppFixture {
  readonly ApiAppId: string
  readonly ApiAppName: string
  readonly ApiAppDesc?: string
}
export interface ApiDocFixture {
  readonly ApiDocId: string
  readonly ApiDocName: string
  readonly ApiDocStatus: 'PROCESSING' | 'COMPLETED' | 'FAIL'
}
export interface ApiAppBindingFixture {
  readonly ApiAppId: string
  readonly ServiceId: string
  readonly ApiId: string
  readonly EnvironmentName: Env
}

export interface ApiGatewayState {
  readonly services: Map<string, Service>
  readonly apis: Map<string, Api>
  readonly keys: Map<string, Obj>
  readonly plans: Map<string, Obj>
  /** usage plan id → the API key ids bound to it */
  readonly planKeys: Map<string, string[]>
  readonly bindings: Binding[]
  readonly plugins: Map<string, Obj>
  readonly attachments: Attachment[]
  /** `<service id>#<domain>` → custom domain */
  readonly domains: Map<string, Obj>
  readonly strategies: Map<string, IpStrategy>
  /** objects not yet visible: looks left, and when they were made */
  readonly pending: Map<string, { left: number; at: number }>
  /** API apps, API docs and the apps' API bindings: made elsewhere, seeded */
  readonly apps: Obj[]
  readonly docs: ApiDocFixture[]
  readonly appBindings: ApiAppBindingFixture[]
}

export const emptyState = (): ApiGatewayState => ({
  services: new Map(),
  apis: new Map(),
  keys: new Map(),
  plans: new Map(),
  planKeys: new Map(),
  bindings: [],
  plugins: new Map(),
  attachments: [],
  domains: new Map(),
  strategies: new Map(),
  pending: new Map(),
  apps: [],
  docs: [],
  appBindings: [],
})

/** The state's containers under the data file's names (the record's own). */
export const holdingsOf = (st: ApiGatewayState): Holdings => ({ ...st })

export interface ApiGatewayOptions {
  readonly ids: IdMaker
  readonly now: () => Date
  readonly pageSize: number
  /** failed looks (Describe polls or listings) before a new service, usage plan or IP strategy is visible */
  readonly visibleAfter: number
  /** and the time after which it is visible anyway */
  readonly visibleAfterMs: number
  readonly appId: string
  readonly apiApps?: ReadonlyArray<ApiAppFixture>
  readonly apiDocs?: ReadonlyArray<ApiDocFixture>
  readonly apiAppBindings?: ReadonlyArray<ApiAppBindingFixture>
}

/** The context every action works in (`g`). */
export interface Gw {
  readonly state: ApiGatewayState
  readonly ids: IdMaker
  /** the server's clock */
  readonly clock: () => Date
  /** the clock as the platform writes timestamps (ISO seconds) */
  readonly now: () => string
  readonly pageSize: number
  readonly visibleAfter: number
  readonly visibleAfterMs: number
  readonly appId: string
}

export const contextOf = (state: ApiGatewayState, o: ApiGatewayOptions): Gw => ({
  state,
  ids: o.ids,
  clock: o.now,
  now: () => iso(o.now()),
  pageSize: o.pageSize,
  visibleAfter: o.visibleAfter,
  visibleAfterMs: o.visibleAfterMs,
  appId: o.appId,
})

/** An action of the service: the envelope's payload, or a thrown ApiError. */
export type Action = (g: Gw, p: Readonly<Record<string, unknown>>) => Obj

/** A module's actions bound to the context, as the transport's action table takes them. */
export const bound = (g: Gw, actions: Readonly<Record<string, Action>>) =>
  Object.fromEntries(Object.entries(actions).map(([name, act]) => [name, (p: Parameters<Action>[1]) => act(g, p)]))
