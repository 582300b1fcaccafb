/**
 * debugLog: a middleware writing one line when a request goes out and one when its answer (or
 * failure) comes back — method, URL, status, elapsed ms, headers, optionally bodies — for
 * `--debug` troubleshooting. Everything passes the redactor first: credential headers
 * are always blanked, known secret values and bearer/signature patterns wherever they appear, and
 * bodies are redacted before they are cut short, so a cut never leaves half a secret readable.
 */
import * as E from 'fp-ts/Either'
import type { Middleware } from './http'
import { redactHeaders, redactor } from './redact'

export interface DebugLogOptions {
  /** current secret values to blank (read on each request) */
  readonly secrets?: () => ReadonlyArray<string>
  /** include request and response bodies (default false) */
  readonly bodies?: boolean
  /** body characters kept per line (default 2000) */
  readonly maxBodyChars?: number
  readonly now?: () => number
}

/** A middleware printing one redacted line per request and response (TRELLIS_DEBUG). */
export const debugLog = (sink: (line: string) => void, opts: DebugLogOptions = {}): Middleware => {
  const now = opts.now ?? Date.now
  const maxBody = opts.maxBodyChars ?? 2000
  let seq = 0
  const emit = (line: string): void => {
    try {
      sink(line)
    } catch {
      // a broken log sink must not break the request it describes
    }
  }

  return (next) => (req) => async () => {
    const id = ++seq
    const r = redactor(opts.secrets?.() ?? [])
    const body = (text: string | undefined): string => {
      if (!opts.bodies || text === undefined || text === '') return ''
      const clean = r(text)
      const cut = clean.length > maxBody ? `${clean.slice(0, maxBody)}… (${clean.length} chars)` : clean
      // JSON-quoted so a multi-line body stays on one line
      return ` body=${JSON.stringify(cut)}`
    }
    const headers = (h: Readonly<Record<string, string>>): string => JSON.stringify(redactHeaders(h, r))
    const target = `${req.method} ${r(req.url)}`

    emit(`http #${id} → ${target} headers=${headers(req.headers)}${body(req.body)}`)
    const started = now()
    const result = await next(req)()
    const ms = Math.round(now() - started)
    if (E.isRight(result)) {
      const res = result.right
      emit(`http #${id} ← ${res.status} ${target} ${ms}ms headers=${headers(res.headers)}${body(res.body)}`)
    } else {
      const err = result.left
      emit(
        `http #${id} ✗ ${err.kind}${err.sent ? ' (may have been applied)' : ' (not sent)'} ${target} ${ms}ms: ${r(err.message)}`,
      )
    }
    return result
  }
}
