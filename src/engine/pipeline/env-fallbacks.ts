/**
 * Every documented environment fallback of every provider, applied to a stack's provider
 * instances at the edge (the core reads no process.env): explicit values win; an instance the
 * stack never declared but its nodes use gets one built from the environment alone.
 */
import { configFromEnv, type ProviderSpec } from '../../core/provider'
import type { Registry } from '../../core/registry'
import { providerInstance, stack as makeStack, type ProviderInstance, type Stack } from '../../core/stack'

type Env = Readonly<Record<string, string | undefined>>

const fromEnvOf = (spec: ProviderSpec, env: Env, explicit: Readonly<Record<string, unknown>>) =>
  spec.fromEnv ? spec.fromEnv(env, explicit) : configFromEnv<Record<string, unknown>>(spec, env, explicit)

export const withEnvFallbacks = (registry: Registry, env: Env, s: Stack): Stack => {
  const providers: Record<string, ProviderInstance> = {}
  let changed = false
  for (const [name, inst] of Object.entries(s.providers)) {
    const spec = registry.providers.get(inst.provider)
    const config = spec ? fromEnvOf(spec, env, inst.config) : inst.config
    const filled = Object.keys(config).length !== Object.keys(inst.config).length
    changed ||= filled
    providers[name] = filled ? providerInstance(inst.provider, config) : inst
  }
  // default instances (named after their provider) that nodes use without declaring them
  const used = new Set(s.nodes.map((n) => n.options.provider ?? n.token.split(':')[0]))
  for (const name of used) {
    const spec = registry.providers.get(name)
    if (providers[name] || !spec) continue
    const config = fromEnvOf(spec, env, {})
    if (Object.keys(config).length === 0) continue
    providers[name] = providerInstance(name, config)
    changed = true
  }
  if (!changed) return s
  let out = makeStack(s.name, { providers }).add(...s.nodes)
  for (const [k, v] of Object.entries(s.outputs)) out = out.export(k, v)
  return out
}
