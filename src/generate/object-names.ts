/**
 * Names for generated builders, derived from the objects' own names (a title, a name, a hostname):
 * a node name (kebab-case, unique per type) and a variable name (camelCase, unique in the file).
 * The same objects in the same order get the same names, so a second generation is stable.
 */
import type { DiscoveredObject } from '../discover/discovered'

/** the inputs that name an object, most telling first */
const NAME_FIELDS = [
  'title',
  'name',
  'serviceName',
  'apiName',
  'usagePlanName',
  'secretName',
  'pluginName',
  'strategyName',
  'subDomain',
  'key',
  'hostname',
  'destination',
  'environmentName',
]

const words = (s: string): string[] =>
  s
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '')

/** `DnsRecord` `{ type: 'MX', hostname: 'acme.test' }` → `mx-acme-test`; no name field → the id's tail. */
const baseName = (o: DiscoveredObject): string => {
  const i = o.inputs
  const named = NAME_FIELDS.map((f) => i[f]).find((v): v is string => typeof v === 'string' && words(v).length > 0)
  const lead = o.token === 'hosting:DnsRecord' && typeof i.type === 'string' ? [i.type] : []
  // a binding is named by where it binds: `release-service`, `test-api`
  const bind = typeof i.environment === 'string' && typeof i.bindType === 'string' ? [i.environment, i.bindType] : []
  const w = words([...lead, ...(bind.length ? bind : [named ?? o.id.slice(-8)])].join(' '))
  return w.join('-').slice(0, 60) || 'object'
}

const camel = (w: string[]): string => w.map((x, k) => (k === 0 ? x : x[0].toUpperCase() + x.slice(1))).join('')

export interface ObjectNames {
  /** node name per object (index as given) */
  readonly node: ReadonlyArray<string>
  /** variable name per object */
  readonly variable: ReadonlyArray<string>
}

const RESERVED = new Set(['env', 'stack', 'secret', 'cost', 'hosting', 'cloud', 'default'])

/** Unique node names per type and variable names per file, `-2`, `-3` … after the first. */
export const objectNames = (objects: ReadonlyArray<DiscoveredObject>): ObjectNames => {
  const used = new Set<string>()
  const vars = new Set<string>(RESERVED)
  const node: string[] = []
  const variable: string[] = []
  for (const o of objects) {
    const base = baseName(o)
    let n = base
    for (let k = 2; used.has(`${o.token} ${n}`); k++) n = `${base}-${k}`
    used.add(`${o.token} ${n}`)
    node.push(n)
    const type = words(o.token.split(':')[1])
    const vb = camel([...type.slice(-1), ...words(n)])
    let v = /^[0-9]/.test(vb) ? `_${vb}` : vb
    for (let k = 2; vars.has(v); k++) v = `${vb}${k}`
    vars.add(v)
    variable.push(v)
  }
  return { node, variable }
}
