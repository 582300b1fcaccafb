/**
 * The declarations of what a generated program reads outside the selection: each lookup once
 * (`const teamAcme = hosting.getTeam("acme", { slug: "acme" })`), each item picked from a lookup's
 * list once (`const workspaceDefault = workspaces.out.workspaces.map(...)`), named uniquely beside
 * the objects' variables — and only those the rendered objects use.
 */
import type { Outside } from './outside-lookups'
import type { OutsideSource } from './source-value'

export const THE_ONE = [
  "/** The one item of a lookup's list that matches: an object outside this program, found at plan. */",
  'const theOne = <T>(items: ReadonlyArray<T>, what: string, match: (item: T) => boolean): T => {',
  '  const found = items.filter(match)',
  '  const [one] = found',
  '  if (one === undefined || found.length > 1) throw new Error(`expected one ${what}, found ${found.length}`)',
  '  return one',
  '}',
]

const camel = (s: string): string =>
  s
    .split(/[^A-Za-z0-9]+/)
    .filter((w) => w !== '')
    .map((w, k) => (k === 0 ? w[0].toLowerCase() + w.slice(1) : w[0].toUpperCase() + w.slice(1)))
    .join('')

/** A variable named after `words`, unique among `vars` (which it joins). */
const uniqueVariable = (words: string, vars: Set<string>): string => {
  const base = camel(words) || 'found'
  const b = /^[0-9]/.test(base) ? `_${base}` : base
  let v = b
  for (let k = 2; vars.has(v) || RESERVED_WORDS.has(v); k++) v = `${b}${k}`
  vars.add(v)
  return v
}

/** Declarations of what the program reads outside the selection: lookups, and items picked from their lists. */
interface OutsideDecls {
  /** ref key → how a field reads it */
  readonly sources: ReadonlyMap<string, OutsideSource>
  /** the declarations (`const teamAcme = hosting.getTeam(...)`) a set of used ref keys needs, and the lookups' variables */
  readonly declare: (used: ReadonlySet<string>) => { readonly lines: string[]; readonly lookups: string[] }
}

export const outsideDecls = (outside: Outside, taken: ReadonlyArray<string>): OutsideDecls => {
  const vars = new Set(taken)
  const nodes = new Set<string>()
  const lookups = outside.lookups.map((l) => {
    let node = l.node
    for (let k = 2; nodes.has(`${l.fn} ${node}`); k++) node = `${l.node}-${k}`
    nodes.add(`${l.fn} ${node}`)
    const variable = uniqueVariable(l.words, vars)
    return { variable, line: `const ${variable} = ${l.provider}.${l.fn}(${JSON.stringify(node)}${argsSource(l.args)})` }
  })
  const picks = new Map<string, { variable: string; line: string }>()
  const sources = new Map<string, OutsideSource>()
  for (const [key, r] of outside.refs) {
    const at = `${lookups[r.lookup].variable}${r.expr}`
    if (!r.pick) {
      sources.set(key, { text: at })
      continue
    }
    const id = `${r.lookup} ${r.pick}`
    if (!picks.has(id)) {
      const variable = uniqueVariable(r.pick, vars)
      picks.set(id, { variable, line: `const ${variable} = ${at}` })
    }
    sources.set(key, { text: picks.get(id)!.variable })
  }
  const declare = (used: ReadonlySet<string>) => {
    const refs = [...used].map((k) => outside.refs.get(k)!)
    const ls = [...new Set(refs.map((r) => r.lookup))].sort((a, b) => a - b)
    const ps = [...new Set(refs.flatMap((r) => (r.pick ? [`${r.lookup} ${r.pick}`] : [])))].sort()
    return {
      lines: [...ls.map((i) => lookups[i].line), ...ps.map((p) => picks.get(p)!.line)],
      lookups: ls.map((i) => lookups[i].variable),
    }
  }
  return { sources, declare }
}

const RESERVED_WORDS = new Set(['env', 'stack', 'secret', 'cost', 'hosting', 'cloud', 'default', 'theOne'])

const argsSource = (args: Readonly<Record<string, unknown>>): string => {
  const fields = Object.entries(args).map(([k, v]) => `${k}: ${JSON.stringify(v)}`)
  return fields.length ? `, { ${fields.join(', ')} }` : ''
}
