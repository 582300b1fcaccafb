/**
 * Redaction: secrets never leave the HTTP layer in text. `redactor` blanks known secret values (as
 * written, URL-encoded and JSON-escaped) and credential-shaped patterns (bearer tokens, signatures,
 * token query parameters); `redactHeaders` blanks credential headers; the `redact` middleware
 * applies both to every HttpError going upward, since transports put URLs and causes in messages.
 * `secretValues` is the run's collection of every secret value revealed to the wire, which the
 * protocol clients apply to every message they build from a response: platforms quote requests
 * in their errors.
 */
import * as E from 'fp-ts/Either'
import { isSecret, reveal } from '../src/core/secret'
import type { HttpError, Middleware } from './http'

export const MASK = '[secret]'

// ── strings ──────────────────────────────────────────────────────────────────
const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** credential shapes that are secret whatever their value */
const PATTERNS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\b(Bearer|Basic)\s+[^\s",;]+/gi, `$1 ${MASK}`],
  [/\b(Signature=)[^\s",;&]+/g, `$1${MASK}`],
  [/([?&](?:access_token|token|api_key|apikey|secret|password|signature)=)[^&#\s"]+/gi, `$1${MASK}`],
]

/** The forms in which a value can show up in a URL, a JSON text or a header. */
const formsOf = (value: string): ReadonlyArray<string> => {
  const forms = new Set<string>([value])
  const json = JSON.stringify(value).slice(1, -1)
  forms.add(json)
  try {
    forms.add(encodeURIComponent(value))
  } catch {
    // lone surrogates cannot be URL-encoded, and then cannot appear URL-encoded either
  }
  return [...forms]
}

/**
 * Values this short are blanked only where they stand alone (not inside a word): blanking every
 * `on` in a message would make it unreadable, and a lone short value is still found.
 */
const SHORT = 4

/** A function replacing every occurrence of the given secret values (and credential patterns). */
export const redactor = (values: ReadonlyArray<string>): ((s: string) => string) => {
  const forms = [...new Set(values.filter((v) => typeof v === 'string' && v.length > 0).flatMap(formsOf))]
    // longest first, so a secret containing another is blanked whole
    .sort((a, b) => b.length - a.length)
  const alternatives = forms.map((f) =>
    f.length < SHORT ? `(?<![A-Za-z0-9])${escapeRegExp(f)}(?![A-Za-z0-9])` : escapeRegExp(f),
  )
  const known = alternatives.length > 0 ? new RegExp(alternatives.join('|'), 'g') : undefined
  return (s) => {
    let out = known ? s.replace(known, MASK) : s
    for (const [re, to] of PATTERNS) out = out.replace(re, to)
    return out
  }
}

// ── the run's secret values ──────────────────────────────────────────────────
export interface SecretValues {
  /** remembers plain strings, and the values of every Secret inside the given values */
  readonly add: (...values: ReadonlyArray<unknown>) => void
  /** the text with every value remembered so far (and every credential pattern) blanked */
  readonly redact: (s: string) => string
  readonly size: () => number
}

/** The run's remembered values; `redact` is remade once one is added. */
class Values {
  readonly set = new Set<string>()
  cached: ((s: string) => string) | undefined

  remember(v: string): void {
    if (v !== '' && !this.set.has(v)) {
      this.set.add(v)
      this.cached = undefined
    }
  }

  /** The plain text forms of a revealed value: strings and numbers, and an object's JSON too. */
  leavesOf(u: unknown, inSecret: boolean): void {
    if (isSecret(u)) return this.leavesOf(reveal(u), true)
    if (typeof u === 'string') {
      if (inSecret) this.remember(u)
    } else if (typeof u === 'number' || typeof u === 'bigint') {
      if (inSecret) this.remember(String(u))
    } else if (Array.isArray(u)) {
      for (let i = 0; i < u.length; i++) this.leavesOf(u[i], inSecret)
    } else if (typeof u === 'object' && u !== null) {
      if (inSecret) this.remember(JSON.stringify(u))
      // for-in, not Object.values: this walks every request body
      for (const k in u)
        if (Object.prototype.hasOwnProperty.call(u, k)) this.leavesOf((u as Record<string, unknown>)[k], inSecret)
    }
  }
}

export const secretValues = (): SecretValues => {
  const values = new Values()
  return {
    // this runs for every request sent: each value remembered as it is found, no array of them made
    add: (...us) => {
      for (let i = 0; i < us.length; i++) {
        const u = us[i]
        if (typeof u === 'string') values.remember(u)
        else values.leavesOf(u, false)
      }
    },
    redact: (s) => (values.cached ??= redactor([...values.set]))(s),
    size: () => values.set.size,
  }
}

// ── headers ──────────────────────────────────────────────────────────────────
const SECRET_HEADERS: ReadonlySet<string> = new Set([
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  'x-tc-token',
  'x-api-key',
])

export const isSecretHeader = (name: string): boolean => {
  const n = name.toLowerCase()
  return SECRET_HEADERS.has(n) || /token|secret|password|api-?key|credential|session/.test(n)
}

/** The headers with every credential header's value replaced by `[secret]`. */
export const redactHeaders = (
  headers: Readonly<Record<string, string>>,
  redactText: (s: string) => string = redactor([]),
): Record<string, string> =>
  Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, isSecretHeader(k) ? MASK : redactText(v)]))

// ── middleware ───────────────────────────────────────────────────────────────
export const redactError = (err: HttpError, redactText: (s: string) => string): HttpError => ({
  ...err,
  message: redactText(err.message),
  url: redactText(err.url),
})

/**
 * Blanks secrets in every HttpError passing upward. `values` may be a function, read on each
 * error, so secrets resolved later (or rotated) are covered.
 */
export const redact =
  (values: ReadonlyArray<string> | (() => ReadonlyArray<string>)): Middleware =>
  (next) =>
  (req) =>
  async () => {
    const result = await next(req)()
    if (E.isRight(result)) return result
    const list = typeof values === 'function' ? values() : values
    return E.left(redactError(result.left, redactor(list)))
  }
