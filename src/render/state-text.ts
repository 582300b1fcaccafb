/**
 * stateText: recorded state as a person reads it (`trellis state show`), as `terraform state show`
 * prints it — a header per resource, then `key = value` lines, secrets as [secret]. Machines read
 * the same through `--json`.
 */
import type { Registry } from '../core/registry'
import type { ResourceState, State } from '../state/state'
import { jsonValue } from './json-value'
import { secretsOf } from './step-json'

/** A value of jsonValue's output in the text plan's spelling: markers unquoted, the rest as JSON. */
const show = (u: unknown): string => {
  if (u === null || u === undefined) return '(none)'
  if (typeof u === 'object' && !Array.isArray(u)) {
    const o = u as Record<string, unknown>
    const keys = Object.keys(o)
    if (keys.length === 1 && o.secret === true) return '[secret]'
    if (keys.length === 1 && o.unknown === true) return '(known after apply)'
    return `{ ${keys.map((k) => `${k} = ${show(o[k])}`).join(', ')} }`
  }
  if (Array.isArray(u)) return `[${u.map(show).join(', ')}]`
  return JSON.stringify(u)
}

/** `key = value` lines, the keys padded to one column, under a heading. */
const block = (heading: string, o: unknown): string[] => {
  const entries = Object.entries((o ?? {}) as Record<string, unknown>)
  if (entries.length === 0) return []
  const width = Math.max(...entries.map(([k]) => k.length))
  return [`  ${heading}:`, ...entries.map(([k, v]) => `    ${k.padEnd(width)} = ${show(v)}`)]
}

/** One resource: `# address`, its identity, then its inputs and outputs. */
export const resourceText = (r: ResourceState, registry: Registry): string[] => {
  const secrets = secretsOf(registry, r.token)
  return [
    `# ${r.token} "${r.name}"`,
    `  id           = ${JSON.stringify(r.id)}`,
    `  provider     = ${r.provider}`,
    ...(r.dependencies.length ? [`  depends on   = ${r.dependencies.join(', ')}`] : []),
    ...(r.protect ? ['  protected    = true'] : []),
    ...block('inputs', jsonValue(r.inputs, secrets)),
    ...block('outputs', jsonValue(r.outputs, secrets)),
  ]
}

/** A whole stack's state: its serial, each resource, what is pending, its outputs. */
export const stateText = (s: State, stack: string, registry: Registry): string => {
  const resources = Object.values(s.resources)
  const pending = Object.values(s.pending)
  return [
    `stack ${stack} · serial ${s.serial} · ${resources.length} resource${resources.length === 1 ? '' : 's'}`,
    ...resources.flatMap((r) => ['', ...resourceText(r, registry)]),
    ...(pending.length ? ['', 'pending from an interrupted run:'] : []),
    ...pending.map((p) => `  ${p.op} ${p.address} since ${p.startedAt}`),
    ...block('outputs', jsonValue(s.outputs)).map((l) => l.slice(2)),
  ]
    .join('\n')
    .replace(/\n(outputs:)/, '\n\n$1')
}
