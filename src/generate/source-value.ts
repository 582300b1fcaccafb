/**
 * One input value as TypeScript source: literals as they are, an id another discovered object
 * holds as a ref to that object's output, and a secret as `secret(env('NAME'))` — never its value.
 */
import { isSecret, isSecretMarker } from '../core/secret'
import type { IdHolder } from './id-index'

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
}

const REF_FIELD = /(^id$|^token$|Id$|Token$|Ids$|Tokens$)/

const IDENT = /^[A-Za-z_$][A-Za-z0-9_$]*$/

const isSecretPath = (path: ReadonlyArray<string>, secrets: ReadonlyArray<string>): boolean =>
  secrets.some((s) => {
    const p = s.split('.')
    return p.length === path.length && p.every((x, i) => x === '*' || x === path[i])
  })

/** the field a value sits in: the last key that is not an array index */
const fieldOf = (path: ReadonlyArray<string>): string => [...path].reverse().find((k) => !/^[0-9]+$/.test(k)) ?? ''

export const sourceValue = (v: unknown, path: ReadonlyArray<string>, c: ValueContext): string => {
  if (isSecret(v) || isSecretMarker(v) || (path.length > 0 && isSecretPath(path, c.secrets) && v !== undefined))
    return `secret(env(${JSON.stringify(c.secretName(path))}))`
  if (typeof v === 'string') {
    const h = REF_FIELD.test(fieldOf(path)) ? c.ids.get(v) : undefined
    if (h && h.index !== c.self && !c.noRefTo.has(h.index)) {
      c.uses.add(h.index)
      return `${c.variables[h.index]}.out.${h.field}`
    }
    return JSON.stringify(v)
  }
  if (typeof v === 'number' || typeof v === 'boolean' || v === null) return String(v)
  if (Array.isArray(v)) return `[${v.map((x, i) => sourceValue(x, [...path, String(i)], c)).join(', ')}]`
  if (typeof v === 'object') {
    const fields = Object.entries(v as Record<string, unknown>).filter(([, x]) => x !== undefined)
    const body = fields.map(([k, x]) => `${IDENT.test(k) ? k : JSON.stringify(k)}: ${sourceValue(x, [...path, k], c)}`)
    return `{ ${body.join(', ')} }`
  }
  return 'undefined'
}
