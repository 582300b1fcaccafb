/**
 * Proxies, end to end on 127.0.0.1: an HTTP forward proxy and a CONNECT proxy (one server, as
 * corporate proxies are) that alone resolve `cost.test` and `hosting.test`; the hosting platform is
 * reached over TLS (a throwaway certificate for hosting.test, trusted through `ca`) through the
 * tunnel. With HTTP_PROXY/HTTPS_PROXY set, every request of an apply and of a plan with refresh goes
 * through the proxy (counted); with NO_PROXY naming the hosts, none does; loopback is never
 * proxied; a proxy that refuses gives an error naming the proxy, never its credentials.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import * as E from 'fp-ts/Either'
import * as http from 'node:http'
import * as https from 'node:https'
import * as net from 'node:net'
import type { AddressInfo, LookupFunction } from 'node:net'
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import quickstart from '../../examples/quickstart'
import { stack } from '#trellis'
import { secret } from '#trellis'
import { registry } from '#trellis'
import { apply, plan } from '#trellis/engine'
import { hasChanges } from '#trellis'
import { memoryStore } from '#trellis'
import { DEFAULT_CONCURRENCY, type Env } from '#trellis/engine'
import { realHandler } from '#trellis/engine'
import * as cost from '#trellis/cost'
import * as hosting from '#trellis/hosting'
import { emulators } from '#trellis/clients'
import { serveEmulators, type ServedEmulators } from '../../clients/emulators/serve-emulators'
import { fetchClient } from '#trellis/clients'
import { proxyFromEnv } from '../../clients/proxy-from-env'
import { workspace } from '#trellis'
import { liveEnv } from '#trellis/engine'
import type { HttpClient } from '#trellis/clients'

const test = suite('proxies')

const USER = 'proxyuser'
const PASS = 'pr0xy-s3cret'
const TIMEOUT_MS = 5_000

interface World {
  readonly served: ServedEmulators
  readonly cert: Buffer
  /** the proxy's origin (no credentials) */
  readonly proxy: string
  /** what the proxy did (forwarded requests, tunnels opened, refusals) and the requests the TLS front served */
  readonly counts: { forwarded: number; tunnels: number; tunnelled: number; refused: number }
  /** the TLS front of the hosting emulator, reachable only through a tunnel */
  readonly frontPort: number
  readonly close: () => Promise<void>
}

const listen = async (s: net.Server): Promise<number> => {
  await new Promise<void>((res) => s.listen(0, '127.0.0.1', () => res()))
  return (s.address() as AddressInfo).port
}

const throwawayCert = (): { key: Buffer; cert: Buffer } => {
  const dir = mkdtempSync(join(tmpdir(), 'trellis-proxy-'))
  try {
    const [key, cert] = [join(dir, 'key.pem'), join(dir, 'cert.pem')]
    const subj = ['-subj', '/CN=hosting.test', '-addext', 'subjectAltName=DNS:hosting.test']
    const args = ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1']
    execFileSync('openssl', [...args, ...subj, '-keyout', key, '-out', cert], { stdio: 'ignore' })
    return { key: readFileSync(key), cert: readFileSync(cert) }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** the names only the proxy resolves */
const resolveTest = (host: string): string | undefined => (host.endsWith('.test') ? '127.0.0.1' : undefined)

const authorized = (req: http.IncomingMessage): boolean =>
  req.headers['proxy-authorization'] === `Basic ${Buffer.from(`${USER}:${PASS}`).toString('base64')}`

const forward = (counts: World['counts'], req: http.IncomingMessage, res: http.ServerResponse): void => {
  const u = new URL(req.url ?? '/')
  const address = resolveTest(u.hostname)
  if (!authorized(req) || address === undefined) {
    counts.refused++
    res.writeHead(authorized(req) ? 502 : 407).end()
    return
  }
  counts.forwarded++
  const headers = { ...req.headers }
  delete headers['proxy-authorization']
  const out = http.request(
    { host: address, port: u.port, path: `${u.pathname}${u.search}`, method: req.method, headers },
    (r) => {
      res.writeHead(r.statusCode ?? 502, r.headers)
      r.pipe(res)
    },
  )
  out.on('error', () => res.destroy())
  req.pipe(out)
}

const tunnel = (counts: World['counts'], req: http.IncomingMessage, client: net.Socket, head: Buffer): void => {
  const [host, port] = (req.url ?? '').split(':')
  const address = resolveTest(host)
  if (!authorized(req) || address === undefined) {
    counts.refused++
    client.end(`HTTP/1.1 ${authorized(req) ? '502 Bad Gateway' : '407 Proxy Authentication Required'}\r\n\r\n`)
    return
  }
  counts.tunnels++
  const upstream = net.connect(Number(port), address, () => {
    client.write('HTTP/1.1 200 Connection Established\r\n\r\n')
    upstream.write(head)
    upstream.pipe(client)
    client.pipe(upstream)
  })
  upstream.on('error', () => client.destroy())
  client.on('error', () => upstream.destroy())
}

const world = async (): Promise<World> => {
  const served = await serveEmulators(emulators())
  const { key, cert } = throwawayCert()
  const counts = { forwarded: 0, tunnels: 0, tunnelled: 0, refused: 0 }
  // hosting over TLS: the front passes each request on to the emulator (plain http on loopback)
  const target = new URL(served.endpoints.hosting)
  const front = https.createServer({ key, cert }, (req, res) => {
    counts.tunnelled++
    const out = http.request(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers },
      (r) => {
        res.writeHead(r.statusCode ?? 502, r.headers)
        r.pipe(res)
      },
    )
    out.on('error', () => res.destroy())
    req.pipe(out)
  })
  const proxyServer = http.createServer((req, res) => forward(counts, req, res))
  proxyServer.on('connect', (req: http.IncomingMessage, socket: net.Socket, head: Buffer) =>
    tunnel(counts, req, socket, head),
  )
  const [frontPort, proxyPort] = [await listen(front), await listen(proxyServer)]
  return {
    served,
    cert,
    proxy: `http://127.0.0.1:${proxyPort}`,
    counts,
    frontPort,
    close: async () => {
      for (const s of [front, proxyServer]) {
        s.closeAllConnections()
        await new Promise((res) => s.close(res))
      }
      await served.close()
    },
  }
}

/** a stack of the quickstart's cost and hosting nodes, at names only the proxy resolves */
const proxiedStack = (w: World) =>
  stack('proxied', {
    providers: {
      cost: cost.provider({
        apiToken: secret('emulator-token'),
        host: `http://cost.test:${new URL(w.served.endpoints.cost).port}`,
      }),
      hosting: hosting.provider({ token: secret('emulator-token'), endpoint: `https://hosting.test:${w.frontPort}` }),
    },
  }).add(...quickstart.nodes.filter((n) => n.token.startsWith('cost:') || n.token.startsWith('hosting:')))

const envOf = (transport: HttpClient): Env => ({
  registry,
  handler: realHandler({ env: {}, transport }),
  store: memoryStore(),
  events: () => undefined,
  concurrency: DEFAULT_CONCURRENCY,
  now: () => new Date(),
})

const proxied = (w: World, env: Record<string, string>): HttpClient => {
  const settings = proxyFromEnv(env)
  if (E.isLeft(settings)) throw new Error(settings.left)
  return fetchClient({ ...(settings.right ? { proxy: settings.right } : {}), ca: w.cert })
}

const withCredentials = (proxy: string): string => proxy.replace('http://', `http://${USER}:${PASS}@`)

test('through HTTP_PROXY and HTTPS_PROXY: every request of an apply and a plan with refresh is proxied', async () => {
  const w = await world()
  try {
    const p = withCredentials(w.proxy)
    const env = envOf(proxied(w, { HTTP_PROXY: p, https_proxy: p }))
    const s = proxiedStack(w)
    const a = await apply(s)(env)()
    assert.ok(E.isRight(a), E.isLeft(a) ? JSON.stringify(a.left).slice(0, 600) : '')
    const afterApply = { ...w.counts }
    const again = await plan(s, { refresh: true })(env)()
    assert.ok(E.isRight(again) && !hasChanges(again.right.plan), 'no changes after a refresh')
    // the names resolve nowhere but in the proxy: every request went through it; each platform's share counted
    assert.ok(
      w.counts.forwarded > afterApply.forwarded,
      `cost refreshed through the proxy: ${JSON.stringify(w.counts)}`,
    )
    assert.ok(
      w.counts.tunnelled > afterApply.tunnelled,
      `hosting refreshed through a tunnel: ${JSON.stringify(w.counts)}`,
    )
    assert.ok(w.counts.tunnels >= 1 && w.counts.tunnels <= w.counts.tunnelled, JSON.stringify(w.counts))
    assert.is(w.counts.refused, 0)
  } finally {
    await w.close()
  }
})

/** direct, the names need resolving here: a lookup that knows them (as a hosts file would) */
const testLookup: LookupFunction = (hostname, options, callback) => {
  const address = resolveTest(hostname) ?? hostname
  if (options.all)
    (callback as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [{ address, family: 4 }])
  else callback(null, address, 4)
}

test('NO_PROXY naming the hosts: none goes through the proxy', async () => {
  for (const noProxy of ['cost.test,hosting.test', '.test', 'localhost, *.test', '*']) {
    const w = await world()
    try {
      const p = withCredentials(w.proxy)
      const settings = proxyFromEnv({ HTTP_PROXY: p, HTTPS_PROXY: p, NO_PROXY: noProxy })
      assert.ok(E.isRight(settings) && settings.right)
      const transport = fetchClient({ proxy: settings.right, ca: w.cert, lookup: testLookup })
      const a = await apply(proxiedStack(w))(envOf(transport))()
      assert.ok(E.isRight(a), `${noProxy}: ${E.isLeft(a) ? JSON.stringify(a.left).slice(0, 600) : ''}`)
      // the hosting front is reached directly now (tunnelled counts what it served, however it came)
      const { tunnelled, ...proxy } = w.counts
      assert.equal(proxy, { forwarded: 0, tunnels: 0, refused: 0 }, noProxy)
      assert.ok(tunnelled > 0, noProxy)
    } finally {
      await w.close()
    }
  }
})

test('loopback is never proxied: 127.0.0.1, *.localhost, [::1]', async () => {
  const w = await world()
  try {
    const p = withCredentials(w.proxy)
    const direct = proxied(w, { HTTP_PROXY: p, HTTPS_PROXY: p })
    const port = new URL(w.served.endpoints.cost).port
    for (const url of [`${w.served.endpoints.cost}/`, `http://cost.localhost:${port}/`, `http://[::1]:1/`]) {
      const r = await direct({ method: 'GET', url, headers: {}, timeoutMs: TIMEOUT_MS })()
      // [::1]:1 is refused by this machine itself, not by the proxy
      assert.ok(url.includes('[::1]') ? E.isLeft(r) && !r.left.message.includes('proxy') : E.isRight(r), url)
    }
    assert.equal(w.counts, { forwarded: 0, tunnels: 0, tunnelled: 0, refused: 0 })
  } finally {
    await w.close()
  }
})

test('a proxy that refuses: an error naming the proxy, never its credentials, and nothing sent', async () => {
  const w = await world()
  const closed = net.createServer()
  const closedPort = await listen(closed)
  await new Promise((res) => closed.close(res))
  try {
    const get = (c: HttpClient, url: string) => c({ method: 'GET', url, headers: {}, timeoutMs: TIMEOUT_MS })()
    // nobody listens where the proxy should be
    const gone = `http://${USER}:${PASS}@127.0.0.1:${closedPort}`
    const viaGone = proxied(w, { HTTP_PROXY: gone, HTTPS_PROXY: gone })
    for (const url of ['http://cost.test:1/v2/folders', 'https://hosting.test:1/api/v1/sites']) {
      const r = await get(viaGone, url)
      assert.ok(E.isLeft(r) && r.left.kind === 'ConnectFailed' && !r.left.sent, JSON.stringify(r))
      if (E.isLeft(r)) {
        assert.match(r.left.message, `through the proxy http://127.0.0.1:${closedPort}`)
        assert.not.match(r.left.message, PASS)
        assert.not.match(r.left.message, USER)
      }
    }
    // the proxy refuses the tunnel (wrong password): named, credentials not printed, not sent
    const wrong = w.proxy.replace('http://', `http://${USER}:wrong-${PASS}@`)
    const r = await get(proxied(w, { HTTPS_PROXY: wrong }), `https://hosting.test:${w.frontPort}/api/v1/sites`)
    assert.ok(E.isLeft(r) && r.left.kind === 'ConnectFailed' && !r.left.sent, JSON.stringify(r))
    if (E.isLeft(r)) {
      assert.match(r.left.message, `through the proxy ${w.proxy}`)
      assert.match(r.left.message, '407')
      assert.not.match(r.left.message, PASS)
    }
    // a forward proxy refuses a plain request (wrong password): named, credentials not printed, not sent
    const plainRefused = await get(proxied(w, { HTTP_PROXY: wrong }), 'http://cost.test:1/v2/folders')
    assert.ok(E.isLeft(plainRefused) && plainRefused.left.kind === 'ConnectFailed', JSON.stringify(plainRefused))
    if (E.isLeft(plainRefused)) {
      assert.not.ok(plainRefused.left.sent, 'a request the proxy kept was not sent')
      assert.match(plainRefused.left.message, `through the proxy ${w.proxy}`)
      assert.match(plainRefused.left.message, '407')
      assert.not.match(plainRefused.left.message, PASS)
    }
    assert.is(w.counts.refused, 2)
    assert.is(w.counts.tunnelled, 0)
  } finally {
    await w.close()
  }
})

test('proxy settings the environment cannot mean are refused, naming the variable, credentials masked', () => {
  const bad = proxyFromEnv({ HTTPS_PROXY: `socks5://${USER}:${PASS}@127.0.0.1:1080` })
  assert.ok(E.isLeft(bad))
  if (E.isLeft(bad)) {
    assert.match(bad.left, 'HTTPS_PROXY: expected an http:// or https:// proxy')
    assert.not.match(bad.left, PASS)
  }
  const unparsable = proxyFromEnv({ http_proxy: `http://${USER}:${PASS}@exa mple:80` })
  assert.ok(E.isLeft(unparsable) && unparsable.left.startsWith('HTTP_PROXY: expected a proxy URL'))
  if (E.isLeft(unparsable)) assert.not.match(unparsable.left, PASS)
  // no scheme: http://, as Go and curl take it; the lower-case form is read first; none set: no proxy
  assert.equal(
    proxyFromEnv({ HTTP_PROXY: 'proxy.corp:3128', no_proxy: '.corp' }),
    E.right({ http: 'http://proxy.corp:3128/', noProxy: '.corp' }),
  )
  assert.equal(
    proxyFromEnv({ https_proxy: 'http://a:1', HTTPS_PROXY: 'http://b:2' }),
    E.right({ https: 'http://a:1/' }),
  )
  assert.equal(proxyFromEnv({ NO_PROXY: '*' }), E.right(undefined))
})

test('workspace() reads HTTP_PROXY from the environment it is given, and refuses one it cannot mean', async () => {
  const w = await world()
  const dir = mkdtempSync(join(tmpdir(), 'trellis-proxy-ws-'))
  try {
    const costOnly = stack('proxied-cost', {
      providers: {
        cost: cost.provider({
          apiToken: secret('emulator-token'),
          host: `http://cost.test:${new URL(w.served.endpoints.cost).port}`,
        }),
      },
    }).add(...quickstart.nodes.filter((n) => n.token.startsWith('cost:')))
    const ws = workspace({ stateDir: dir, env: { HTTP_PROXY: withCredentials(w.proxy) } })
    const p = await ws.plan(costOnly)
    assert.ok(hasChanges(p.plan))
    assert.ok(w.counts.forwarded >= 1, JSON.stringify(w.counts))
    assert.throws(
      () => workspace({ stateDir: dir, env: { HTTPS_PROXY: `ftp://${USER}:${PASS}@proxy:21` } }),
      (e: Error) =>
        e.message.startsWith('HTTPS_PROXY: expected an http:// or https:// proxy') && !e.message.includes(PASS),
    )
    // emulated runs are never proxied: the setting is not even read
    workspace({ stateDir: dir, emulate: true, env: { HTTPS_PROXY: 'ftp://proxy:21' } })
  } finally {
    rmSync(dir, { recursive: true, force: true })
    await w.close()
  }
})

test('liveEnv reads HTTP_PROXY from the environment it is given, as workspace() does', async () => {
  const w = await world()
  const dir = mkdtempSync(join(tmpdir(), 'trellis-proxy-live-'))
  try {
    const costOnly = stack('proxied-cost-live', {
      providers: {
        cost: cost.provider({
          apiToken: secret('emulator-token'),
          host: `http://cost.test:${new URL(w.served.endpoints.cost).port}`,
        }),
      },
    }).add(...quickstart.nodes.filter((n) => n.token.startsWith('cost:')))
    const before = w.counts.forwarded
    const r = await plan(costOnly)(liveEnv({ stateDir: dir, env: { HTTP_PROXY: withCredentials(w.proxy) } }))()
    assert.ok(E.isRight(r), E.isLeft(r) ? JSON.stringify(r.left).slice(0, 400) : '')
    assert.ok(w.counts.forwarded > before, JSON.stringify(w.counts))
    assert.throws(
      () => liveEnv({ stateDir: dir, env: { HTTPS_PROXY: `ftp://${USER}:${PASS}@proxy:21` } }),
      (e: Error) =>
        e.message.startsWith('HTTPS_PROXY: expected an http:// or https:// proxy') && !e.message.includes(PASS),
    )
  } finally {
    rmSync(dir, { recursive: true, force: true })
    await w.close()
  }
})

test.run()
