/**
 * generateSource: a trellis program for discovered objects — one builder per object with the
 * inputs that differ from the platform's defaults, refs wherever a field holds another object's
 * id, secrets read from the environment, and `.options({ importId, protect: true })` on each, so
 * the next reviewed plan imports them all and changes nothing else. Pure: text in, text out.
 */
import type { Registry } from '../core/registry'
import type { DiscoveredObject } from '../discover/discovered'
import { statedInputs } from './differing-inputs'
import { idIndex } from './id-index'
import { objectNames } from './object-names'
import { outsideDecls, THE_ONE } from './outside-decls'
import { NO_OUTSIDE, type Outside } from './outside-lookups'
import { sourceValue, type OutsideSource, type ValueContext } from './source-value'

/** What the generated program declares besides its builders. */
export interface GenerateOptions {
  /** the stack the program declares */
  readonly stack: string
  /** lookups for what the objects refer to outside the selection (outsideLookups); none: literal ids */
  readonly outside?: Outside
}

const lowerFirst = (s: string): string => s[0].toLowerCase() + s.slice(1)
const upperSnake = (s: string): string =>
  s
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_')
    .replace(/^_|_$/g, '')

interface Rendered {
  readonly text: string
  readonly uses: ReadonlySet<number>
  readonly usesOutside: ReadonlySet<string>
  readonly secrets: ReadonlyArray<string>
}

/** What rendering shares: the objects' names, the outside lookups and their variables. */
interface Frame {
  readonly registry: Registry
  readonly objects: ReadonlyArray<DiscoveredObject>
  /** outside refs (`outsideKey`) → how the program reads them */
  readonly outside: ReadonlyMap<string, OutsideSource>
  readonly variables: ReadonlyArray<string>
  readonly nodes: ReadonlyArray<string>
}

/** Each object's builder expression, and the objects it refers to. */
const render = (f: Frame, noRef: Map<number, Set<number>>) => {
  const { registry, objects } = f
  const ids = idIndex(objects)
  return objects.map((o, self): Rendered => {
    const spec = registry.resources.get(o.token)!
    const secrets: string[] = []
    const c: ValueContext = {
      self,
      ids,
      variables: f.variables,
      secrets: spec.secrets,
      secretName: (path) => {
        const n = upperSnake(`${f.variables[self]}_${path.join('_')}`)
        secrets.push(n)
        return n
      },
      uses: new Set(),
      noRefTo: noRef.get(self) ?? new Set(),
      provider: spec.provider,
      outside: f.outside,
      usesOutside: new Set(),
    }
    const inputs = sourceValue(statedInputs(spec, o.inputs), [], c)
    const after = afterOf(f, o, self, noRef.get(self))
    for (const i of after) c.uses.add(i)
    const dependsOn = after.length ? `, dependsOn: [${after.map((i) => f.variables[i]).join(', ')}]` : ''
    const options = `{ importId: ${JSON.stringify(o.importId)}, protect: true${dependsOn} }`
    const call = `${spec.provider}.${lowerFirst(spec.type)}(${JSON.stringify(f.nodes[self])}, ${inputs})`
    const text = `const ${f.variables[self]} = ${call}.options(${options})`
    return { text, uses: c.uses, usesOutside: c.usesOutside, secrets }
  })
}

/** The objects `o` must come after though no field of it refers to them (its spec's `discover.after`). */
const afterOf = (f: Frame, o: DiscoveredObject, self: number, noRef: ReadonlySet<number> | undefined): number[] => {
  const rules = f.registry.resources.get(o.token)?.discover?.after ?? []
  const out: number[] = []
  if (rules.length === 0) return out
  f.objects.forEach((x, i) => {
    if (i === self || noRef?.has(i)) return
    if (
      rules.some(
        (r) => x.token === r.token && x.inputs[r.field] !== undefined && x.inputs[r.field] === o.inputs[r.field],
      )
    )
      out.push(i)
  })
  return out
}

/** Declaration order: what an object refers to comes first; an edge that would close a cycle is noted. */
const order = (rendered: ReadonlyArray<Rendered>): { order: number[]; cycle?: [number, number] } => {
  const out: number[] = []
  const state = new Map<number, 'open' | 'done'>()
  let cycle: [number, number] | undefined
  const visit = (i: number): void => {
    if (state.get(i) === 'done' || cycle) return
    state.set(i, 'open')
    for (const j of rendered[i].uses) {
      if (state.get(j) === 'open') cycle ??= [i, j]
      else visit(j)
    }
    state.set(i, 'done')
    out.push(i)
  }
  rendered.forEach((_, i) => visit(i))
  return cycle ? { order: out, cycle } : { order: out }
}

const ENV_HELPER = [
  '/** A secret the platform never returns: set it in the environment before planning. */',
  'const env = (name: string): string => {',
  '  const value = process.env[name]',
  '  if (value === undefined) throw new Error(`${name} is not set: it holds a secret the platform does not return`)',
  '  return value',
  '}',
]

/** Render the objects, dropping refs that would close a cycle (rare: two objects naming each other). */
const renderAcyclic = (f: Frame) => {
  const noRef = new Map<number, Set<number>>()
  let rendered = render(f, noRef)
  let o = order(rendered)
  // the later edge of a cycle keeps its literal id
  for (let guard = 0; o.cycle && guard < f.objects.length * f.objects.length; guard++) {
    const [from, to] = o.cycle
    noRef.set(from, new Set([...(noRef.get(from) ?? []), to]))
    rendered = render(f, noRef)
    o = order(rendered)
  }
  return { rendered, order: o.order }
}

/**
 * The program's source for discovered objects (pure: no platform asked, nothing written).
 * @example
 * const source = generateSource(registry, discovered.objects, { stack: 'legacy' })
 */
export const generateSource = (
  registry: Registry,
  objects: ReadonlyArray<DiscoveredObject>,
  opts: GenerateOptions,
): string => {
  const outside = opts.outside ?? NO_OUTSIDE
  const names = objectNames(objects)
  const decls = outsideDecls(outside, names.variable)
  const frame: Frame = { registry, objects, outside: decls.sources, variables: names.variable, nodes: names.node }
  const { rendered, order: ordered } = renderAcyclic(frame)
  const used = decls.declare(new Set(rendered.flatMap((r) => [...r.usesOutside])))
  // a lookup is of the provider of the objects that refer to it: their imports cover it
  const providers = [...new Set(objects.map((x) => x.provider))]
  const secrets = rendered.some((r) => r.secrets.length > 0)
  const picks = used.lines.some((l) => l.includes('theOne('))
  const added = [...used.lookups, ...ordered.map((i) => names.variable[i])]
  const lines = [
    `// Generated by \`trellis generate\` from ${objects.length} existing object(s). The next reviewed plan imports`,
    '// each one (importId) and changes nothing else; protect keeps them from being deleted by mistake.',
    ...(used.lines.length ? ['// What they refer to outside the selection is read by lookups, at plan.'] : []),
    `import { stack${secrets ? ', secret' : ''} } from 'trellis'`,
    ...providers.sort().map((p) => `import * as ${p} from 'trellis/${p}'`),
    '',
    ...(secrets ? [...ENV_HELPER, ''] : []),
    ...(picks ? [...THE_ONE, ''] : []),
    ...used.lines,
    ...ordered.map((i) => rendered[i].text),
    '',
    `export default stack(${JSON.stringify(opts.stack)}).add(${added.join(', ')})`,
    '',
  ]
  return lines.join('\n')
}
