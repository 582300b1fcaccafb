/**
 * One input value as TypeScript source: literals as they are, an id another discovered object
 * holds as a ref to that object's output, and a secret as `secret(env('NAME'))` — never its value.
 */
import { isSecret, isSecretMarker } from '../core/secret'
import type { IdHolder } from './id-index'
import { outsideKey } from './outside-lookups'
import { fieldOf, REF_FIELD } from './ref-field'

/** How the program reads an id outside the selection: the source text (a lookup's ref, or a const picked from one). */
export interface OutsideSource {
  readonly text: string
}

export interface ValueContext {
  /** the object the value belongs to (no ref to itself) */
  readonly self: number
  readonly ids: ReadonlyMap<string, IdHolder>
  readonly variables: ReadonlyArray<string>
  /** secret field paths of the spec (`secretValues.*.value`) */
  readonly secrets: ReadonlyArray<string>
  /** the environment variable a secret at this path is read from */
  readonly secretName: (path: ReadonlyArray<string>) => string
  /** objects this one refers to (filled while rendering) */
  readonly uses: Set<number>
  /** objects it must not refer to (a ref would close a cycle): their ids stay literal */
  readonly noRefTo: ReadonlySet<number>
  /** the object's provider, and where ids outside the selection are read (lookups) */
  readonly provider: string
  readonly outside: ReadonlyMap<string, OutsideSource>
  /** the outside refs this object reads (`outsideKey`s, filled while rendering) */
  readonly usesOutside: Set<string>
}

const IDENT = /^[A-Za-z_$][A-Za-z0-9_$]*$/

const isSecretPath = (path: ReadonlyArray<string>, secrets: ReadonlyArray<string>): boolean =>
  secrets.some((s) => {
    const p = s.split('.')
    return p.length === path.length && p.every((x, i) => x === '*' || x === path[i])
  })

/** An id: a ref to the discovered object holding it, else to a lookup finding it, else literal (and said so). */
const idValue = (v: string, field: string, c: ValueContext): string => {
  const h = c.ids.get(v)
  if (h && h.index !== c.self && !c.noRefTo.has(h.index)) {
    c.uses.add(h.index)
    return `${c.variables[h.index]}.out.${h.field}`
  }
  if (h || v === '') return JSON.stringify(v)
  const key = outsideKey(c.provider, field, v)
  const o = c.outside.get(key)
  if (!o) return `${JSON.stringify(v)} /* outside the selection, and no lookup finds it: a literal id */`
  c.usesOutside.add(key)
  return o.text
}

export const sourceValue = (v: unknown, path: ReadonlyArray<string>, c: ValueContext): string => {
  if (isSecret(v) || isSecretMarker(v) || (path.length > 0 && isSecretPath(path, c.secrets) && v !== undefined))
    return `secret(env(${JSON.stringify(c.secretName(path))}))`
  if (typeof v === 'string') return REF_FIELD.test(fieldOf(path)) ? idValue(v, fieldOf(path), c) : JSON.stringify(v)
  if (typeof v === 'number' || typeof v === 'boolean' || v === null) return String(v)
  if (Array.isArray(v)) return `[${v.map((x, i) => sourceValue(x, [...path, String(i)], c)).join(', ')}]`
  if (typeof v === 'object') {
    const fields = Object.entries(v as Record<string, unknown>).filter(([, x]) => x !== undefined)
    const body = fields.map(([k, x]) => `${IDENT.test(k) ? k : JSON.stringify(k)}: ${sourceValue(x, [...path, k], c)}`)
    return `{ ${body.join(', ')} }`
  }
  return 'undefined'
}
