/**
 * The dependency rule of DESIGN.md, kept by scanning imports: src/core imports nothing of ours
 * outside itself; nothing under src/ (the edges aside: the CLI, and src/workspace, the embedding API
 * that builds the real handler from clients/) imports builders/ or clients/; clients/ imports
 * only src/core, the emulators also the provider specs (whose declared vocabularies and defaults
 * they share rather than restate); cross-fetch is imported by clients/fetch.ts alone.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, resolve, dirname } from 'node:path'

const test = suite('architecture')
const root = resolve(new URL('..', import.meta.url).pathname)
const walk = (d: string): string[] =>
  readdirSync(d).flatMap((f) =>
    statSync(join(d, f)).isDirectory() ? walk(join(d, f)) : f.endsWith('.ts') ? [join(d, f)] : [],
  )
const importsOf = (file: string) =>
  [...readFileSync(file, 'utf8').matchAll(/(?:^|\n)\s*(?:import|export)[^'"\n]*?from\s+['"]([^'"]+)['"]/g)].map(
    (m) => m[1],
  )
const target = (file: string, spec: string) =>
  spec.startsWith('.') ? relative(root, resolve(dirname(file), spec)) : spec

test('src/core depends only on itself and libraries', () => {
  for (const f of walk(join(root, 'src/core')))
    for (const i of importsOf(f).map((s) => target(f, s)))
      assert.ok(!i.startsWith('src/') || i.startsWith('src/core'), `${relative(root, f)} imports ${i}`)
})

test('src (except the edges: CLI, workspace, entry points) never imports builders/ or clients/', () => {
  const edge = (f: string) =>
    f.includes('/src/cli/') ||
    f.includes('/src/testing/') ||
    f.includes('/src/workspace/') ||
    f.includes('/src/entries/')
  for (const f of walk(join(root, 'src')).filter((f) => !edge(f)))
    for (const i of importsOf(f).map((s) => target(f, s)))
      assert.ok(!i.startsWith('builders') && !i.startsWith('clients'), `${relative(root, f)} imports ${i}`)
})

test('src/engine does not import the providers', () => {
  for (const f of walk(join(root, 'src/engine')))
    for (const i of importsOf(f).map((s) => target(f, s)))
      assert.ok(!i.startsWith('src/providers'), `${relative(root, f)} imports ${i}`)
})

test('clients import only src/core among our modules (emulators also the specs, for the platforms’ vocabularies)', () => {
  for (const f of walk(join(root, 'clients'))) {
    // an emulator states the platform's defaults and enumerations once: as its spec declares them
    const emulator = relative(root, f).startsWith('clients/emulators/')
    for (const i of importsOf(f).map((s) => target(f, s)))
      assert.ok(
        !i.startsWith('src/') || i.startsWith('src/core') || (emulator && i.startsWith('src/providers/')),
        `${relative(root, f)} imports ${i}`,
      )
  }
})

test('cross-fetch is imported only by clients/fetch.ts', () => {
  for (const f of [...walk(join(root, 'src')), ...walk(join(root, 'clients')), ...walk(join(root, 'builders'))])
    if (importsOf(f).includes('cross-fetch')) assert.is(relative(root, f), 'clients/fetch.ts')
})

test.run()
