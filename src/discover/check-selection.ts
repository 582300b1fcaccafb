/** A discovery selection's problems, before anything is sent: unknown providers, types and scope keys. */
import { closestStrict } from '../core/closest-name'
import type { Issue } from '../core/issue'
import type { Registry } from '../core/registry'
import type { DiscoverSelection } from './discovered'

const problem = (path: string, expected: string, given: string, known: Iterable<string>): Issue => {
  const near = closestStrict(given, known)
  return {
    severity: 'error',
    node: 'discover',
    path,
    expected,
    given,
    message: `${given} is not ${expected}${near ? ` (did you mean ${near}?)` : ''}`,
  }
}

export const checkSelection = (registry: Registry, sel: DiscoverSelection): ReadonlyArray<Issue> => {
  const issues: Issue[] = []
  for (const p of sel.providers ?? [])
    if (!registry.providers.has(p)) issues.push(problem('provider', 'a provider', p, registry.providers.keys()))
  for (const t of sel.types ?? [])
    if (!registry.resources.has(t)) issues.push(problem('type', 'a resource type', t, registry.resources.keys()))
  const keys = new Set([...registry.resources.values()].flatMap((s) => s.discover?.scope?.key ?? []))
  for (const k of Object.keys(sel.scopes ?? {}))
    if (!keys.has(k)) issues.push(problem('scope', `a scope key (${[...keys].join(', ')})`, k, keys))
  return issues
}
