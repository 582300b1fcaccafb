/**
 * Every public export of the documented entry points, and every field of every resource and
 * lookup as a user reaches it (a builder's setter, a lookup's argument, an `.out` ref), carries a
 * doc comment: what editors show on hover and `npm run docs` (TypeDoc) turns into the API
 * reference. Read through the TypeScript compiler, so a doc lost in a mapped type fails too.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { projectOptions } from './fixtures/project-options'
import { providers } from '#trellis'
import { fieldsOf } from '#trellis/engine'

const test = suite('docs')
const root = fileURLToPath(new URL('..', import.meta.url))
// the package's entry points (package.json exports)
const ENTRIES = [
  'src/index.ts',
  'src/testing/index.ts',
  'src/entries/engine.ts',
  'clients/index.ts',
  'builders/cost.ts',
  'builders/hosting.ts',
  'builders/cloud.ts',
  'src/policies/index.ts',
]

// one program for every test: building it is most of this suite's time
let built: { program: ts.Program; checker: ts.TypeChecker } | undefined
const compiled = () => {
  if (built) return built
  const program = ts.createProgram(
    ENTRIES.map((e) => join(root, e)),
    projectOptions(root),
  )
  built = { program, checker: program.getTypeChecker() }
  return built
}

const docOf = (checker: ts.TypeChecker, s: ts.Symbol): string =>
  ts.displayPartsToString(s.getDocumentationComment(checker)).trim()

/**
 * A doc whose every sentence only restates the field's kind (the spec's table column), its source or
 * a rule checked elsewhere says nothing about what the field is: it counts as missing.
 */
const BOILERPLATE = new RegExp(
  `^(${[
    'required',
    'optional',
    'input',
    'output',
    'computed',
    '(computed|set) by the platform( \\(from the wire reference; not in the spec\\))?',
    'an? (argument|field of the result)( \\(spec\\))?',
    'not in the spec; from the wire reference( \\(see the module doc\\))?',
    'named in the spec \\(no note there\\)',
    'changing it replaces the resource',
    'non-empty',
  ].join('|')})$`,
  'i',
)
const isFiller = (doc: string): boolean =>
  doc
    .split(/(?<=\.)\s+/)
    .map((x) => x.trim().replace(/\.$/, ''))
    .every((x) => x === '' || BOILERPLATE.test(x))

test('the package entry points are exactly the ones documented and given to TypeDoc', () => {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { imports: Record<string, string> }
  const typedoc = JSON.parse(readFileSync(join(root, 'typedoc.json'), 'utf8')) as { entryPoints: string[] }
  // the #trellis* aliases are the package's entries; #src/* reaches any module, for unit suites
  const sources = Object.entries(pkg.imports)
    .filter(([k]) => k.startsWith('#trellis'))
    .map(([, p]) => p.replace(/^\.\//, ''))
  assert.equal([...sources].sort(), [...ENTRIES].sort())
  assert.equal([...typedoc.entryPoints].sort(), [...ENTRIES].sort())
})

test('every export of trellis, trellis/testing, trellis/clients, trellis/cost, trellis/hosting and trellis/cloud has a doc comment', () => {
  const { program, checker } = compiled()
  const undocumented = ENTRIES.flatMap((e) => {
    const mod = checker.getSymbolAtLocation(program.getSourceFile(join(root, e))!)!
    return checker
      .getExportsOfModule(mod)
      .filter((s) => docOf(checker, s.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(s) : s) === '')
      .map((s) => `${e}: ${s.name}`)
  })
  assert.equal(undocumented, [])
})

test('every field of every resource and lookup has a doc comment on hover: setters, lookup arguments, .out refs', () => {
  const { program, checker } = compiled()
  const problems: string[] = []
  let fields = 0
  const check = (where: string, props: ReadonlyArray<ts.Symbol>) => {
    for (const p of props) {
      if (p.name.startsWith('__@')) continue // the type-level marker of pending inputs
      fields++
      const doc = docOf(checker, p)
      if (doc === '') problems.push(`${where}.${p.name}: no doc comment`)
      else if (isFiller(doc)) problems.push(`${where}.${p.name}: the doc only says ${JSON.stringify(doc)}`)
    }
  }
  const outOf = (t: ts.Type, at: ts.Node) => {
    const out = t.getProperty('out')!
    return checker.getTypeOfSymbolAtLocation(out, at).getProperties()
  }
  for (const p of providers) {
    const sf = program.getSourceFile(join(root, 'builders', `${p.name}.ts`))!
    const all = checker.getExportsOfModule(checker.getSymbolAtLocation(sf)!).find((s) => s.name === p.name)!
    const builders = checker.getTypeOfSymbolAtLocation(all, sf)
    const fnOf = (name: string) => {
      const sig = checker.getTypeOfSymbolAtLocation(builders.getProperty(name)!, sf).getCallSignatures()[0]
      return { sig, made: checker.getReturnTypeOfSignature(sig) }
    }
    for (const type of Object.keys(p.resources)) {
      const name = type[0].toLowerCase() + type.slice(1)
      const { made } = fnOf(name)
      const methods = new Set(['node', 'out', 'set', 'options'])
      check(
        `${p.name}.${name}()`,
        made.getProperties().filter((s) => !methods.has(s.name)),
      )
      check(`${p.name}.${name}().out`, outOf(made, sf))
    }
    for (const fn of Object.keys(p.lookups)) {
      const { sig, made } = fnOf(fn)
      const args = sig.getParameters()[1]
      check(
        `${p.name}.${fn}(args)`,
        checker.getNonNullableType(checker.getTypeOfSymbolAtLocation(args, sf)).getProperties(),
      )
      check(`${p.name}.${fn}().out`, outOf(made, sf))
    }
  }
  // as many as the codecs have at run time (setters + `.out` with id; arguments + `.out` with id): none missed
  const names = (c: Parameters<typeof fieldsOf>[0]) => new Set(fieldsOf(c).map((f) => f.name))
  const expected = providers.reduce(
    (n, p) =>
      n +
      Object.values(p.resources).reduce((m, r) => {
        const inputs = names(r.inputs)
        return m + inputs.size + new Set([...inputs, ...names(r.outputs), 'id']).size
      }, 0) +
      Object.values(p.lookups).reduce((m, l) => m + names(l.args).size + new Set([...names(l.result), 'id']).size, 0),
    0,
  )
  assert.is(fields, expected, 'the fields the builders type are the fields the codecs decode')
  assert.equal(problems, [])
})

test.run()
