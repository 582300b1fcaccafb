/**
 * Conformance over EVERY resource type, against the emulators (issue 13 items 5 and 6): the node of
 * each every-resource row is applied as written, without each optional field it sets, and with its
 * required fields only. For each variant:
 * - import: every object the apply made, imported by its import id into a fresh state (and, the
 *   other way in, adopted by the `importId` option), plans no change for the node — fields the
 *   platform defaults or reports, and identity fields the program leaves to the provider, do not diff;
 * - omitted is not cleared: no create or update request of the node carries an optional field the
 *   program left out as a clearing value ([] / null / ""), unless the spec declares that it must.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { isLeft } from 'fp-ts/Either'
import { stack, providerInstance, type Stack } from '#trellis'
import { resourceNode } from '#trellis/engine'
import type { ResourceNode } from '#trellis'
import { elementOf, fieldsOf } from '#trellis/engine'
import { isRef } from '#trellis'
import { compileWith as compile } from '#trellis/engine'
import { apply, plan, importResource } from '#trellis/engine'
import { changes, type Plan } from '#trellis'
import { renderPlan } from '#trellis'
import { registry } from '#trellis'
import { describeRequest, type WireRequest } from '#trellis/engine'
import { ROWS, type Row } from './interpreter/every-resource-rows'
import { recording, type Sent } from './conformance-recording'
import { ok } from './helpers'

const changesOf = (p: Plan, address: string): string => {
  const cs = changes(p).filter((s) => s.address === address)
  return cs.length === 0 ? '' : renderPlan({ ...p, steps: cs }, registry)
}

// ── variants of a row's node ─────────────────────────────────────────────────
/** the hosting provider knows its default team, so a node may leave teamId to it */
const PROVIDERS = { hosting: providerInstance('hosting', { defaultTeamSlug: 'acme' }) }

interface Variant {
  readonly label: string
  /** the row's BEFORE and AFTER with the node changed alike */
  readonly before: Stack
  readonly after: Stack
}

const nodeIn = (st: Stack, row: Row): ResourceNode | undefined =>
  st.nodes.find((n): n is ResourceNode => n._tag === 'Resource' && n.token === row.token && n.name === row.name)

const remade = (st: Stack, row: Row, f: (inputs: Record<string, unknown>) => Record<string, unknown>): Stack =>
  stack(st.name, { providers: { ...PROVIDERS, ...st.providers } }).add(
    ...st.nodes.map((n) =>
      n._tag === 'Resource' && n.token === row.token && n.name === row.name
        ? resourceNode(n.token, n.name, f(n.inputs), n.options)
        : n,
    ),
  )

const without = (k: string) => (o: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(o).filter(([n]) => n !== k))
const isObject = (u: unknown): u is Record<string, unknown> => typeof u === 'object' && u !== null && !isRef(u)

/** programs beyond the rows' own: combinations the rows leave out */
const EXTRA: Readonly<
  Record<string, ReadonlyArray<readonly [string, (i: Record<string, unknown>) => Record<string, unknown>]>>
> = {
  // a report naming both its folder and the folder's workspace
  'cost:CostReport': [['with workspaceToken beside folderToken', (i) => ({ ...i, workspaceToken: 'wrkspc_default' })]],
  // a sub-folder naming its parent's workspace too
  'cost:Folder': [
    ['with workspaceToken beside parentFolderToken', (i) => ({ ...i, workspaceToken: 'wrkspc_default' })],
  ],
  // left to the provider's default team
  'hosting:EnvironmentVariable': [['without teamId, siteId', (i) => without('siteId')(without('teamId')(i))]],
}

const variantsOf = (row: Row): { variants: Variant[]; refused: string[] } => {
  const spec = registry.resources.get(row.token)!
  const node = nodeIn(row.after, row)!
  const fields = fieldsOf(spec.inputs)
  const optional = fields.filter((f) => !f.required).map((f) => f.name)
  const setOptional = optional.filter((k) => node.inputs[k] !== undefined)
  // an optional key of the objects a field holds (one object, or a list of them) left out of each
  const nested = fields.flatMap((f) => {
    const value = node.inputs[f.name]
    const items = Array.isArray(value) ? value : [value]
    if (isRef(value) || !items.every(isObject)) return []
    return fieldsOf(elementOf(f.codec) ?? f.codec)
      .filter((k) => !k.required && items.some((x) => x[k.name] !== undefined))
      .map((k): readonly [string, (i: Record<string, unknown>) => Record<string, unknown>] => [
        `without ${f.name}.${k.name}`,
        (i) => {
          const v = i[f.name]
          const drop = (x: unknown) => (isObject(x) ? without(k.name)(x) : x)
          return { ...i, [f.name]: Array.isArray(v) ? v.map(drop) : drop(v) }
        },
      ])
  })
  const all: Array<readonly [string, (i: Record<string, unknown>) => Record<string, unknown>]> = [
    ['as written', (i) => i],
    ...setOptional.map((k) => [`without ${k}`, without(k)] as const),
    ...nested,
    ...(setOptional.length > 1
      ? [
          [
            'required fields only',
            (i: Record<string, unknown>) =>
              Object.fromEntries(Object.entries(i).filter(([k]) => !optional.includes(k))),
          ] as const,
        ]
      : []),
    ...(EXTRA[row.token] ?? []),
  ]
  // a variant a cross-field rule refuses or warns about (e.g. an API binding without its API) is
  // not a program to hold to this
  const refused: string[] = []
  const variants = all.flatMap(([label, f]): Variant[] => {
    const v = { label, before: remade(row.before, row, f), after: remade(row.after, row, f) }
    const bad = [v.before, v.after].some((st) => {
      const c = compile(registry, { now: new Date() })(st)
      return isLeft(c) || c.right.warnings.length > 0 || noWorkspace(st, row)
    })
    if (bad) refused.push(label)
    return bad ? [] : [v]
  })
  return { variants, refused }
}

/**
 * The row's report or folder left with neither a parent nor a workspace: its plan refuses it on
 * this account, which sees two workspaces (test/providers/cost/workspace-choice.test.ts).
 */
const PARENT: Readonly<Record<string, string>> = {
  'cost:CostReport': 'folderToken',
  'cost:Folder': 'parentFolderToken',
}
const noWorkspace = (st: Stack, row: Row): boolean =>
  PARENT[row.token] !== undefined &&
  st.nodes.some(
    (n) =>
      n._tag === 'Resource' &&
      n.token === row.token &&
      n.name === row.name &&
      n.inputs[PARENT[row.token]] === undefined &&
      n.inputs.workspaceToken === undefined,
  )

// ── omitted fields in what was sent ──────────────────────────────────────────
const norm = (k: string) => k.toLowerCase().replace(/[_-]/g, '').replace(/s$/, '')
const isClearing = (v: unknown) => v === null || v === '' || (Array.isArray(v) && v.length === 0)
const bodyOf = (r: WireRequest): unknown => (r._tag === 'Rest' ? r.body : r.params)

/**
 * `[path, value]` of every key of `body`, at any depth, holding a clearing value and named like one
 * of `fields` — by its own name (`saved_filter_tokens`, `SavedFilterTokens`) or joined to the keys
 * above it (`ServiceConfig.Timeout` for `serviceConfigTimeout`)
 */
const clearedIn = (body: unknown, fields: ReadonlyArray<string>, at = '', above = ''): Array<[string, unknown]> => {
  if (typeof body !== 'object' || body === null || fields.length === 0) return []
  const names = new Set(fields.map(norm))
  return Object.entries(body).flatMap(([k, v]): Array<[string, unknown]> => {
    const path = Array.isArray(body) ? `${at}[${k}]` : at ? `${at}.${k}` : k
    const joined = Array.isArray(body) ? above : above + k
    const named = names.has(norm(k)) || names.has(norm(joined))
    return [...(named && isClearing(v) ? [[path, v] as [string, unknown]] : []), ...clearedIn(v, fields, path, joined)]
  })
}

/** the optional fields (and keys of nested objects) a node's inputs leave out */
const omittedFrom = (codec: Parameters<typeof fieldsOf>[0], inputs: Readonly<Record<string, unknown>>): string[] =>
  fieldsOf(codec).flatMap((f) => {
    const v = inputs[f.name]
    if (v === undefined) return f.required ? [] : [f.name]
    const items = (Array.isArray(v) ? v : [v]).filter(isObject)
    const inner = elementOf(f.codec) ?? f.codec
    return items.flatMap((x) => omittedFrom(inner, x))
  })

/**
 * What the node's creates and updates sent, as clearing values, for fields its inputs leave out —
 * except what the spec declares: fields it sends empty (`sentEmpty`), and on update the computed
 * fields, which go back as the platform holds them.
 */
const clearingSends = (
  sent: ReadonlyArray<Sent>,
  address: string,
  inputs: Readonly<Record<string, unknown>>,
): string[] => {
  const spec = registry.resources.get(address.slice(0, address.indexOf('/')))!
  const omitted = [...new Set(omittedFrom(spec.inputs, inputs))].filter((f) => !(spec.sentEmpty ?? []).includes(f))
  return sent
    .filter((s) => s.address === address && (s.op === 'create' || s.op === 'update'))
    .flatMap((s) =>
      clearedIn(
        bodyOf(s.req),
        s.op === 'update' ? omitted.filter((f) => !(spec.computed ?? []).includes(f)) : omitted,
      ).map(([path, v]) => `${s.op} ${describeRequest(s.req)} sends ${path}: ${JSON.stringify(v)}`),
    )
}

// ── the suite ────────────────────────────────────────────────────────────────
const run = async (row: Row, v: Variant): Promise<void> => {
  const address = `${row.token}/${row.name}`
  const rec = recording()
  const env = rec.env()
  // BEFORE then AFTER: the node is created, then updated or replaced (or left) by the row's change
  ok(await apply(v.before)(env)(), `${v.label}: apply BEFORE`)
  const beforeSent = rec.sent.splice(0)
  const a = ok(await apply(v.after)(env)(), `${v.label}: apply AFTER`)
  const r = a.state.resources[address]
  assert.ok(r, `${v.label}: ${address} is in state`)

  // 6. omitted optional fields are not sent as clearing values
  const cleared = [
    ...clearingSends(beforeSent, address, nodeIn(v.before, row)!.inputs),
    ...clearingSends(rec.sent, address, nodeIn(v.after, row)!.inputs),
  ]
  assert.ok(cleared.length === 0, `${v.label}: omitted fields sent as clearing values:\n  ${cleared.join('\n  ')}`)

  // 5. import into a fresh state: the plan is empty
  const fresh = rec.env()
  for (const x of Object.values(a.state.resources)) {
    const importId = registry.resources.get(x.token)!.identity.printImportId(x.id, x.inputs)
    ok(await importResource(v.after, x.token, x.name, importId)(fresh)(), `${v.label}: import ${x.address}`)
  }
  const p = ok(await plan(v.after)(fresh)(), `${v.label}: plan after import`).plan
  const step = p.steps.find((x) => x.address === address)!
  if (step.action !== 'noop') {
    const gaps = row.importGaps ?? []
    const outside = step.diff.filter((d) => !gaps.includes(d.path))
    assert.ok(
      step.action === 'update' && gaps.length > 0 && outside.length === 0,
      `${v.label}: plan after import (documented gaps: ${gaps.join(', ') || 'none'}):\n${changesOf(p, address)}`,
    )
  }
  // …and adopted by the importId option, then re-planned
  const adopting = stack(v.after.name, { providers: v.after.providers }).add(
    ...v.after.nodes.map((n) => {
      const x = n._tag === 'Resource' ? a.state.resources[`${n.token}/${n.name}`] : undefined
      return n._tag === 'Resource' && x
        ? resourceNode(n.token, n.name, n.inputs, {
            ...n.options,
            importId: registry.resources.get(n.token)!.identity.printImportId(x.id, x.inputs),
          })
        : n
    }),
  )
  const adopted = rec.env()
  ok(await apply(adopting)(adopted)(), `${v.label}: apply with importId options`)
  assert.is(
    changesOf(ok(await plan(adopting)(adopted)(), `${v.label}: re-plan after importId`).plan, address),
    '',
    `${v.label}: re-plan after importId`,
  )
}

// ── the declarations they rest on ────────────────────────────────────────────
const declared = suite('conformance: computed, sentEmpty and defaults name optional inputs')
for (const spec of registry.resources.values())
  declared(`${spec.token}`, () => {
    const optional = fieldsOf(spec.inputs)
      .filter((f) => !f.required)
      .map((f) => f.name)
    const computed: ReadonlyArray<string> = spec.computed ?? []
    const sentEmpty: ReadonlyArray<string> = spec.sentEmpty ?? []
    for (const f of [...computed, ...sentEmpty, ...Object.keys(spec.defaults?.({}) ?? {})])
      assert.ok(optional.includes(f), `${spec.token}: ${f} is declared but is not an optional input`)
    // the platform keeps a computed field left out: sending it empty would clear it
    assert.equal(
      computed.filter((f) => sentEmpty.includes(f)),
      [],
      `${spec.token}: computed fields are never sent empty`,
    )
  })
declared.run()

for (const provider of ['cost', 'hosting', 'cloud']) {
  const test = suite(`conformance (${provider}): import plans no change, omitted fields are not cleared`)
  for (const row of ROWS.filter((r) => r.token.startsWith(`${provider}:`))) {
    const { variants, refused } = variantsOf(row)
    const note = refused.length ? ` (not programs, the rules refuse or warn: ${refused.join('; ')})` : ''
    test(`${row.token}: ${variants.map((v) => v.label).join('; ')}${note}`, async () => {
      const failures: string[] = []
      for (const v of variants)
        try {
          await run(row, v)
        } catch (e) {
          failures.push(e instanceof Error ? e.message : String(e))
        }
      assert.ok(failures.length === 0, failures.join('\n\n'))
    })
  }
  test.run()
}
