/**
 * `trellis schema`: every provider, resource type and lookup with its fields, generated from the
 * registry (so it can never disagree with what the engine accepts).
 */
import { fieldsOf } from '../core/codecs'
import type { Registry } from '../core/registry'

export interface FieldSchema {
  readonly name: string
  readonly type: string
  readonly kind: 'required' | 'optional' | 'output'
  readonly secret: boolean
}

export interface SchemaDoc {
  readonly providers: ReadonlyArray<{
    readonly name: string
    readonly doc: string
    readonly config: ReadonlyArray<FieldSchema>
    readonly resources: ReadonlyArray<{
      readonly token: string
      readonly doc: string
      readonly importFormat: string
      readonly replaceOn: ReadonlyArray<string>
      readonly fields: ReadonlyArray<FieldSchema>
    }>
    readonly lookups: ReadonlyArray<{
      readonly token: string
      readonly doc: string
      readonly fields: ReadonlyArray<FieldSchema>
    }>
  }>
}

const isSecretField = (secrets: ReadonlyArray<string>, name: string) =>
  secrets.some((s) => s === name || s.startsWith(name + '.'))

export const schemaOf = (registry: Registry): SchemaDoc => ({
  providers: [...registry.providers.values()].map((p) => ({
    name: p.name,
    doc: p.doc,
    config: fieldsOf(p.config).map((f) => ({
      name: f.name,
      type: f.codec.name,
      kind: f.required ? ('required' as const) : ('optional' as const),
      secret: p.secrets.includes(f.name),
    })),
    resources: Object.values(p.resources).map((r) => ({
      token: r.token,
      doc: r.doc,
      importFormat: r.identity.importFormat,
      replaceOn: r.wire.update === undefined ? ['(every input: no update)'] : r.replaceOn,
      fields: [
        ...fieldsOf(r.inputs).map((f) => ({
          name: f.name,
          type: f.codec.name,
          kind: f.required ? ('required' as const) : ('optional' as const),
          secret: isSecretField(r.secrets, f.name),
        })),
        ...fieldsOf(r.outputs).map((f) => ({
          name: f.name,
          type: f.codec.name,
          kind: 'output' as const,
          secret: isSecretField(r.secrets, f.name),
        })),
      ],
    })),
    lookups: Object.values(p.lookups).map((l) => ({
      token: l.token,
      doc: l.doc,
      fields: [
        ...fieldsOf(l.args).map((f) => ({
          name: f.name,
          type: f.codec.name,
          kind: f.required ? ('required' as const) : ('optional' as const),
          secret: false,
        })),
        ...fieldsOf(l.result).map((f) => ({
          name: f.name,
          type: f.codec.name,
          kind: 'output' as const,
          secret: isSecretField(l.secrets, f.name),
        })),
      ],
    })),
  })),
})

export const renderSchema = (s: SchemaDoc): string => {
  const lines: string[] = []
  const field = (f: FieldSchema) => `    ${f.name.padEnd(34)} ${f.kind.padEnd(8)} ${f.secret ? 'secret ' : ''}${f.type}`
  for (const p of s.providers) {
    lines.push(`provider ${p.name} — ${p.doc}`, '  configuration:', ...p.config.map(field))
    for (const r of p.resources)
      lines.push('', `  resource ${r.token} (import: ${r.importFormat}) — ${r.doc}`, ...r.fields.map(field))
    for (const l of p.lookups) lines.push('', `  lookup ${l.token} — ${l.doc}`, ...l.fields.map(field))
    lines.push('')
  }
  return lines.join('\n')
}
