/**
 * Writes builders/<provider>.ts from the registries: named exports destructured from
 * `buildersFor(provider)`, so `import * as cost from 'trellis/cost'` works. Generated, never edited;
 * test/builders checks the files are current. Run: `npx tsx builders/generate.ts`.
 */
import { writeFileSync } from 'node:fs'
import { providers } from '../src/providers'

const uncapitalize = (s: string) => s[0].toLowerCase() + s.slice(1)

export const render = (name: string, varName: string): string => {
  const p = providers.find((x) => x.name === name)!
  const names = [...Object.keys(p.resources).map(uncapitalize), ...Object.keys(p.lookups)]
  const lines = [
    `/** The ${name} provider's builders, generated from its registry by builders/generate.ts — do not edit. */`,
    `import { ${varName} } from '../src/providers/${name}'`,
    `import { buildersFor } from './builder'`,
    ``,
    `export const ${name} = buildersFor(${varName})`,
    `export const {`,
    `  provider,`,
    `  fromEnv,`,
    `  bridgeConfig,`,
    ...names.map((n) => `  ${n},`),
    `} = ${name}`,
    `export default ${name}`,
    ``,
  ]
  return lines.join('\n')
}

export const targets = [
  { name: 'cost', varName: 'costProvider' },
  { name: 'hosting', varName: 'hostingProvider' },
  { name: 'cloud', varName: 'cloudProvider' },
] as const

if (process.argv[1]?.endsWith('generate.ts'))
  for (const t of targets) writeFileSync(new URL(`./${t.name}.ts`, import.meta.url), render(t.name, t.varName))
