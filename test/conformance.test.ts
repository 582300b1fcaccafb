/**
 * Conformance: every registered spec keeps the kernel's promises — its builder is frozen, its
 * valid example compiles, each invalid example fails on its documented path, its outputs codec
 * accepts its example outputs, and its wire decode accepts its example reply. Every spec file is
 * registered.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { readdirSync, readFileSync } from 'node:fs'
import { isLeft, isRight } from 'fp-ts/Either'
import { providers, registry } from '#trellis'
import { buildersFor } from '#trellis/engine'
import { compileWith as compile } from '#trellis/engine'
import { stack } from '#trellis'
import { resourceNode, lookupNode } from '#trellis/engine'

const test = suite('conformance')
const c = compile(registry)

for (const p of providers) {
  const b = buildersFor(p) as unknown as Record<string, (name: string, i?: unknown) => { node: unknown }>
  for (const spec of Object.values(p.resources)) {
    const fn = spec.type[0].toLowerCase() + spec.type.slice(1)
    test(`${spec.token}: builder is frozen and the valid example compiles`, () => {
      const built = b[fn]('example', spec.examples.valid)
      assert.ok(Object.isFrozen(built) && Object.isFrozen(built.node))
      const r = c(stack('conformance').add(built as never))
      if (isLeft(r))
        assert.unreachable(r.left.issues.map((i) => `${i.path}: expected ${i.expected}, got ${i.given}`).join('; '))
    })
    test(`${spec.token}: each invalid example fails on its documented path`, () => {
      assert.ok(spec.examples.invalid.length > 0, 'at least one invalid example')
      for (const [input, path] of spec.examples.invalid) {
        const r = c(stack('conformance').add(resourceNode(spec.token, 'bad', input as Record<string, unknown>)))
        assert.ok(isLeft(r), `expected ${JSON.stringify(input)} to fail on ${path}`)
        if (isLeft(r))
          assert.ok(
            r.left.issues.some((i) => i.path === path),
            `expected an error on \`${path}\`, got ${r.left.issues.map((i) => i.path).join(', ')}`,
          )
      }
    })
    test(`${spec.token}: outputs codec accepts the example outputs; decode accepts the example reply`, () => {
      assert.ok(isRight(spec.outputs.decode(spec.examples.outputs)))
      if (spec.examples.reply !== undefined) {
        const d = spec.wire.decode(spec.examples.reply, { config: {}, inputs: spec.examples.valid })
        assert.ok(isRight(d), isLeft(d) ? String(d.left) : '')
      }
      for (const f of spec.replaceOn) assert.ok(typeof f === 'string')
    })
  }
  for (const spec of Object.values(p.lookups)) {
    test(`${spec.token}: valid example compiles, invalid ones fail on their path, result example decodes`, () => {
      const r = c(stack('conformance').add(b[spec.fn]('example', spec.examples.valid) as never))
      if (isLeft(r)) assert.unreachable(r.left.issues.map((i) => `${i.path}: ${i.expected}`).join('; '))
      for (const [input, path] of spec.examples.invalid) {
        const bad = c(stack('conformance').add(lookupNode(spec.token, 'bad', input as Record<string, unknown>)))
        assert.ok(
          isLeft(bad) && bad.left.issues.some((i) => i.path === path),
          `expected ${JSON.stringify(input)} to fail on ${path}`,
        )
      }
      assert.ok(isRight(spec.result.decode(spec.examples.result)))
      if (spec.examples.reply !== undefined)
        assert.ok(isRight(spec.wire.decode(spec.examples.reply, spec.examples.valid, { config: {} })))
    })
  }
}

test('every spec file under src/providers is registered', () => {
  const tokens = new Set([...registry.resources.keys(), ...registry.lookups.keys()])
  for (const p of ['cost', 'hosting', 'cloud']) {
    const dir = new URL(`../src/providers/${p}/`, import.meta.url)
    // spec files sit directly in the provider's folder; shared/ holds the pieces they share
    for (const f of readdirSync(dir).filter((x) => x.endsWith('.ts'))) {
      const text = readFileSync(new URL(f, dir), 'utf8')
      // specs made with defineResource/defineLookup or a shared constructor (e.g. collectionLookup)
      for (const m of text.matchAll(new RegExp(`token: '(${p}:[A-Za-z]+)'`, 'g')))
        assert.ok(tokens.has(m[1]), `${p}/${f} defines ${m[1]} but it is not in the provider's index.ts`)
    }
  }
})

test('every resource type can be looked up after a lost or interrupted create (wire.list or wire.find), or says why not', () => {
  const blind = [...registry.resources.values()]
    .filter((s) => s.wire.list === undefined && s.wire.find === undefined && s.wire.unfindable === undefined)
    .map((s) => s.token)
  assert.equal(blind, [], 'these types could be created twice (or left orphaned) after a lost reply')
  // and find builds a request from the valid example, without throwing
  for (const s of registry.resources.values())
    if (s.wire.find) assert.ok(s.wire.find(s.examples.valid, { config: {} }), s.token)
})

test('a provider folder holds only its index, its config and spec files (shared pieces live in shared/)', () => {
  for (const p of ['cost', 'hosting', 'cloud']) {
    const dir = new URL(`../src/providers/${p}/`, import.meta.url)
    for (const f of readdirSync(dir).filter((x) => x.endsWith('.ts') && x !== 'index.ts' && x !== 'config.ts'))
      assert.match(
        readFileSync(new URL(f, dir), 'utf8'),
        new RegExp(`token: '${p}:[A-Za-z]+'`),
        `${p}/${f} defines no spec: move it to ${p}/shared/`,
      )
  }
})

test('builders/<provider>.ts are generated from the current registries', async () => {
  const { render, targets } = await import('../builders/generate')
  for (const t of targets)
    assert.is(
      readFileSync(new URL(`../builders/${t.name}.ts`, import.meta.url), 'utf8'),
      render(t.name, t.varName),
      `run: npx tsx builders/generate.ts`,
    )
})

test.run()
