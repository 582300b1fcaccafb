/** `--provider P`, `--type TOKEN`, `--scope KEY=VALUE` (each repeatable) → what discover and generate list. */
import type { DiscoverSelection } from '../discover/discovered'
import type { Args } from './flag-readers'
import { list } from './flag-readers'

export const selectionOf = (args: Args): DiscoverSelection => {
  const scopes: Record<string, string[]> = {}
  for (const kv of list(args, 'scope')) {
    const at = kv.indexOf('=')
    ;(scopes[kv.slice(0, at)] ??= []).push(kv.slice(at + 1))
  }
  return {
    ...(list(args, 'provider').length ? { providers: list(args, 'provider') } : {}),
    ...(list(args, 'type').length ? { types: list(args, 'type') } : {}),
    ...(Object.keys(scopes).length ? { scopes } : {}),
  }
}
