/** What a hosting route answers, and the platform's `{code, message}` errors thrown from deep in a check. */
export type Json = Record<string, unknown>

export interface Reply {
  readonly status: number
  readonly body?: unknown
  readonly headers?: Record<string, string>
  /** a raw text body (unknown routes) */
  readonly text?: string
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

export const fail = (status: number, message: string): never => {
  throw new ApiError(status, message)
}

/** an unknown route: text/plain, as the platform answers it */
export const notFound: Reply = { status: 404, text: 'Not Found' }
export const ok = (body?: unknown, status = 200): Reply => ({ status, body })

export const isObj = (u: unknown): u is Json => typeof u === 'object' && u !== null && !Array.isArray(u)
export const str = (u: unknown): string | undefined => (typeof u === 'string' ? u : undefined)
export const clone = <A>(a: A): A => JSON.parse(JSON.stringify(a)) as A
/** the body as an object, or a 400 */
export const objectBody = (body: unknown): Json => (isObj(body) ? body : fail(400, 'body must be an object'))
