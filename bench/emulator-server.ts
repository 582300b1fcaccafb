/**
 * The cost emulator behind a loopback server, in a process of its own (as a platform would be: the
 * client under test does not share its event loop with the server). Started by bench/scenario.ts:
 *
 *   node --import tsx bench/emulator-server.ts [--latency ms] [--rate-limit perSecond] [--token t]
 *   (compiled mode: node bench/tmp/dist/emulator-server.mjs …)
 *
 * prints `{"url": …}` once listening; every answer waits `--latency` ms first. `GET /__bench/stats`
 * answers the count of answers by status and the
 * server's CPU time so far. Ends when its stdin closes.
 */
import * as E from 'fp-ts/Either'
import * as TE from 'fp-ts/TaskEither'
import { costEmulator, serve, type HttpClient } from 'trellis/clients'

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
const cpuMs = (): number => {
  const u = process.cpuUsage()
  return (u.user + u.system) / 1000
}
const client: HttpClient = (req) => {
  if (req.url.endsWith('/__bench/stats'))
    return TE.right({
      status: 200,
      headers: { 'content-type': 'application/json' },
      // the server's own CPU so far (ms), so a bench can tell a busy server from a busy client
      body: JSON.stringify({ statuses, cpuMs: cpuMs() }),
    })
  return async () => {
    if (latencyMs > 0) await new Promise((r) => setTimeout(r, latencyMs))
    const r = await emu.client(req)()
    if (E.isRight(r)) statuses[r.right.status] = (statuses[r.right.status] ?? 0) + 1
    return r
  }
}
const served = await serve(client)
process.stdout.write(JSON.stringify({ url: served.url }) + '\n')
process.stdin.resume()
process.stdin.on('end', () => void served.close().then(() => process.exit(0)))
