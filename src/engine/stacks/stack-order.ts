/**
 * stackOrder: the stacks of one run in dependency order. A stack depends on every stack whose
 * exports its nodes (or its own exports) read through `output(...)` refs; selecting a stack brings
 * along what it depends on, as a target brings its dependencies. A cycle between stacks, or a
 * selected name that is not a stack of the run, is an issue naming the stacks.
 */
import { issue, type Issue } from '../../core/issue'
import { refsIn } from '../../core/ref'
import type { Stack } from '../../core/stack'
import { stackOfRef } from '../../core/stack-output-ref'
import { closestName } from '../../core/closest-name'

/** The stacks one stack reads exports of, with the outputs it reads of each (the program's or the store's). */
export const stackInputs = (s: Stack): ReadonlyMap<string, ReadonlySet<string>> => {
  const out = new Map<string, Set<string>>()
  const note = (u: unknown): void => {
    for (const r of refsIn(u)) {
      const from = stackOfRef(r)
      if (from === undefined || from === s.name) continue
      let names = out.get(from)
      if (!names) out.set(from, (names = new Set()))
      names.add(r.path[0])
    }
  }
  for (const n of s.nodes) note(n._tag === 'Resource' ? n.inputs : n.args)
  note(s.outputs)
  return out
}

/** The order of a run: each stack after those it reads, ties in the program's order. */
export interface StackOrder {
  /** the stacks of the run, producers first */
  readonly ordered: ReadonlyArray<Stack>
  /** per stack, the stacks of the program it reads (each also in `ordered`, before it) */
  readonly deps: ReadonlyMap<string, ReadonlyArray<string>>
  /** stacks read that the program does not return: read from the store */
  readonly external: ReadonlyMap<string, ReadonlySet<string>>
}

const problem = (node: string, expected: string, given: string, message: string): Issue =>
  issue(node, { path: '', expected, given, message })

/**
 * The stacks to run, producers first: `select` (empty: all) and everything it depends on. Issues
 * when a name is duplicated or unknown, or the stacks read each other in a cycle.
 */
export const stackOrder = (
  stacks: ReadonlyArray<Stack>,
  select: ReadonlyArray<string> = [],
): { readonly order: StackOrder } | { readonly issues: ReadonlyArray<Issue> } => {
  const byName = new Map<string, Stack>()
  const issues: Issue[] = []
  for (const s of stacks)
    if (byName.has(s.name))
      issues.push(
        problem(`stack ${s.name}`, 'one stack per name', 'two', `two stacks of the program are named ${s.name}`),
      )
    else byName.set(s.name, s)
  for (const n of select)
    if (!byName.has(n)) {
      const near = closestName(n, byName.keys())
      const known = [...byName.keys()].join(', ')
      issues.push(
        problem(
          `stack ${n}`,
          `a stack of the program (${known})`,
          n,
          `no stack named ${n}${near ? ` (did you mean ${near}?)` : ''}`,
        ),
      )
    }
  if (issues.length > 0) return { issues }
  const reads = new Map([...byName].map(([name, s]) => [name, stackInputs(s)]))
  const deps = new Map<string, ReadonlyArray<string>>()
  const external = new Map<string, Set<string>>()
  for (const [name, r] of reads) {
    deps.set(
      name,
      [...r.keys()].filter((d) => byName.has(d)),
    )
    for (const [d, outs] of r) if (!byName.has(d)) external.set(d, new Set([...(external.get(d) ?? []), ...outs]))
  }
  const ordered: Stack[] = []
  const state = new Map<string, 'visiting' | 'done'>()
  const visit = (name: string, path: ReadonlyArray<string>): void => {
    const at = state.get(name)
    if (at === 'done') return
    if (at === 'visiting') {
      const cycle = [...path.slice(path.indexOf(name)), name].join(' → ')
      issues.push(
        problem(
          `stack ${name}`,
          'stacks that read each other without a cycle',
          cycle,
          `stacks read each other in a cycle: ${cycle}`,
        ),
      )
      return
    }
    state.set(name, 'visiting')
    for (const d of deps.get(name) ?? []) visit(d, [...path, name])
    state.set(name, 'done')
    ordered.push(byName.get(name)!)
  }
  for (const name of select.length ? select : [...byName.keys()]) visit(name, [])
  if (issues.length > 0) return { issues }
  const chosen = new Set(ordered.map((s) => s.name))
  const ext = new Map(external)
  // a store-only stack read only by stacks left out of the run is not read
  for (const [d] of ext) if (![...reads].some(([name, r]) => chosen.has(name) && r.has(d))) ext.delete(d)
  return { order: { ordered, deps, external: ext } }
}
