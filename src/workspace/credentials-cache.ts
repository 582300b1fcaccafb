/**
 * One credential chain per distinct provider configuration, shared by the preflight check and
 * every request afterwards: the chain (and its account check) runs once, and its temporary keys are
 * reused. Configurations are told apart by a digest of their canonical JSON (secrets revealed only
 * into the digest, which never leaves this process).
 */
import { createHash } from 'node:crypto'
import type { KeySource } from '../core/client-recipe'
import { isSecret, reveal } from '../core/secret'

type Chain = KeySource

const canonical = (u: unknown): unknown => {
  if (isSecret(u)) return { secret: canonical(reveal(u)) }
  if (Array.isArray(u)) return u.map(canonical)
  if (typeof u === 'object' && u !== null)
    return Object.fromEntries(
      Object.keys(u)
        .sort()
        .map((k) => [k, canonical((u as Record<string, unknown>)[k])]),
    )
  return u
}

export const credentialsCache = (make: (config: Readonly<Record<string, unknown>>) => Chain) => {
  const chains = new Map<string, Chain>()
  return (config: Readonly<Record<string, unknown>>): Chain => {
    const key = createHash('sha256')
      .update(JSON.stringify(canonical(config)))
      .digest('hex')
    let c = chains.get(key)
    if (!c) chains.set(key, (c = make(config)))
    return c
  }
}
