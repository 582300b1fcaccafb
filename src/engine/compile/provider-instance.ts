/**
 * The provider instance a node uses: its `options.provider`, else the instance named after its
 * provider. Each instance is checked and decoded once per compile; a node naming an undeclared
 * instance, or one of another provider, gets an issue and no vertex.
 */
import * as E from 'fp-ts/Either'
import { issue } from '../../core/issue'
import { labelOf, type Node } from '../../core/node'
import { push, type CompileContext } from './context'

/** Why a node cannot use the instance `name` of `provider`, if it cannot. */
const misnamed = (cx: CompileContext, n: Node, provider: string, name: string): boolean => {
  const inst = cx.stack.providers[name]
  if (!inst && name !== provider) {
    const declared = Object.keys(cx.stack.providers).join(', ') || 'none'
    push(
      cx,
      issue(labelOf(n), {
        path: 'options.provider',
        expected: `a provider instance declared in the stack (${declared})`,
        given: name,
      }),
    )
    return true
  }
  if (inst && inst.provider !== provider) {
    push(
      cx,
      issue(labelOf(n), {
        path: 'options.provider',
        expected: `an instance of provider ${provider}`,
        given: `${name} (${inst.provider})`,
      }),
    )
    return true
  }
  return false
}

/** Check and decode the instance `name` of `provider`; whether it is usable. */
const decodeInstance = (cx: CompileContext, provider: string, name: string): boolean => {
  const spec = cx.registry.providers.get(provider)!
  const label = `provider ${name}`
  const raw = cx.stack.providers[name]?.config ?? {}
  const findings = cx.validate(spec.config, raw)
  findings.forEach((f) => push(cx, issue(label, f)))
  if (findings.length > 0) return false
  const decoded = spec.config.decode(raw)
  if (E.isLeft(decoded)) return false
  for (const rule of spec.rules) rule(decoded.right).forEach((f) => push(cx, issue(label, f)))
  cx.providers.set(name, { name, provider, config: decoded.right as Record<string, unknown> })
  return true
}

/** The name of the provider instance node `n` uses, once it is known good; undefined after an issue. */
export const instanceOf = (cx: CompileContext, n: Node, provider: string): string | undefined => {
  const name = n.options.provider ?? provider
  if (cx.providers.has(name)) return name
  if (misnamed(cx, n, provider, name)) return undefined
  return decodeInstance(cx, provider, name) ? name : undefined
}
