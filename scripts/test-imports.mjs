#!/usr/bin/env node
// Rewrites the test tree's relative imports of src/, builders/ and clients/ to the package's import
// aliases (package.json "imports"), so moving a source file breaks at most the suites that test it:
//   - a module that is a public entry itself (src/index.ts, builders/cost.ts, ...) -> its entry;
//   - named imports a public entry exports as the same declarations -> that entry (#trellis, ...),
//     unless the module is the suite's own subject (test/x/plan.test.ts importing src/x/plan.ts);
//   - anything else in src/ -> #src/<path> (a unit suite's subject, or an internal no entry exports);
//   - anything else in builders/ or clients/ stays relative (no alias reaches them).
// Then, for the named imports of #src/* that are not the suite's mirror (test/core/wire.test.ts's is
// #src/core/wire): each name a public entry exports as the same declaration, under its own name or
// another, moves to that entry (`import { makeRef } from '#src/core/ref'` becomes
// `import { ref as makeRef } from '#trellis'`); the names no entry exports stay on their #src line.
// A file saying `test-imports: keep relative` is left (a program copied out of the tree, where no
// alias resolves). Re-runnable: it only touches relative specifiers, so a second run changes nothing.
//   node scripts/test-imports.mjs           rewrite, then list what changed
//   node scripts/test-imports.mjs --check   list what would change; exit 1 when something would
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { basename, dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const check = process.argv.includes('--check')
const KEEP = 'test-imports: keep relative'

/** The public entries, in the order a name is looked for (package.json "imports"). */
const ENTRIES = Object.entries(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).imports)
  .filter(([alias]) => alias.startsWith('#trellis'))
  .map(([alias, file]) => ({ alias, file: resolve(root, file) }))

const walk = (dir) =>
  readdirSync(dir).flatMap((f) => {
    const p = join(dir, f)
    if (statSync(p).isDirectory()) return f === 'artifacts' || f === 'node_modules' ? [] : walk(p)
    return /\.(ts|mts|tsx)$/.test(p) && !p.endsWith('.d.ts') ? [p] : []
  })

const testFiles = walk(join(root, 'test'))
const config = ts.getParsedCommandLineOfConfigFile(join(root, 'tsconfig.json'), {}, ts.sys)
const program = ts.createProgram([...testFiles, ...ENTRIES.map((e) => e.file)], config.options)
const checker = program.getTypeChecker()

const resolved = (sym) => (sym.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(sym) : sym)

/** per entry: exported name -> the declaration it stands for */
const entryExports = ENTRIES.map((e) => {
  const sf = program.getSourceFile(e.file)
  const mod = sf && checker.getSymbolAtLocation(sf)
  const names = new Map((mod ? checker.getExportsOfModule(mod) : []).map((s) => [s.name, resolved(s)]))
  return { ...e, names }
})

/** The file a relative specifier names (with .ts or /index.ts), when it lies in src/, builders/ or clients/. */
const targetOf = (from, spec) => {
  if (!spec.startsWith('.')) return undefined
  const base = resolve(dirname(from), spec.replace(/\.(js|ts)$/, ''))
  const file = [`${base}.ts`, join(base, 'index.ts')].find((f) => ts.sys.fileExists(f))
  const rel = file && relative(root, file)
  return rel && /^(src|builders|clients)\//.test(rel) ? file : undefined
}

const stem = (f) => basename(f).replace(/(\.test)?\.tsx?$/, '')
const isSubject = (testFile, target) =>
  stem(testFile) === (stem(target) === 'index' ? basename(dirname(target)) : stem(target))

/** The names a declaration imports or re-exports, each with its node; undefined when not all named. */
const namedBindings = (node) => {
  if (ts.isExportDeclaration(node))
    return node.exportClause && ts.isNamedExports(node.exportClause) ? [...node.exportClause.elements] : undefined
  const clause = node.importClause
  if (!clause || clause.name || !clause.namedBindings || !ts.isNamedImports(clause.namedBindings)) return undefined
  return [...clause.namedBindings.elements]
}

/** The public entry exporting every name as the same declaration, if any. */
const publicEntry = (node) => {
  const elements = namedBindings(node)
  if (!elements || elements.length === 0) return undefined
  const wanted = elements.map((el) => {
    const sym = ts.isExportSpecifier(el)
      ? checker.getExportSpecifierLocalTargetSymbol(el)
      : checker.getSymbolAtLocation(el.name)
    return { name: (el.propertyName ?? el.name).text, sym: sym && resolved(sym) }
  })
  if (wanted.some((w) => !w.sym || w.sym.flags & ts.SymbolFlags.ValueModule)) return undefined
  return entryExports.find((e) => wanted.every((w) => e.names.get(w.name) === w.sym))?.alias
}

/** The new specifier for one import, or undefined to leave it. */
const rewrite = (testFile, target, node) => {
  const entry = ENTRIES.find((e) => e.file === target)
  if (entry) return entry.alias
  const viaEntry = node && !isSubject(testFile, target) ? publicEntry(node) : undefined
  if (viaEntry) return viaEntry
  const rel = relative(root, target)
  return rel.startsWith('src/') ? `#src/${rel.slice(4).replace(/\.ts$/, '')}` : undefined
}

/** The module specifiers of a file: static imports and re-exports, import() calls, import types. */
const specifiers = (sf) => {
  const found = []
  const visit = (node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      if (ts.isStringLiteral(node.moduleSpecifier)) found.push({ lit: node.moduleSpecifier, node })
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments
      if (arg && ts.isStringLiteralLike(arg)) found.push({ lit: arg })
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      if (ts.isStringLiteral(node.argument.literal)) found.push({ lit: node.argument.literal })
    }
    ts.forEachChild(node, visit)
  }
  visit(sf)
  return found
}

/** name -> [alias, exported name] over the entries, in their order: where a declaration is public */
const publicNames = (sym) => {
  for (const e of entryExports) for (const [name, s] of e.names) if (s === sym) return [e.alias, name]
  return undefined
}

/** test/core/wire.test.ts -> core/wire: the src module a suite mirrors (a helper mirrors none) */
const mirrorOf = (testFile) => {
  const rel = relative(join(root, 'test'), testFile)
  return rel.endsWith('.test.ts') ? rel.slice(0, -'.test.ts'.length) : undefined
}

/**
 * The text replacing one named import of a #src/* module that is not the suite's mirror: its public
 * names grouped by entry, the rest kept; undefined when nothing in it is public.
 */
const splitPublic = (testFile, sf, node) => {
  const spec = node.moduleSpecifier.text
  if (!spec.startsWith('#src/') || spec.slice(5) === mirrorOf(testFile)) return undefined
  const elements = namedBindings(node)
  if (!elements || elements.length === 0) return undefined
  const typeOnly = node.importClause.isTypeOnly ? 'type ' : ''
  const byEntry = new Map()
  const kept = []
  for (const el of elements) {
    const sym = checker.getSymbolAtLocation(el.name)
    const found = sym && !(resolved(sym).flags & ts.SymbolFlags.ValueModule) ? publicNames(resolved(sym)) : undefined
    if (!found) {
      kept.push(el.getText(sf))
      continue
    }
    const [alias, name] = found
    const local = el.name.text
    const text = `${el.isTypeOnly ? 'type ' : ''}${name === local ? name : `${name} as ${local}`}`
    byEntry.set(alias, [...(byEntry.get(alias) ?? []), text])
  }
  if (byEntry.size === 0) return undefined
  // names all marked `type` become one `import type { … }`
  const line = (names, from) =>
    names.every((n) => n.startsWith('type '))
      ? `import type { ${names.map((n) => n.slice(5)).join(', ')} } from '${from}'`
      : `import ${typeOnly}{ ${names.join(', ')} } from '${from}'`
  return [...[...byEntry].map(([alias, names]) => line(names, alias)), ...(kept.length ? [line(kept, spec)] : [])].join(
    '\n',
  )
}

let changed = 0
let left = 0
for (const file of testFiles) {
  const sf = program.getSourceFile(file)
  // a program copied out of the tree and loaded there, where no alias resolves, says so
  if (!sf || sf.text.includes(KEEP)) continue
  const edits = []
  for (const { lit, node } of specifiers(sf)) {
    const target = targetOf(file, lit.text)
    if (!target) continue
    const to = rewrite(file, target, node)
    if (to) edits.push({ start: lit.getStart(sf) + 1, end: lit.getEnd() - 1, to })
    else left++
  }
  for (const node of sf.statements.filter((n) => ts.isImportDeclaration(n) && ts.isStringLiteral(n.moduleSpecifier))) {
    const to = splitPublic(file, sf, node)
    if (to) edits.push({ start: node.getStart(sf), end: node.getEnd(), to })
  }
  if (edits.length === 0) continue
  changed++
  const text = edits
    .sort((a, b) => b.start - a.start)
    .reduce((t, e) => t.slice(0, e.start) + e.to + t.slice(e.end), sf.text)
  console.log(
    `${check ? 'would rewrite' : 'rewrote'} ${relative(root, file)} (${edits.length} import${edits.length === 1 ? '' : 's'})`,
  )
  if (!check) writeFileSync(file, text)
}
console.log(
  `${changed} file${changed === 1 ? '' : 's'} ${check ? 'to rewrite' : 'rewritten'}; ${left} relative import${left === 1 ? '' : 's'} of builders/ or clients/ left (no entry exports them)`,
)
if (check && changed > 0) process.exit(1)
