/**
 * The cost emulator behind a loopback server, in a process of its own (as a platform would be: the
 * client under test does not share its event loop with the server). Started by bench/scenario.ts:
 *
 *   node --import tsx bench/emulator-server.ts [--latency ms] [--rate-limit perSecond] [--token t]
 *   (compiled mode: node bench/tmp/dist/emulator-server.mjs …)
 *
 * prints `{"url": …}` once listening; no answer leaves sooner than `--latency` ms after its request
 * arrived, by the high-resolution clock, and the emulator's own work on a request is done within
 * that time, as a platform's is within its latency. `GET /__bench/stats` answers the count of
 * answers by status, the server's CPU time so far (the process's, and its main thread's with how
 * long it waited for a core) and the connections it accepted. Ends when its stdin closes.
 */
import * as http from 'node:http'
import * as E from 'fp-ts/Either'
import * as TE from 'fp-ts/TaskEither'
import { costEmulator, type HttpClient, type HttpRequest } from 'trellis/clients'
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
let connections = 0
const cpuMs = (): number => {
  const u = process.cpuUsage()
  return (u.user + u.system) / 1000
}
/** Resolves once `ms` have passed since `since` (performance.now()), and not sooner. */
const until = (since: number, ms: number): Promise<void> =>
  new Promise((resolve) => {
    // Node's timers run on the event loop's clock, whole milliseconds taken when the loop last woke
    // (before the request arrived), so a timer can fire up to a millisecond early: it then waits
    // again for what is left. (One millisecond added to every wait, as before, made each request
    // ~1 ms longer than the latency the bound assumes; spinning through the last fraction in
    // setImmediate turns took the cores the client under test needs.)
    const check = (): void => {
      const left = since + ms - performance.now()
      if (left <= 0) resolve()
      else setTimeout(check, Math.ceil(left))
    }
    check()
  })
const answer = (req: HttpRequest, arrived: number): ReturnType<HttpClient> => {
  if (req.url.endsWith('/__bench/stats'))
    return TE.right({
      status: 200,
      headers: { 'content-type': 'application/json' },
      // the server's own CPU so far (ms), so a bench can tell a busy server from a busy client
      body: JSON.stringify({ statuses, cpuMs: cpuMs(), main: mainThread(), connections }),
    })
  return async () => {
    const r = await emu.client(req)()
    if (E.isRight(r)) statuses[r.right.status] = (statuses[r.right.status] ?? 0) + 1
    if (latencyMs > 0) await until(arrived, latencyMs)
    return r
  }
}
// Served by a plain node:http server rather than clients/serve.ts, whose hostile acts, per-request
// abort controllers and header copies are test machinery: here the server's own CPU per request is
// part of what is measured, so it does no more than a platform's would. Connections are kept alive.
const headersOf = (h: http.IncomingHttpHeaders): Record<string, string> => {
  const out: Record<string, string> = {}
  for (const k in h) {
    const v = h[k]
    if (v !== undefined) out[k] = typeof v === 'string' ? v : v.join(', ')
  }
  return out
}
const FRAMING: ReadonlySet<string> = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive'])
const server = http.createServer((req, res) => {
  const arrived = performance.now()
  let body = ''
  req.setEncoding('utf8')
  req.on('data', (c: string) => (body += c))
  req.on('end', () => {
    const request: HttpRequest = {
      method: (req.method ?? 'GET') as HttpRequest['method'],
      url: `http://${req.headers.host ?? '127.0.0.1'}${req.url ?? '/'}`,
      headers: headersOf(req.headers),
      ...(body !== '' ? { body } : {}),
    }
    answer(request, arrived)().then(
      (r) => {
        if (E.isLeft(r)) return void req.socket.destroy()
        const out: Record<string, string> = {}
        for (const [k, v] of Object.entries(r.right.headers)) if (!FRAMING.has(k.toLowerCase())) out[k] = v
        const noBody = request.method === 'HEAD' || r.right.status === 204 || r.right.status === 304
        if (!noBody) out['content-length'] = String(Buffer.byteLength(r.right.body))
        res.writeHead(r.right.status, out).end(noBody ? undefined : r.right.body)
      },
      () => void req.socket.destroy(),
    )
  })
})
server.on('connection', () => void connections++)
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
const { port } = server.address() as { port: number }
process.stdout.write(JSON.stringify({ url: `http://127.0.0.1:${port}` }) + '\n')
process.stdin.resume()
process.stdin.on('end', () => {
  server.closeAllConnections()
  server.close(() => process.exit(0))
})
