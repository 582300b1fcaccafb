/**
 * The cost emulator behind a loopback server, in a process of its own (as a platform would be: the
 * client under test does not share its event loop with the server). Started by bench/scenario.ts:
 *
 *   node --import tsx bench/emulator-server.ts [--latency ms] [--rate-limit perSecond] [--token t]
 *   (compiled mode: node bench/tmp/dist/emulator-server.mjs …)
 *
 * prints `{"url": …}` once listening; no answer leaves sooner than `--latency` ms after its request
 * arrived, by the high-resolution clock, and the emulator's own work on a request is done within
 * that time, as a platform's is within its latency (bench/held-server.ts). `GET /__bench/stats`
 * answers the count of answers by status, the server's CPU time so far (the process's, and its
 * main thread's with how long it waited for a core), the connections it accepted and how long
 * its answers were held since the last stats (least, median, most; the last stats answer's hold among them). Ends when its
 * stdin closes.
 */
import * as E from 'fp-ts/Either'
import { costEmulator, type HttpResponse } from 'trellis/clients'
import { heldServer } from './held-server'
import { mainThread } from './main-thread'

const argv = process.argv.slice(2)
const opt = (k: string): string | undefined => {
  const i = argv.indexOf(k)
  return i >= 0 ? argv[i + 1] : undefined
}
const latencyMs = Number(opt('--latency') ?? 0)
const perSecond = opt('--rate-limit') !== undefined ? Number(opt('--rate-limit')) : undefined
const token = opt('--token')

const emu = costEmulator({
  now: () => new Date(),
  ...(token ? { token } : {}),
  // without a limit of its own the emulator reports 1,000 an hour in its headers: report a large one instead
  rateLimit: perSecond !== undefined ? { limit: perSecond, windowMs: 1000 } : { limit: 1e9, windowMs: 3_600_000 },
})
const statuses: Record<string, number> = {}
// how long each answer was held, arrival to leaving (ms): the bound counts latencyMs exactly
const holds: number[] = []
const holdsMs = (): { readonly n: number; readonly min: number; readonly median: number; readonly max: number } => {
  const s = holds.splice(0).sort((a, b) => a - b)
  const at = (q: number): number => Math.round((s[Math.floor(q * (s.length - 1))] ?? NaN) * 1000) / 1000
  return { n: s.length, min: at(0), median: at(0.5), max: at(1) }
}
const cpuMs = (): number => {
  const u = process.cpuUsage()
  return (u.user + u.system) / 1000
}
const server = await heldServer(
  async (req): Promise<HttpResponse | undefined> => {
    if (req.url.endsWith('/__bench/stats'))
      return {
        status: 200,
        headers: { 'content-type': 'application/json' },
        // the server's own CPU so far (ms), so a bench can tell a busy server from a busy client
        body: JSON.stringify({
          statuses,
          cpuMs: cpuMs(),
          main: mainThread(),
          connections: server.connections(),
          holdsMs: holdsMs(),
        }),
      }
    const r = await emu.client(req)()
    if (E.isLeft(r)) return undefined
    statuses[r.right.status] = (statuses[r.right.status] ?? 0) + 1
    return r.right
  },
  { latencyMs, onSent: (arrived, sent) => void holds.push(sent - arrived) },
)
process.stdout.write(JSON.stringify({ url: `http://127.0.0.1:${server.port}` }) + '\n')
process.stdin.resume()
process.stdin.on('end', () => void server.close().then(() => process.exit(0)))
