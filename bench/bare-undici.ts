/**
 * bareUndiciLoop: the floor latency-apply's client CPU is held to — the same requests trellis sent,
 * replayed through undici's own `request` (a fresh Agent: keep-alive pools, connections made as
 * trellis's were) at the same concurrency, each body read whole, nothing else: no engine, no
 * middleware, no timers. Measured in the apply's process right after it, against the same server.
 */
import type { HttpRequest } from 'trellis/clients'

export interface BareLoop {
  readonly requests: number
  readonly cpuMs: number
  readonly wallMs: number
}

export const bareUndiciLoop = async (sent: ReadonlyArray<HttpRequest>, concurrency: number): Promise<BareLoop> => {
  const { Agent, request } = await import('undici')
  const dispatcher = new Agent()
  // undici's modules and llhttp are loaded by trellis's run already; a first request warms this Agent's code paths
  if (sent.length > 0) await (await request(sent[0].url, { dispatcher, method: 'GET' })).body.text()
  let next = 0
  const lane = async (): Promise<void> => {
    while (next < sent.length) {
      const r = sent[next++]
      const res = await request(r.url, {
        dispatcher,
        method: r.method,
        headers: r.headers,
        ...(r.body !== undefined ? { body: r.body } : {}),
      })
      await res.body.text()
    }
  }
  const cpu0 = process.cpuUsage()
  const t0 = performance.now()
  await Promise.all(Array.from({ length: Math.min(concurrency, sent.length) }, lane))
  const wallMs = performance.now() - t0
  const cpu = process.cpuUsage(cpu0)
  await dispatcher.close()
  return { requests: sent.length, cpuMs: (cpu.user + cpu.system) / 1000, wallMs }
}
