/**
 * Writes builders/<provider>.ts from the registries: one documented named export per builder of
 * `buildersFor(provider)` (its spec's doc, shown on hover), so `import * as cost from 'trellis/cost'`
 * works, and per resource and lookup an interface of its inputs and outputs (arguments and result)
 * whose every field carries its doc — the notes written on the spec's codecs, which a declaration
 * file of the codecs loses — so users' editors show them on a setter, a field of the initial
 * object, an `.out` ref and a lookup argument. Generated, never edited; test/builders checks the
 * files are current. Run: `npx tsx builders/generate.ts`.
 */
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
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

/** One field of a spec's codec type: its name, whether optional, its doc comment (may be ''). */
interface Field {
  readonly name: string
  readonly optional: boolean
  readonly doc: string
}

/**
 * The fields of every codec of a provider's specs, read by the type checker from the source (the
 * doc comments are there only): `fields(kind, type, part)` for `resources`/`lookups`, a type name
 * or lookup function, and `inputs`/`outputs`/`args`/`result`.
 */
const fieldReader = (name: string, varName: string) => {
  const file = fileURLToPath(new URL(`../src/providers/${name}/index.ts`, import.meta.url))
  const program = ts.createProgram([file], {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
  })
  const checker = program.getTypeChecker()
  const source = program.getSourceFile(file)!
  const exported = checker.getExportsOfModule(checker.getSymbolAtLocation(source)!)
  const provider = exported.find((e) => e.name === varName)!
  const at = provider.valueDeclaration!
  const prop = (t: ts.Type, key: string): ts.Type => checker.getTypeOfSymbolAtLocation(t.getProperty(key)!, at)
  const providerType = checker.getTypeOfSymbolAtLocation(provider, at)
  return (kind: 'resources' | 'lookups', key: string, part: string): ReadonlyArray<Field> => {
    const codec = prop(prop(prop(providerType, kind), key), part)
    // a codec's static type is its `_A`
    return checker
      .getApparentType(prop(codec, '_A'))
      .getProperties()
      .map((f) => ({
        name: f.name,
        optional: (f.flags & ts.SymbolFlags.Optional) !== 0,
        doc: ts.displayPartsToString(f.getDocumentationComment(checker)).replace(/\s+/g, ' ').trim(),
      }))
  }
}

/**
 * An interface of `fields`, each typed by indexing `source` (a local alias of the spec's own type,
 * so the types stay the codecs') and carrying its doc; a type of no fields when there are none.
 */
const fieldInterface = (title: string, iface: string, source: string, fields: ReadonlyArray<Field>): string[] =>
  fields.length === 0
    ? [...docBlock(title), `export type ${iface} = Record<never, never>`]
    : [
        ...docBlock(title),
        `export interface ${iface} {`,
        ...fields.flatMap((f) => [
          ...(f.doc ? docBlock(f.doc, 96).map((l) => `  ${l}`) : []),
          `  readonly ${f.name}${f.optional ? '?' : ''}: ${source}['${f.name}']`,
        ]),
        `}`,
      ]

/** The documented interfaces of every resource's inputs and outputs and every lookup's arguments and result. */
const interfaces = (name: string, varName: string): string[] => {
  const p = providers.find((x) => x.name === name)!
  const fields = fieldReader(name, varName)
  const resources = Object.entries<ResourceSpec>(p.resources).flatMap(([type, spec]) => [
    ...fieldInterface(
      `The inputs of \`${spec.token}\`: each has a setter of its name, and may be given in the initial object.`,
      `${type}Inputs`,
      `R<'${type}'>`,
      fields('resources', type, 'inputs'),
    ),
    ...fieldInterface(
      `The outputs of \`${spec.token}\`, as refs under \`.out\` (with every input and \`id\`).`,
      `${type}Outputs`,
      `O<'${type}'>`,
      fields('resources', type, 'outputs'),
    ),
  ])
  const lookups = Object.entries<LookupSpec>(p.lookups).flatMap(([fn, spec]) => {
    const type = fn[0].toUpperCase() + fn.slice(1)
    return [
      ...fieldInterface(
        `The arguments of the lookup \`${spec.token}\`.`,
        `${type}Args`,
        `A<'${fn}'>`,
        fields('lookups', fn, 'args'),
      ),
      ...fieldInterface(
        `The result of the lookup \`${spec.token}\`, as refs under \`.out\`.`,
        `${type}Result`,
        `L<'${fn}'>`,
        fields('lookups', fn, 'result'),
      ),
    ]
  })
  return [
    `type Spec = typeof ${varName}`,
    `type R<K extends keyof Spec['resources']> = SpecI<Spec['resources'][K]>`,
    `type O<K extends keyof Spec['resources']> = SpecO<Spec['resources'][K]>`,
    `type A<K extends keyof Spec['lookups']> = LArgs<Spec['lookups'][K]>`,
    `type L<K extends keyof Spec['lookups']> = LRes<Spec['lookups'][K]>`,
    ...resources,
    ...lookups,
  ]
}

/** `export const name: type = value`, wrapped as prettier wraps it at 120 columns. */
const exportLine = (name: string, type: string, value: string): string[] => {
  const head = `export const ${name}: ${type} =`
  if (head.length + 1 + value.length <= 120) return [`${head} ${value}`]
  if (head.length <= 120) return [head, `  ${value}`]
  const [fn, args] = [type.slice(0, type.indexOf('<')), type.slice(type.indexOf('<') + 1, -1).split(', ')]
  return [
    `export const ${name}: ${fn}<`,
    ...args.map((a, i) => `  ${a}${i < args.length - 1 ? ',' : ''}`),
    `> = ${value}`,
  ]
}

export const render = (name: string, varName: string): string => {
  const p = providers.find((x) => x.name === name)!
  const builders = [
    ...Object.entries<ResourceSpec>(p.resources).map(([type, spec]) => ({
      name: uncapitalize(type),
      type: `ResourceBuilderFn<${type}Inputs, ${type}Outputs>`,
      doc: `\`${spec.token}\`: ${spec.doc} Call it with a node name and, optionally, initial inputs.`,
    })),
    ...Object.entries<LookupSpec>(p.lookups).map(([fn, spec]) => ({
      name: fn,
      type: `LookupBuilderFn<${fn[0].toUpperCase() + fn.slice(1)}Args, ${fn[0].toUpperCase() + fn.slice(1)}Result>`,
      doc: `\`${spec.token}\` (a lookup, read at plan time): ${spec.doc}`,
    })),
  ]
  const lines = [
    `/**`,
    ` * The ${name} provider's builders, generated from its registry by builders/generate.ts — do not edit.`,
    ` *`,
    ` * @module trellis/${name}`,
    ` */`,
    `import { ${varName} } from '../src/providers/${name}'`,
    `import {`,
    `  buildersFor,`,
    `  type LArgs,`,
    `  type LookupBuilderFn,`,
    `  type LRes,`,
    `  type ResourceBuilderFn,`,
    `  type SpecI,`,
    `  type SpecO,`,
    `} from './builder'`,
    ``,
    ...interfaces(name, varName),
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
    ...builders.flatMap((b) => [...docBlock(b.doc), ...exportLine(b.name, b.type, `${name}.${b.name}`)]),
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
