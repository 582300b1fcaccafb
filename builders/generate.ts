/**
 * Writes builders/<provider>.ts from the registries: one documented named export per builder of
 * `buildersFor(provider)` (its spec's doc, shown on hover), so `import * as cost from 'trellis/cost'`
 * works. Generated, never edited; test/builders checks the files are current.
 * Run: `npx tsx builders/generate.ts`.
 */
import { writeFileSync } from 'node:fs'
import { providers } from '../src/providers'
import type { LookupSpec, ResourceSpec } from '../src/core/spec'

const uncapitalize = (s: string) => s[0].toLowerCase() + s.slice(1)

/** A JSDoc block of `text`, wrapped under the print width (editors show it on hover; TypeDoc reads it). */
const docBlock = (text: string, width = 100): string[] => {
  const words = text.replace(/\*\//g, '* /').split(/\s+/).filter(Boolean)
  const lines: string[] = []
  let line = ''
  for (const w of words)
    if (line && line.length + 1 + w.length > width) {
      lines.push(line)
      line = w
    } else line = line ? `${line} ${w}` : w
  if (line) lines.push(line)
  return lines.length === 1 ? [`/** ${lines[0]} */`] : ['/**', ...lines.map((l) => ` * ${l}`), ' */']
}

export const render = (name: string, varName: string): string => {
  const p = providers.find((x) => x.name === name)!
  const builders = [
    ...Object.entries<ResourceSpec>(p.resources).map(([type, spec]) => ({
      name: uncapitalize(type),
      doc: `\`${spec.token}\`: ${spec.doc} Call it with a node name and, optionally, initial inputs.`,
    })),
    ...Object.entries<LookupSpec>(p.lookups).map(([fn, spec]) => ({
      name: fn,
      doc: `\`${spec.token}\` (a lookup, read at plan time): ${spec.doc}`,
    })),
  ]
  const lines = [
    `/** The ${name} provider's builders, generated from its registry by builders/generate.ts — do not edit. */`,
    `import { ${varName} } from '../src/providers/${name}'`,
    `import { buildersFor } from './builder'`,
    ``,
    ...docBlock(`Every builder of the ${name} provider (also this module's default export). ${p.doc}`),
    `export const ${name} = buildersFor(${varName})`,
    `/** A provider instance of ${name} for \`stack(name, { providers })\`, from its configuration. */`,
    `export const provider = ${name}.provider`,
    ...docBlock(
      `A provider instance of ${name} whose unset configuration comes from environment variables ` +
        '(call it at the edge with process.env); explicit values win.',
    ),
    `export const fromEnv = ${name}.fromEnv`,
    `/** The configuration of a ${name} provider instance under the underlying engine's key names. */`,
    `export const bridgeConfig = ${name}.bridgeConfig`,
    ...builders.flatMap((b) => [...docBlock(b.doc), `export const ${b.name} = ${name}.${b.name}`]),
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
