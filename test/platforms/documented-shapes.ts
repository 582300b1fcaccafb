/**
 * Documented shapes, read from the type declarations the official clients ship (the cloud SDK's
 * `*_models.d.ts` interfaces): which fields a reply object may carry and which it must, and a
 * check of a real reply against them, naming every undocumented field and every missing required
 * one by its path. Optional documented fields a reply leaves out are counted, not refused.
 */
import { readFileSync } from 'node:fs'
import ts from 'typescript'

export interface Member {
  readonly name: string
  readonly optional: boolean
  readonly type: string
}

/** Every interface of a declaration file, by name. */
export const interfacesOf = (file: string): ReadonlyMap<string, ReadonlyArray<Member>> => {
  const src = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true)
  const out = new Map<string, Member[]>()
  for (const st of src.statements)
    if (ts.isInterfaceDeclaration(st))
      out.set(
        st.name.text,
        st.members.filter(ts.isPropertySignature).map((m) => ({
          name: m.name.getText(src),
          optional: m.questionToken !== undefined,
          type: m.type?.getText(src) ?? 'unknown',
        })),
      )
  return out
}

export interface ShapeReport {
  /** `path: what is wrong` for undocumented and missing required fields */
  readonly issues: string[]
  /** documented optional fields left out, by path */
  readonly omitted: string[]
}

/** Checks a value against a documented interface, recursing into documented object and list fields. */
export const checkShape = (
  value: unknown,
  type: string,
  interfaces: ReadonlyMap<string, ReadonlyArray<Member>>,
  path = type,
  report: ShapeReport = { issues: [], omitted: [] },
): ShapeReport => {
  const members = interfaces.get(type)
  if (!members || value === null || value === undefined) return report
  if (typeof value !== 'object' || Array.isArray(value)) {
    report.issues.push(`${path}: expected an object (${type}), got ${JSON.stringify(value)?.slice(0, 40)}`)
    return report
  }
  const o = value as Record<string, unknown>
  for (const k of Object.keys(o))
    if (!members.some((m) => m.name === k)) report.issues.push(`${path}.${k}: not documented in ${type}`)
  for (const m of members) {
    if (!(m.name in o)) {
      ;(m.optional ? report.omitted : report.issues).push(`${path}.${m.name}${m.optional ? '' : ': required, missing'}`)
      continue
    }
    const list = /^Array<(\w+)>$/.exec(m.type)
    if (list && interfaces.has(list[1]) && Array.isArray(o[m.name]))
      (o[m.name] as unknown[]).forEach((x, i) => checkShape(x, list[1], interfaces, `${path}.${m.name}[${i}]`, report))
    else if (interfaces.has(m.type)) checkShape(o[m.name], m.type, interfaces, `${path}.${m.name}`, report)
  }
  return report
}

// ── OpenAPI-generated declarations (the cost client's `paths`, `operations`, `components`) ──
const literalMembers = (n: ts.TypeNode | undefined): ReadonlyArray<ts.PropertySignature> =>
  n && ts.isTypeLiteralNode(n) ? n.members.filter(ts.isPropertySignature) : []
const memberNamed = (n: ts.TypeNode | undefined, name: string, src: ts.SourceFile) =>
  literalMembers(n).find((m) => m.name.getText(src).replace(/^["']|["']$/g, '') === name)

/** `components["schemas"]["Folder"]` → `Folder`; `…["Folder"][]` → `Array<Folder>` (the shape checker's spelling). */
const schemaRef = (text: string): string => {
  const one = /^components\["schemas"\]\["(\w+)"\](\[\])?$/.exec(text.replace(/\s/g, ''))
  return one ? (one[2] ? `Array<${one[1]}>` : one[1]) : text
}

export interface OpenApiDocs {
  /** the schemas, as interfaces the shape checker reads */
  readonly schemas: ReadonlyMap<string, ReadonlyArray<Member>>
  /** the documented reply schema of `METHOD /path/{param}` (undefined: no JSON reply documented) */
  readonly reply: (method: string, template: string) => string | undefined
  /** every documented path template */
  readonly templates: ReadonlyArray<string>
}

export const openApiDocsOf = (file: string): OpenApiDocs => {
  const src = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true)
  const iface = (name: string) =>
    src.statements.find((s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === name)
  const asLiteral = (i: ts.InterfaceDeclaration | undefined): ts.TypeNode | undefined =>
    i ? ts.factory.createTypeLiteralNode(i.members) : undefined
  const paths = asLiteral(iface('paths'))
  const operations = asLiteral(iface('operations'))
  const schemasNode = memberNamed(asLiteral(iface('components')), 'schemas', src)?.type
  const schemas = new Map<string, Member[]>()
  for (const m of literalMembers(schemasNode))
    schemas.set(
      m.name.getText(src).replace(/^["']|["']$/g, ''),
      literalMembers(m.type).map((f) => ({
        name: f.name.getText(src).replace(/^["']|["']$/g, ''),
        optional: f.questionToken !== undefined,
        type: schemaRef(f.type?.getText(src) ?? 'unknown'),
      })),
    )
  const templates = literalMembers(paths).map((m) => m.name.getText(src).replace(/^["']|["']$/g, ''))
  return {
    schemas,
    templates,
    reply: (method, template) => {
      const op = memberNamed(memberNamed(paths, template, src)?.type, method.toLowerCase(), src)?.type?.getText(src)
      const id = op && /^operations\["(\w+)"\]$/.exec(op)?.[1]
      if (!id) return undefined
      const responses = memberNamed(memberNamed(operations, id, src)?.type, 'responses', src)?.type
      for (const code of ['200', '201', '202']) {
        const json = memberNamed(
          memberNamed(memberNamed(responses, code, src)?.type, 'content', src)?.type,
          'application/json',
          src,
        )
        if (json?.type) return schemaRef(json.type.getText(src))
      }
      return undefined
    },
  }
}

/** The documented template a concrete path matches (`/folders/fldr_1` → `/folders/{folder_token}`). */
export const templateOf = (templates: ReadonlyArray<string>, path: string): string | undefined => {
  const parts = path.split('/')
  const fits = templates.filter((t) => {
    const tp = t.split('/')
    return tp.length === parts.length && tp.every((x, i) => x === parts[i] || /^\{\w+\}$/.test(x))
  })
  // a literal segment wins over a parameter (`/resource_reports/columns` over `/resource_reports/{token}`)
  return fits.sort((a, b) => (b.match(/\{/g)?.length ?? 0) - (a.match(/\{/g)?.length ?? 0)).pop()
}

// ── Swagger 2 (the hosting client's bundled specification) ───────────────────
interface JsonSchema {
  readonly $ref?: string
  readonly type?: string
  readonly properties?: Readonly<Record<string, JsonSchema>>
  readonly required?: ReadonlyArray<string>
  readonly items?: JsonSchema
}
interface SwaggerOp {
  readonly operationId: string
  readonly responses?: Readonly<Record<string, { readonly schema?: JsonSchema }>>
}
export interface Swagger {
  readonly basePath: string
  readonly paths: Readonly<Record<string, Readonly<Record<string, SwaggerOp>>>>
  readonly definitions: Readonly<Record<string, JsonSchema>>
}

export interface SwaggerDocs extends OpenApiDocs {
  readonly operation: (method: string, template: string) => SwaggerOp | undefined
  /** the first documented success status of an operation */
  readonly success: (op: SwaggerOp) => number
}

export const swaggerDocsOf = (spec: Swagger): SwaggerDocs => {
  const schemas = new Map<string, Member[]>()
  /** a schema's type in the checker's spelling, registering object schemas as interfaces */
  const typeOf = (s: JsonSchema | undefined, name: string): string => {
    if (!s) return 'unknown'
    if (s.$ref) return s.$ref.replace('#/definitions/', '')
    if (s.type === 'array') return `Array<${typeOf(s.items, `${name}Item`)}>`
    if (s.properties) {
      schemas.set(name, [])
      schemas.set(
        name,
        Object.entries(s.properties).map(([k, v]) => ({
          name: k,
          optional: !(s.required ?? []).includes(k),
          type: typeOf(v, `${name}.${k}`),
        })),
      )
      return name
    }
    return s.type ?? 'unknown'
  }
  for (const [n, d] of Object.entries(spec.definitions)) typeOf(d, n)
  const operation = (method: string, template: string) => spec.paths[template]?.[method.toLowerCase()]
  const success = (op: SwaggerOp) => Number(Object.keys(op.responses ?? {}).find((c) => /^2\d\d$/.test(c)) ?? 200)
  return {
    schemas,
    templates: Object.keys(spec.paths),
    operation,
    success,
    reply: (method, template) => {
      const op = operation(method, template)
      const schema = op?.responses?.[String(op ? success(op) : 200)]?.schema
      return schema ? typeOf(schema, `${op.operationId}Reply`) : undefined
    },
  }
}
