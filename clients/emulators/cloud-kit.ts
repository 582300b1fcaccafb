/**
 * Shared pieces of the cloud emulator's services: the API error the handlers throw (it becomes a
 * `Response.Error {Code, Message}` envelope), parameter checks with the platform's error codes,
 * Offset/Limit paging, ISO timestamps and id generation in the platform's formats.
 */
import { prng } from '../prng'

// ── errors ───────────────────────────────────────────────────────────────────
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message)
  }
}

export const fail = (code: string, message: string): never => {
  throw new ApiError(code, message)
}

// ── parameters ───────────────────────────────────────────────────────────────
export type Params = Readonly<Record<string, unknown>>

/** marks parameters that came in a GET-style query, where every value is a string */
const QUERY = Symbol('query parameters')
const isQuery = (p: Params): boolean => (p as Record<symbol, unknown>)[QUERY] === true

/**
 * The GET style's flattened query (`Filters.0.Name=x&Filters.0.Values.0=y&Limit=20`) as the
 * nested parameters a JSON body would carry; values stay strings, read as numbers or booleans
 * where an action expects them.
 */
export const fromQuery = (q: URLSearchParams): Params => {
  const root: Record<string, unknown> = {}
  for (const [key, value] of q) {
    const parts = key.split('.')
    let at: Record<string, unknown> = root
    parts.forEach((k, i) => {
      if (i === parts.length - 1) at[k] = value
      else at = (at[k] ??= /^\d+$/.test(parts[i + 1]) ? [] : {}) as Record<string, unknown>
    })
  }
  Object.defineProperty(root, QUERY, { value: true })
  return root
}

export const reqStr = (p: Params, k: string): string => {
  const v = p[k]
  if (v === undefined || v === null || v === '')
    return fail('MissingParameter', `The request is missing a required parameter \`${k}\`.`)
  if (typeof v !== 'string') return fail('InvalidParameter', `The parameter \`${k}\` must be a string.`)
  return v
}

export const optStr = (p: Params, k: string): string | undefined => {
  const v = p[k]
  if (v === undefined || v === null) return undefined
  if (typeof v !== 'string') return fail('InvalidParameter', `The parameter \`${k}\` must be a string.`)
  return v
}

export const optNum = (p: Params, k: string): number | undefined => {
  const v = isQuery(p) && typeof p[k] === 'string' && /^-?\d+(\.\d+)?$/.test(p[k]) ? Number(p[k]) : p[k]
  if (v === undefined || v === null) return undefined
  if (typeof v !== 'number' || !Number.isFinite(v))
    return fail('InvalidParameter', `The parameter \`${k}\` must be a number.`)
  return v
}

export const reqNum = (p: Params, k: string): number => {
  const v = optNum(p, k)
  return v === undefined ? fail('MissingParameter', `The request is missing a required parameter \`${k}\`.`) : v
}

export const optBool = (p: Params, k: string): boolean | undefined => {
  const v = isQuery(p) && (p[k] === 'true' || p[k] === 'false') ? p[k] === 'true' : p[k]
  if (v === undefined || v === null) return undefined
  if (typeof v !== 'boolean') return fail('InvalidParameter', `The parameter \`${k}\` must be a boolean.`)
  return v
}

export const strList = (p: Params, k: string): string[] | undefined => {
  const v = p[k]
  if (v === undefined || v === null) return undefined
  if (!Array.isArray(v) || v.some((x) => typeof x !== 'string'))
    return fail('InvalidParameter', `The parameter \`${k}\` must be a list of strings.`)
  return v as string[]
}

export const oneOf = <V extends string>(
  p: Params,
  k: string,
  values: ReadonlyArray<V>,
  required = true,
): V | undefined => {
  const v = required ? reqStr(p, k) : optStr(p, k)
  if (v === undefined) return undefined
  if (!values.includes(v as V))
    return fail('InvalidParameterValue', `The value \`${v}\` of \`${k}\` is not one of ${values.join(', ')}.`)
  return v as V
}

/** `Filters: [{Name, Values}]` → name → values (unknown names refused, as the platform does). */
export const filtersOf = (p: Params, allowed: ReadonlyArray<string>): Map<string, string[]> => {
  const out = new Map<string, string[]>()
  const f = p.Filters
  if (f === undefined || f === null) return out
  if (!Array.isArray(f)) return fail('InvalidParameter', 'The parameter `Filters` must be a list.')
  for (const x of f) {
    const name = (x as { Name?: unknown })?.Name
    const values = (x as { Values?: unknown })?.Values
    if (typeof name !== 'string' || !Array.isArray(values))
      return fail('InvalidParameter', 'Every filter needs a Name and a list of Values.')
    if (!allowed.includes(name))
      return fail(
        'InvalidParameterValue',
        `The filter name \`${name}\` is not supported (supported: ${allowed.join(', ')}).`,
      )
    out.set(name, values.map(String))
  }
  return out
}

/** Does a filter (if given) accept this value? Values within one filter are OR-ed. */
export const passes = (f: Map<string, string[]>, name: string, value: string | undefined, fuzzy = false): boolean => {
  const vs = f.get(name)
  if (!vs) return true
  return value !== undefined && vs.some((v) => (fuzzy ? value.includes(v) : value === v))
}

// ── paging ───────────────────────────────────────────────────────────────────
/**
 * Offset/Limit paging: default 0/20, Limit capped at `max` (100 on the platform). `stringy`
 * actions (VPC address templates) take both as strings and refuse numbers.
 */
export const page = <A>(p: Params, all: ReadonlyArray<A>, max: number, stringy = false): A[] => {
  const read = (k: 'Offset' | 'Limit', dflt: number): number => {
    const raw = p[k]
    const v = !stringy && isQuery(p) && typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : raw
    if (v === undefined || v === null) return dflt
    if (stringy) {
      if (typeof v !== 'string' || !/^\d+$/.test(v))
        return fail('InvalidParameter', `The parameter \`${k}\` must be a string of digits.`)
      return Number(v)
    }
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 0)
      return fail('InvalidParameter', `The parameter \`${k}\` must be a non-negative integer.`)
    return v
  }
  const offset = read('Offset', 0)
  const limit = read('Limit', 20)
  if (limit > 100) return fail('InvalidParameterValue', `The value of \`Limit\` must be at most 100.`)
  return all.slice(offset, offset + Math.min(limit, max))
}

// ── values ───────────────────────────────────────────────────────────────────
/** API gateway timestamps: ISO 8601 UTC without milliseconds (G8). */
export const iso = (d: Date): string => d.toISOString().replace(/\.\d{3}Z$/, 'Z')

/** Ids in the platform's formats: a prefix and 8 lower-case letters or digits (`service-pg6ud8pa`). */
export const idMaker = (seed: number) => {
  const next = prng(seed)
  const chars = 'abcdefghijklmnopqrstuvwxyz0123456789'
  const taken = new Set<string>()
  const tail = (n: number, alphabet = chars): string =>
    Array.from({ length: n }, () => alphabet[Math.floor(next() * alphabet.length)]).join('')
  return {
    /** every id handed out (kept in a data file, so a restarted emulator never hands one out twice) */
    taken,
    id: (prefix: string, n = 8): string => {
      for (;;) {
        const s = prefix + tail(n)
        if (!taken.has(s)) {
          taken.add(s)
          return s
        }
      }
    },
    tail,
    uuid: (): string => {
      const h = tail(32, '0123456789abcdef')
      return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`
    },
  }
}
export type IdMaker = ReturnType<typeof idMaker>

export const clone = <A>(a: A): A => JSON.parse(JSON.stringify(a)) as A
