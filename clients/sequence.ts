/**
 * runWire: the protocol-independent parts of a WireRequest. `poll` repeats a request until its
 * reply satisfies `until` (asynchronous creates, eventual consistency); `then` chains the next
 * request built from the previous reply. Both the REST and the signed-action clients wrap their
 * single-request `send` with it, so the two protocols behave the same way.
 */
import * as E from 'fp-ts/Either'
import type { TaskEither } from 'fp-ts/TaskEither'
import { describeRequest, platformError, WAIT_TIMED_OUT, type PlatformError, type WireRequest } from '../src/core/wire'

// ── model ────────────────────────────────────────────────────────────────────
/** One request (and its pagination) over one protocol; `poll` and `then` are ignored by it. */
export type Send = (req: WireRequest, signal?: AbortSignal) => TaskEither<PlatformError, unknown>

/** Waits `ms`, resolving early (without throwing) when the signal aborts. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>

export interface SequenceOptions {
  readonly sleep?: Sleep
  readonly now?: () => Date
  /** one human-readable line per wait, e.g. `waiting for service svc-1 to appear (4s)` */
  readonly onProgress?: (line: string) => void
}

/** A then-chain longer than this is a spec bug (a chain that never ends), not a real sequence. */
export const MAX_CHAIN = 1000

// ── defaults ─────────────────────────────────────────────────────────────────
export const realSleep: Sleep = (ms, signal) =>
  new Promise((resolve) => {
    if (signal?.aborted) return resolve()
    const timer = setTimeout(done, Math.max(0, ms))
    function done() {
      clearTimeout(timer)
      signal?.removeEventListener('abort', done)
      resolve()
    }
    signal?.addEventListener('abort', done, { once: true })
  })

const seconds = (ms: number): string => (ms >= 10_000 ? `${Math.round(ms / 1000)}s` : `${Math.round(ms / 100) / 10}s`)

const aborted = (req: WireRequest): PlatformError => platformError('Aborted', describeRequest(req), 'cancelled')

/** Reads never change anything: GET, and the signed actions named Describe…/Get…/List…/Query…. */
export const isRead = (req: WireRequest): boolean =>
  req._tag === 'Rest' ? req.method === 'GET' : /^(Describe|Get|List|Query|Inquire)/.test(req.action)

/** A later step failing after an earlier write succeeded leaves the platform changed. */
const afterWrite = (e: PlatformError, wrote: boolean): PlatformError =>
  wrote && !e.ambiguous ? { ...e, ambiguous: true } : e

// ── poll ─────────────────────────────────────────────────────────────────────
/**
 * Repeat `req` until `until(reply)` holds. A NotFound reply while polling means "not visible
 * yet" (read-after-create on an eventually consistent platform), so it is waited out like an
 * unsatisfied reply; any other error ends the wait at once.
 */
const pollOnce = async (
  send: Send,
  req: WireRequest,
  o: Required<SequenceOptions>,
  signal?: AbortSignal,
): Promise<E.Either<PlatformError, unknown>> => {
  const poll = req.poll!
  const plain: WireRequest = { ...req, poll: undefined, then: undefined }
  const start = o.now().getTime()
  let attempts = 0
  let last: string
  for (;;) {
    if (signal?.aborted) return E.left(aborted(req))
    attempts++
    const r = await send(plain, signal)()
    if (E.isRight(r)) {
      let done: boolean
      try {
        done = poll.until(r.right)
      } catch (e) {
        return E.left(
          platformError(
            'Malformed',
            describeRequest(req),
            `while waiting for ${poll.what}: the reply could not be checked (${e instanceof Error ? e.message : String(e)})`,
          ),
        )
      }
      if (done) return r
      last = 'not ready'
    } else if (r.left.kind === 'NotFound' && poll.notFound !== 'end') {
      last = 'not found yet'
    } else {
      return r
    }
    const elapsed = o.now().getTime() - start
    if (elapsed + poll.intervalMs > poll.timeoutMs)
      return E.left(
        platformError(
          'Timeout',
          describeRequest(req),
          `gave up waiting for ${poll.what} after ${seconds(elapsed)} (${attempts} attempts, last: ${last})`,
          // the platform answered every time: not a lost reply to send again (the engine reads the code)
          { code: WAIT_TIMED_OUT },
        ),
      )
    o.onProgress(`waiting for ${poll.what} (${seconds(elapsed)}, ${last})`)
    await o.sleep(poll.intervalMs, signal)
  }
}

// ── run ──────────────────────────────────────────────────────────────────────
export const runWire = (send: Send, opts: SequenceOptions = {}) => {
  const o: Required<SequenceOptions> = {
    sleep: opts.sleep ?? realSleep,
    now: opts.now ?? (() => new Date()),
    onProgress: opts.onProgress ?? (() => undefined),
  }
  const one = (req: WireRequest, signal?: AbortSignal): Promise<E.Either<PlatformError, unknown>> =>
    // a Send ignores `then` (and `poll`): the request goes as it is, not copied
    req.poll ? pollOnce(send, req, o, signal) : send(req, signal)()
  return (req: WireRequest, signal?: AbortSignal): TaskEither<PlatformError, unknown> =>
    // a single request (no wait, no chain) is its send, with no loop and no promise around it
    !req.poll && !req.then
      ? () => (signal?.aborted ? Promise.resolve(E.left(aborted(req))) : send(req, signal)())
      : async () => {
          let current: WireRequest = req
          let wrote = false
          for (let step = 0; ; step++) {
            if (step >= MAX_CHAIN)
              return E.left(
                afterWrite(
                  platformError(
                    'Refused',
                    describeRequest(req),
                    `the request chain did not end after ${MAX_CHAIN} steps`,
                  ),
                  wrote,
                ),
              )
            if (signal?.aborted) return E.left(afterWrite(aborted(current), wrote))
            const r = await one(current, signal)
            if (E.isLeft(r)) return E.left(afterWrite(r.left, wrote))
            wrote = wrote || !isRead(current)
            if (!current.then) return r
            let next: WireRequest | undefined
            try {
              next = current.then(r.right)
            } catch (e) {
              const m = `the reply could not be used for the next request (${e instanceof Error ? e.message : String(e)})`
              return E.left(afterWrite(platformError('Malformed', describeRequest(current), m), wrote))
            }
            if (next === undefined) return r
            current = next
          }
        }
}
