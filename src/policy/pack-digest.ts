/**
 * A pack's digest: what a saved plan records so that applying it can refuse when the pack changed.
 * It covers each policy's name, enforcement, token, description and the text of its check.
 */
import { createHash } from 'node:crypto'
import type { Policy } from './policy'

/** sha256 (hex) of the policies' names, enforcements, tokens, descriptions and check sources. */
export const packDigest = (name: string, policies: ReadonlyArray<Policy>): string => {
  const h = createHash('sha256').update(JSON.stringify(name))
  for (const p of policies)
    h.update(
      JSON.stringify([
        p._tag,
        p.name,
        p.enforcement,
        p._tag === 'ResourcePolicy' ? p.token : '',
        p.description,
        String(p.check),
      ]),
    )
  return h.digest('hex')
}
