/**
 * The three emulators behind loopback servers, in a process of their own, for `refresh-at-scale`
 * (started by bench/refresh-at-scale.ts):
 *
 *   node --import tsx bench/refresh-at-scale-server.ts --latency 20 --token t
 *   (compiled mode: node bench/tmp/dist/refresh-at-scale-server.mjs …)
 *
 * Reads one line on stdin first — the emulators' data, a snapshot the scenario took after applying
 * the stack — and serves it with each platform's real rate limit (REAL_LIMITS), every answer
 * `--latency` ms late. Prints `{"endpoints": {cost, hosting, cloud}}` once listening; `GET
 * /__bench/stats` on any of them answers the answers given, by platform and status. Ends when its
 * stdin closes.
 */
import * as E from 'fp-ts/Either'
import * as TE from 'fp-ts/TaskEither'
import { emulators, serve, type EmulatorData, type HttpClient } from 'trellis/clients'
import { REAL_LIMITS, benchEmulatorOptions } from './refresh-at-scale-limits'

const argv = process.argv.slice(2)
const opt = (k: string): string | undefined => {
  const i = argv.indexOf(k)
  return i >= 0 ? argv[i + 1] : undefined
}
const latencyMs = Number(opt('--latency') ?? 0)
const token = opt('--token') ?? 'bench-token'

const firstLine = (): Promise<string> =>
  new Promise((resolve, reject) => {
    let text = ''
    const onData = (d: Buffer) => {
      text += d.toString()
      const i = text.indexOf('\n')
      if (i < 0) return
      process.stdin.off('data', onData)
      resolve(text.slice(0, i))
    }
    process.stdin.on('data', onData)
    process.stdin.once('end', () => reject(new Error('stdin closed before the emulator data came')))
  })

const data = JSON.parse(await firstLine()) as EmulatorData
const set = emulators(benchEmulatorOptions(token, REAL_LIMITS))
set.restore(data)

const statuses: Record<string, Record<string, number>> = { cost: {}, hosting: {}, cloud: {} }
const served: Record<string, string> = {}
const closers: Array<() => Promise<void>> = []
for (const p of ['cost', 'hosting', 'cloud'] as const) {
  const api = set[p].client
  const client: HttpClient = (req) => {
    if (req.url.endsWith('/__bench/stats'))
      return TE.right({ status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(statuses) })
    return async () => {
      if (latencyMs > 0) await new Promise((r) => setTimeout(r, latencyMs))
      const r = await api(req)()
      if (E.isRight(r)) {
        // the cloud answers its refusals with HTTP 200 and the code in the body
        const k =
          p === 'cloud' && r.right.body?.includes('"RequestLimitExceeded"') ? 'RequestLimitExceeded' : r.right.status
        statuses[p][k] = (statuses[p][k] ?? 0) + 1
      }
      return r
    }
  }
  const s = await serve(client)
  served[p] = s.url
  closers.push(() => s.close())
}
process.stdout.write(JSON.stringify({ endpoints: served }) + '\n')
process.stdin.resume()
process.stdin.on('end', () => void Promise.all(closers.map((c) => c())).then(() => process.exit(0)))
