/**
 * Loads a user's program for the CLI: `.ts`, `.mts`, `.cts`, `.js`, `.mjs` or `.cjs`, in a package
 * that is `"type": "module"` or CommonJS. TypeScript goes through tsx, registered only when a
 * TypeScript program is loaded (so `import 'trellis'` never loads it), for both module systems: a
 * `.ts` file in a CommonJS package is compiled to CommonJS and loaded by `require`.
 */
import { existsSync, readFileSync } from 'node:fs'
import { dirname, extname, join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

const TYPESCRIPT = new Set(['.ts', '.mts', '.cts', '.tsx'])
const JAVASCRIPT = new Set(['.js', '.mjs', '.cjs', '.jsx'])

let registered: Promise<void> | undefined

/** tsx's hooks for `import` and `require`, once per process. */
const registerTypeScript = (): Promise<void> =>
  (registered ??= (async () => {
    // run from the TypeScript source (a checkout), tsx already loads this very file
    if (import.meta.url.endsWith('.ts')) return
    const [esm, cjs] = await Promise.all([import('tsx/esm/api'), import('tsx/cjs/api')])
    esm.register()
    cjs.register()
  })())

/** The module system Node gives a file: by its extension, else by the nearest package.json's `type`. */
export const moduleSystemOf = (file: string): { readonly system: 'esm' | 'commonjs'; readonly why: string } => {
  const ext = extname(file)
  if (ext === '.mts' || ext === '.mjs') return { system: 'esm', why: `its extension is ${ext}` }
  if (ext === '.cts' || ext === '.cjs') return { system: 'commonjs', why: `its extension is ${ext}` }
  for (let dir = dirname(file); ; dir = dirname(dir)) {
    const pj = join(dir, 'package.json')
    if (existsSync(pj)) {
      let type: unknown
      try {
        type = (JSON.parse(readFileSync(pj, 'utf8')) as { type?: unknown }).type
      } catch {
        type = undefined
      }
      return type === 'module'
        ? { system: 'esm', why: `${pj} says "type": "module"` }
        : {
            system: 'commonjs',
            why: `${pj} ${type === undefined ? 'has no "type"' : `says "type": ${JSON.stringify(type)}`}`,
          }
    }
    if (dirname(dir) === dir) return { system: 'commonjs', why: 'no package.json above it says "type": "module"' }
  }
}

/**
 * Import the program and return its exports: the default export (unwrapped from a CommonJS
 * module's `exports.default` when the file was compiled from `export default`) and the named ones
 * (`environments`, `configCodec`).
 */
export const importProgramModule = async (file: string): Promise<Readonly<Record<string, unknown>>> => {
  const path = resolve(file)
  const ext = extname(path)
  if (!existsSync(path)) throw new Error(`${file}: no such file`)
  if (!TYPESCRIPT.has(ext) && !JAVASCRIPT.has(ext))
    throw new Error(`${file}: expected a .ts, .mts, .cts, .js, .mjs or .cjs program, got ${ext || 'no extension'}`)
  if (TYPESCRIPT.has(ext)) await registerTypeScript()
  let mod: Record<string, unknown>
  try {
    mod = (await import(pathToFileURL(path).href)) as Record<string, unknown>
  } catch (e) {
    throw explain(file, path, e)
  }
  const d = mod.default
  // `export default` compiled to CommonJS arrives as { __esModule, default, ...named }
  const cjs =
    typeof d === 'object' && d !== null && (d as { __esModule?: unknown }).__esModule === true && 'default' in d
  return cjs ? { ...(d as Record<string, unknown>) } : mod
}

/** Import the program and return its default export. */
export const importProgram = async (file: string): Promise<unknown> => (await importProgramModule(file)).default

/** Errors that only mean "this file is CommonJS", told as such, with the fix. */
const explain = (file: string, path: string, e: unknown): unknown => {
  const message = e instanceof Error ? e.message : String(e)
  const { system, why } = moduleSystemOf(path)
  const only = /top-level await|Cannot use import statement|import\.meta|ERR_REQUIRE_ASYNC_MODULE/i
  const line = message.split('\n').find((l) => only.test(l))
  if (system !== 'commonjs' || line === undefined) return e
  return new Error(
    `${file} is loaded as CommonJS (${why}), and it uses what only an ES module can (${line.trim()}). ` +
      `Add "type": "module" to that package.json, or rename the program to .mts.`,
    { cause: e },
  )
}
