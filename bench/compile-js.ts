/**
 * Compiled-JS mode of the peer comparison: the entry files and every relative module they import
 * are transpiled (TypeScript's own transpileModule, no type check) to CommonJS under `outDir`, so
 * `node <outDir>/…/entry.js` runs with no TypeScript loader at all — for trellis and for the
 * peers' scripts alike. Package imports (fp-ts, io-ts, @pulumi/pulumi, cdktf) stay as they are.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import ts from 'typescript'

const IMPORT =
  /(?:^|[\s;])(?:import|export)\b[^'"]*?from\s*['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g

const resolveTs = (from: string, spec: string): string => {
  const base = resolve(dirname(from), spec)
  for (const c of [base, `${base}.ts`, join(base, 'index.ts')]) if (c.endsWith('.ts') && existsSync(c)) return c
  throw new Error(`compile-js: cannot resolve ${spec} from ${from}`)
}

/** Transpile `entries` and their relative imports under `rootDir` to CommonJS in `outDir`; returns the entries' .js paths. */
export const compileToCjs = (entries: ReadonlyArray<string>, rootDir: string, outDir: string): string[] => {
  const seen = new Set<string>()
  const queue = entries.map((e) => resolve(e))
  while (queue.length > 0) {
    const file = queue.pop()!
    if (seen.has(file)) continue
    seen.add(file)
    const source = readFileSync(file, 'utf8')
    for (const m of source.matchAll(IMPORT)) queue.push(resolveTs(file, m[1] ?? m[2]))
    const out = ts.transpileModule(source, {
      fileName: file,
      compilerOptions: {
        module: ts.ModuleKind.CommonJS,
        target: ts.ScriptTarget.ES2022,
        esModuleInterop: true,
        sourceMap: false,
      },
    })
    const target = join(outDir, relative(rootDir, file)).replace(/\.ts$/, '.js')
    mkdirSync(dirname(target), { recursive: true })
    writeFileSync(target, out.outputText)
  }
  // the repository's package.json says "type": "module"; these files are CommonJS
  writeFileSync(join(outDir, 'package.json'), '{ "type": "commonjs" }\n')
  return entries.map((e) => join(outDir, relative(rootDir, resolve(e))).replace(/\.ts$/, '.js'))
}
