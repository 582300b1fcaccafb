/**
 * Test helpers for the protocol suites: an in-process HttpClient answering from a function and
 * recording every request, and a fake clock whose sleep only advances time.
 */
import * as E from 'fp-ts/Either'
import type { HttpClient, HttpError, HttpRequest, HttpResponse } from '#trellis/clients'

export type Answer = HttpResponse | HttpError

export const fakeHttp = (answer: (req: HttpRequest, n: number) => Answer) => {
  const calls: HttpRequest[] = []
  const client: HttpClient = (req) => async () => {
    calls.push(req)
    if (calls.length > 200) throw new Error('fake http: more than 200 requests (a loop that does not end?)')
    const a = answer(req, calls.length - 1)
    return '_tag' in a && a._tag === 'HttpError' ? E.left(a) : E.right(a as HttpResponse)
  }
  return { client, calls }
}

/** Answers in order; running out is a test failure. */
export const scriptedHttp = (answers: ReadonlyArray<Answer>) =>
  fakeHttp((req, n) => {
    const a = answers[n]
    if (!a) throw new Error(`fake http: unexpected request #${n + 1}: ${req.method} ${req.url}`)
    return a
  })

export const json = (status: number, body: unknown, headers: Record<string, string> = {}): HttpResponse => ({
  status,
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
})

export const text = (status: number, body: string, contentType = 'text/plain'): HttpResponse => ({
  status,
  headers: { 'content-type': contentType },
  body,
})

export const fakeClock = (start = Date.UTC(2024, 0, 1, 12, 0, 0)) => {
  let t = start
  const sleeps: number[] = []
  return {
    now: () => new Date(t),
    sleep: async (ms: number) => {
      sleeps.push(ms)
      t += ms
    },
    sleeps,
    advance: (ms: number) => {
      t += ms
    },
  }
}

export const queryOf = (url: string): Record<string, string> => Object.fromEntries(new URL(url).searchParams)
