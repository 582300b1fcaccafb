/**
 * Format generated source with the prettier of the project it is written into, under that
 * project's settings — only when the project has both (trellis does not ship a formatter).
 */
import { createRequire } from 'node:module'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { prettierModule } from './prettier-module'

interface Prettier {
  readonly resolveConfig: (file: string) => Promise<Record<string, unknown> | null>
  readonly format: (source: string, options: Record<string, unknown>) => Promise<string>
}

/** The source formatted as the project at `file` formats TypeScript, or as it is when it has no prettier settings. */
export const formatSource = async (source: string, file: string): Promise<string> => {
  const at = resolve(file)
  let prettier: Prettier
  try {
    const found = createRequire(at).resolve('prettier')
    const mod = (await prettierModule(pathToFileURL(found).href)) as Prettier & { default?: Prettier }
    prettier = typeof mod.format === 'function' ? mod : mod.default!
  } catch {
    return source
  }
  const config = await prettier.resolveConfig(at)
  if (!config) return source
  return prettier.format(source, { ...config, filepath: at })
}
