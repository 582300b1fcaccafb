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
