/**
 * The provider instances discovery lists with: one per selected provider, configured from the
 * environment's documented fallbacks alone (no program declares them), passed through the same
 * preflight as a plan (credentials, account checks) and the provider's `resolve` hook.
 */
import * as E from 'fp-ts/Either'
import { providerInstance, stack } from '../core/stack'
import type { Env } from '../engine/env'
import { withEnvFallbacks } from '../engine/pipeline/env-fallbacks'
import { findingsFromErrors } from '../core/issue'

/** Per provider: its decoded configuration, or why it cannot be used. */
export type ProviderContexts = ReadonlyMap<string, E.Either<string, Readonly<Record<string, unknown>>>>

export const providerContexts = async (env: Env, providers: ReadonlyArray<string>): Promise<ProviderContexts> => {
  const declared = Object.fromEntries(providers.map((p) => [p, providerInstance(p, {})]))
  const filled = withEnvFallbacks(env.registry, env.vars ?? {}, stack('discover', { providers: declared }))
  const out = new Map<string, E.Either<string, Readonly<Record<string, unknown>>>>()
  for (const p of providers) out.set(p, await contextOf(env, p, filled.providers[p]?.config ?? {}))
  return out
}

const contextOf = async (
  env: Env,
  name: string,
  raw: Readonly<Record<string, unknown>>,
): Promise<E.Either<string, Readonly<Record<string, unknown>>>> => {
  const spec = env.registry.providers.get(name)
  if (!spec) return E.left(`${name} is not a provider`)
  const decoded = spec.config.decode(raw)
  if (E.isLeft(decoded)) {
    const f = findingsFromErrors(decoded.left)[0]
    return E.left(`provider ${name}: configuration ${f?.path ?? ''}: expected ${f?.expected ?? 'valid'}`)
  }
  const issues = env.verify?.[name] ? await env.verify[name](name, decoded.right as Record<string, unknown>)() : []
  if (issues.length > 0) return E.left(issues.map((i) => i.message ?? `${i.path}: expected ${i.expected}`).join('; '))
  const configure = env.handler.configure
  if (!configure || !spec.resolve) return E.right(decoded.right as Record<string, unknown>)
  const r = await configure(spec, name, decoded.right as Record<string, unknown>)()
  return E.isLeft(r) ? E.left(r.left.message) : E.right(r.right)
}
