/**
 * Redaction: secrets never leave the HTTP layer in text. `redactor` blanks known secret values (as
 * written, URL-encoded and JSON-escaped) and credential-shaped patterns (bearer tokens, signatures,
 * token query parameters); `redactHeaders` blanks credential headers; the `redact` middleware
 * applies both to every HttpError going upward, since transports put URLs and causes in messages.
 */
import * as E from 'fp-ts/Either'
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

/** A function replacing every occurrence of the given secret values (and credential patterns). */
export const redactor = (values: ReadonlyArray<string>): ((s: string) => string) => {
  const forms = [...new Set(values.filter((v) => typeof v === 'string' && v.length > 0).flatMap(formsOf))]
    // longest first, so a secret containing another is blanked whole
    .sort((a, b) => b.length - a.length)
  const known = forms.length > 0 ? new RegExp(forms.map(escapeRegExp).join('|'), 'g') : undefined
  return (s) => {
    let out = known ? s.replace(known, MASK) : s
    for (const [re, to] of PATTERNS) out = out.replace(re, to)
    return out
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
