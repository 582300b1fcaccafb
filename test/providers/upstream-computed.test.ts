/**
 * What users read back (issue 14 items 8 and 9): every attribute the upstream providers compute is
 * one trellis exposes — a computed one as an output, an Optional+Computed one as an input read
 * back (or an output) — or is named in its spec file's header as an upstream attribute trellis
 * lacks, with the reason. The attributes come from test/fixtures/upstream-computed.json, whose
 * `source` says where each provider's list was read.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import * as t from 'io-ts'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { registry } from '#trellis'

interface Entry {
  readonly computed?: ReadonlyArray<string>
  readonly optionalComputed?: ReadonlyArray<string>
  readonly lacking?: ReadonlyArray<string>
}
const table = JSON.parse(readFileSync(join(process.cwd(), 'test/fixtures/upstream-computed.json'), 'utf8')) as {
  readonly source: string
  readonly resources: Readonly<Record<string, Entry>>
}

/** The codec a field path leads to in an object codec (through exact, intersection, partial, array), if any. */
const at = (c: t.Mixed | undefined, path: ReadonlyArray<string>): t.Mixed | undefined => {
  if (!c || path.length === 0) return c
  const x = c as t.Mixed & { type?: t.Mixed; types?: t.Mixed[]; props?: t.Props }
  if (x instanceof t.ExactType) return at(x.type, path)
  if (x instanceof t.ArrayType) return at(x.type, path)
  if (x instanceof t.IntersectionType || x instanceof t.UnionType)
    return (x.types as t.Mixed[]).map((y) => at(y, path)).find((y) => y !== undefined)
  if (x.props && path[0] in x.props) return at(x.props[path[0]], path.slice(1))
  return undefined
}
const has = (c: t.Mixed, field: string) => at(c, field.split('.')) !== undefined

const kebab = (s: string) => s.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase()
/** the header comment of a spec's file */
const headerOf = (token: string): string => {
  const [provider, type] = token.split(':')
  const src = readFileSync(join(process.cwd(), 'src/providers', provider, `${kebab(type)}.ts`), 'utf8')
  return src.slice(0, src.indexOf('*/'))
}

test('the table says where it came from and covers every resource type, and only those', () => {
  assert.match(table.source, /wire\/cloud\.md/)
  assert.match(table.source, /terraform-provider-netlify/)
  assert.equal(Object.keys(table.resources).sort(), [...registry.resources.keys()].sort())
})

for (const [token, e] of Object.entries(table.resources))
  test(`${token}: the upstream computed attributes are exposed, or their absence explained`, () => {
    const spec = registry.resources.get(token)!
    const missing: string[] = []
    for (const f of e.computed ?? [])
      if (f !== 'id' && !has(spec.outputs, f)) missing.push(`${f} (computed: an output)`)
    for (const f of e.optionalComputed ?? [])
      if (!has(spec.inputs, f) && !has(spec.outputs, f)) missing.push(`${f} (optional+computed: an input read back)`)
    assert.equal(missing, [], `${token} lacks upstream attributes`)
    const header = headerOf(token)
    for (const f of e.lacking ?? []) {
      assert.not.ok(has(spec.inputs, f) || has(spec.outputs, f), `${token}.${f} is carried now: take it off the list`)
      assert.match(header, /Upstream attributes[^]*$/, `${token}: the file header lists the attributes it lacks`)
      assert.ok(header.slice(header.search(/Upstream attributes/)).includes(f), `${token}: the header names ${f}`)
    }
  })

test.run()
