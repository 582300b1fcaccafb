/**
 * Conformance against the platforms' defaults (issue 34 items 1 and 2), for every resource type
 * test/fixtures/platform-defaults.json names (defaults read from the wire references and the
 * official SDK types, not from the specs under test). The every-resource row's node is applied
 * with every defaulted field stated at its default, and with every one left out; then:
 * - import: each object, imported by its import id into a fresh state, plans no change for the node
 *   (beside the row's documented import gaps) — at every depth of nested objects and lists;
 * - read back: every field the platform filled in is in state after apply, as an output or as the
 *   input read back, holding the platform's value.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { isLeft, type Either } from 'fp-ts/Either'
import { stack, providerInstance, type Stack } from '#trellis'
import { resourceNode } from '#trellis/engine'
import type { ResourceNode } from '#trellis'
import { isRef } from '#trellis'
import { apply, plan, importResource, formatEngineError, type EngineError } from '#trellis/engine'
import { changes } from '#trellis'
import { renderPlan } from '#trellis'
import { registry } from '#trellis'
import { ROWS, type Row } from './interpreter/every-resource-rows'
import { recording } from './conformance-recording'

const table = JSON.parse(readFileSync(join(process.cwd(), 'test/fixtures/platform-defaults.json'), 'utf8')) as {
  readonly source: string
  readonly resources: Readonly<Record<string, Readonly<Record<string, unknown>>>>
}

const ok = <A>(r: Either<EngineError, A>, what: string): A => {
  if (isLeft(r)) throw new Error(`${what}: ${formatEngineError(r.left)}`)
  return r.right
}
type Rec = Record<string, unknown>
const isObject = (u: unknown): u is Rec => typeof u === 'object' && u !== null && !Array.isArray(u) && !isRef(u)

// ── values at a path (`*`: every item of a list) ─────────────────────────────
/** `v` with `value` at `path` where nothing is there (objects on the way made; lists: their items) */
const stated = (v: unknown, path: ReadonlyArray<string>, value: unknown): unknown => {
  if (path.length === 0) return v === undefined ? value : v
  const [head, ...rest] = path
  if (head === '*') return Array.isArray(v) ? v.map((x) => stated(x, rest, value)) : v
  if (v !== undefined && !isObject(v)) return v
  const o = v ?? {}
  return { ...o, [head]: stated(o[head], rest, value) }
}
/** `v` without the key at `path` */
const leftOut = (v: unknown, path: ReadonlyArray<string>): unknown => {
  const [head, ...rest] = path
  if (head === '*') return Array.isArray(v) ? v.map((x) => leftOut(x, rest)) : v
  if (!isObject(v)) return v
  if (rest.length === 0) return Object.fromEntries(Object.entries(v).filter(([k]) => k !== head))
  return v[head] === undefined ? v : { ...v, [head]: leftOut(v[head], rest) }
}
/** every value at `path` in `v`, with where it was found */
const valuesAt = (v: unknown, path: ReadonlyArray<string>, at = ''): Array<[string, unknown]> => {
  if (path.length === 0) return [[at, v]]
  const [head, ...rest] = path
  if (head === '*') return Array.isArray(v) ? v.flatMap((x, i) => valuesAt(x, rest, `${at}[${i}]`)) : []
  return isObject(v) ? valuesAt(v[head], rest, at ? `${at}.${head}` : head) : [[`${at}.${head}`, undefined]]
}

// ── the row's stack with the node changed ────────────────────────────────────
const PROVIDERS = { hosting: providerInstance('hosting', { defaultTeamSlug: 'acme' }) }
const remade = (st: Stack, row: Row, f: (inputs: Rec) => Rec): Stack =>
  stack(st.name, { providers: { ...PROVIDERS, ...st.providers } }).add(
    ...st.nodes.map((n) =>
      n._tag === 'Resource' && n.token === row.token && n.name === row.name
        ? resourceNode(n.token, n.name, f(n.inputs), n.options)
        : n,
    ),
  )
const nodeOf = (st: Stack, row: Row): ResourceNode =>
  st.nodes.find((n): n is ResourceNode => n._tag === 'Resource' && n.token === row.token && n.name === row.name)!

const paths = (token: string) => Object.entries(table.resources[token]).map(([p, v]) => [p.split('.'), v] as const)
const allStated = (token: string) => (i: Rec) => paths(token).reduce<Rec>((acc, [p, v]) => stated(acc, p, v) as Rec, i)
const allLeftOut = (token: string) => (i: Rec) => paths(token).reduce<Rec>((acc, [p]) => leftOut(acc, p) as Rec, i)

/** apply, then import each object into a fresh state and plan: the node's changes outside its documented gaps */
const importThenPlan = async (row: Row, st: Stack) => {
  const address = `${row.token}/${row.name}`
  const rec = recording()
  const applied = ok(await apply(st)(rec.env())(), 'apply')
  const fresh = rec.env()
  for (const x of Object.values(applied.state.resources)) {
    const importId = registry.resources.get(x.token)!.identity.printImportId(x.id, x.inputs)
    ok(await importResource(st, x.token, x.name, importId)(fresh)(), `import ${x.address}`)
  }
  const p = ok(await plan(st)(fresh)(), 'plan after import').plan
  const gaps = row.importGaps ?? []
  const cs = changes(p).filter((s) => s.address === address)
  const outside = cs.filter((s) => s.action !== 'update' || s.diff.some((d) => !gaps.includes(d.path)))
  return {
    state: applied.state.resources[address],
    shown: outside.length === 0 ? '' : renderPlan({ ...p, steps: outside }, registry),
  }
}

// ── the suite ────────────────────────────────────────────────────────────────
const test = suite('conformance: import against the platform defaults; what the platform fills in is read back')

test('the table names every registered resource type, each with its every-resource row', () => {
  // none skipped: a type with no documented default is listed with {} (and still imported, plan empty)
  assert.equal(Object.keys(table.resources).sort(), [...registry.resources.keys()].sort())
})

test('the table says where it came from and names only registered types with optional fields', () => {
  assert.match(table.source, /wire\/cost\.md/)
  assert.match(table.source, /vantage-client/)
  assert.match(table.source, /wire\/hosting\.md/)
  assert.match(table.source, /wire\/cloud\.md/)
  for (const token of Object.keys(table.resources)) {
    assert.ok(registry.resources.has(token), `${token} is registered`)
    assert.ok(
      ROWS.some((r) => r.token === token),
      `${token} has an every-resource row`,
    )
  }
})

for (const token of Object.keys(table.resources)) {
  const row = ROWS.find((r) => r.token === token)!
  test(`${token}: every default stated, then every default left out: import plans no change`, async () => {
    const failures: string[] = []
    for (const [label, f] of [
      ['every default stated', allStated(token)],
      ['every default left out', allLeftOut(token)],
    ] as const) {
      const { shown } = await importThenPlan(row, remade(row.before, row, f))
      if (shown !== '') failures.push(`${label}:\n${shown}`)
    }
    assert.is(failures.join('\n'), '')
  })

  test(`${token}: every default left out is read back after apply`, async () => {
    const st = remade(row.before, row, allLeftOut(token))
    const { state } = await importThenPlan(row, st)
    const missing: string[] = []
    for (const [path, value] of paths(token)) {
      const top = path[0]
      const held = state.outputs[top] !== undefined ? state.outputs[top] : state.inputs[top]
      const found = valuesAt({ [top]: held }, path)
      // a nested default inside an object or list the node does not have: nothing filled in to read
      const where = valuesAt(nodeOf(st, row).inputs, path.slice(0, -1))
      if (path.length > 1 && where.every(([, v]) => v === undefined)) continue
      for (const [at, v] of found)
        if (JSON.stringify(v) !== JSON.stringify(value))
          missing.push(`${at}: expected ${JSON.stringify(value)}, state has ${JSON.stringify(v)}`)
    }
    assert.equal(missing, [])
  })
}

test.run()
