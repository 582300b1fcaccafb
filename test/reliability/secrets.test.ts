/**
 * Secrets canary: every secret field of every registered spec (`spec.secrets`) and every provider
 * configuration secret is set to a known canary; plan and apply run on the mock interpreter and,
 * where the emulators hold the type, on the real handler with the debug log on; the CLI plans a
 * program with canaries from its environment. Plan text and JSON, events, debug lines, error
 * messages, CLI output, the state file, its journal and backups must hold zero canaries. State
 * keeps secrets AES-256-GCM encrypted with a passphrase, and only a keyed digest without one — a
 * digest that still shows a changed secret. A redirect to another host never carries the token.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import * as E from 'fp-ts/Either'
import * as http from 'node:http'
import { join } from 'node:path'
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { registry } from '#trellis'
import { secret } from '#trellis'
import { revealDeep } from '#trellis/engine'
import { stack } from '#trellis'
import { resourceNode } from '#trellis/engine'
import { apply, plan, formatEngineError } from '#trellis/engine'
import { mockHandler } from '#trellis/testing'
import { httpHandler } from '#trellis/engine'
import { renderPlan } from '#trellis'
import { planToJson } from '#trellis'
import { makeProtector, isProtected } from '#trellis/engine'
import { platformClients } from '#trellis/clients'
import { debugLog } from '#trellis/clients'
import { fetchClient } from '#trellis/clients'
import { costEmulator } from '#trellis/clients'
import { hostingEmulator } from '#trellis/clients'
import { cloudEmulator, EMULATOR_SECRET_ID } from '../../clients/emulators/cloud'
import { cost } from '#trellis/cost'
import { hosting } from '#trellis/hosting'
import { cloud } from '#trellis/cloud'
import { hostingFixtures } from './fixtures/big-stack'
import { envFor, tempDir, unwrap } from './fixtures/world'
import { recordFigures } from './fixtures/figures'
import { canaries, canaryProviders, secretCanaries, secretNodes } from './fixtures/canaries'

// ── canaries ─────────────────────────────────────────────────────────────────
const seen = canaries('CANARY')
const { canary, scan, scanDir } = seen

// ── inputs with every secret path set ────────────────────────────────────────
const clone = <A>(a: A): A => JSON.parse(JSON.stringify(a)) as A
/** set a dotted path (`secretValues.*.value`: the first item) to a value, creating what is missing */
const setPath = (o: Record<string, any>, path: string, value: unknown): void => {
  const parts = path.split('.')
  let cur: any = o
  parts.forEach((p, i) => {
    const last = i === parts.length - 1
    const key = p === '*' ? 0 : p
    if (last) cur[key] = value
    else {
      const nextIsIndex = parts[i + 1] === '*'
      if (cur[key] === undefined || typeof cur[key] !== 'object' || cur[key]?._tag === 'Secret')
        cur[key] = nextIsIndex ? [] : {}
      if (nextIsIndex && cur[key].length === 0) cur[key].push({ context: 'production' })
      cur = cur[key]
    }
  })
}
/** changes a spec's example needs before its secret fields can be set */
const PREPARE: Record<string, (v: Record<string, any>) => Record<string, any>> = {
  'hosting:EnvironmentVariable': ({ values: _v, ...v }) => ({ ...v, scopes: ['builds', 'functions', 'runtime'] }),
  'cloud:ApiGatewayApiKey': (v) => ({ ...v, accessKeyType: 'manual', accessKeyId: 'canarykeyid01' }),
}
const withSecrets = (token: string, values: Record<string, string>): Record<string, unknown> => {
  const spec = registry.resources.get(token)!
  const v = (PREPARE[token] ?? ((x) => x))(clone(spec.examples.valid) as Record<string, any>)
  for (const p of spec.secrets)
    setPath(v, p, secret(p.endsWith('url') ? `https://logs.example.com/${values[p]}` : values[p]))
  return v
}
const SECRET_TYPES = [...registry.resources.values()].filter((s) => s.secrets.length > 0).map((s) => s.token)

const providerSecrets = () => {
  const out: Record<string, Record<string, unknown>> = {}
  for (const [name, p] of registry.providers)
    out[name] = Object.fromEntries(p.secrets.map((k) => [k, secret(canary(`${name}${k}`))]))
  return out
}

test('every spec with secrets and every provider secret is covered', () => {
  assert.ok(SECRET_TYPES.length >= 3, SECRET_TYPES.join(', '))
  for (const t of SECRET_TYPES) assert.ok(registry.resources.get(t)!.secrets.length > 0)
  for (const [name, p] of registry.providers) assert.ok(p.secrets.length > 0, `${name} has secret configuration`)
})

test('mock interpreter: plan text, plan JSON, events, state file, journal and backups hold no canary', async () => {
  const tmp = tempDir('secrets-mock')
  try {
    const configs = providerSecrets()
    const nodes = SECRET_TYPES.map((t) => {
      const spec = registry.resources.get(t)!
      return resourceNode(
        t,
        `s-${spec.type.toLowerCase()}`,
        withSecrets(t, Object.fromEntries(spec.secrets.map((p) => [p, canary(`${t}${p}`)]))),
      )
    })
    const s = stack('canary', {
      providers: {
        cost: cost.provider({ ...configs.cost }),
        hosting: hosting.provider({ ...configs.hosting }),
        cloud: cloud.provider({ secretId: 'AKIDcanary', region: 'ap-guangzhou', ...configs.cloud }),
      },
    }).add(...nodes)
    const env = envFor(mockHandler(), tmp.dir)
    const p = await unwrap(plan(s)(env))
    scan('plan text', renderPlan(p.plan, registry))
    scan('plan JSON', JSON.stringify(planToJson(p.plan, registry)))
    const r = await unwrap(apply(s)(env))
    scan('apply result', JSON.stringify({ ...r, plan: undefined }))
    scan('events', JSON.stringify(env.events_))
    // a second apply with one secret changed: shown as a change, still without the value
    const changed = stack('canary', { providers: s.providers }).add(
      ...nodes.slice(1),
      resourceNode(
        nodes[0].token,
        nodes[0].name,
        withSecrets(
          nodes[0].token,
          Object.fromEntries(registry.resources.get(nodes[0].token)!.secrets.map((k) => [k, canary('changed')])),
        ),
      ),
    )
    const p2 = await unwrap(plan(changed)(env))
    assert.ok(
      p2.plan.steps.some((x) => x.address === `${nodes[0].token}/${nodes[0].name}` && x.action !== 'noop'),
      'a changed secret is a change',
    )
    scan('plan text of a changed secret', renderPlan(p2.plan, registry))
    scan('plan JSON of a changed secret', JSON.stringify(planToJson(p2.plan, registry)))
    await unwrap(apply(changed)(env))
    scanDir(tmp.dir)
  } finally {
    tmp.remove()
  }
})

test('real handler over the emulators with the debug log on: no canary in debug lines, events, errors or state', async () => {
  const tmp = tempDir('secrets-real')
  try {
    const { tokens, values } = secretCanaries(seen)
    const emus = {
      cost: costEmulator({ token: tokens.cost }),
      hosting: hostingEmulator({ token: tokens.hosting, fixtures: hostingFixtures }),
      cloud: cloudEmulator({ credentials: { [EMULATOR_SECRET_ID]: tokens.cloud } }),
    }
    const lines: string[] = []
    const handler = httpHandler({
      clients: (p, c) =>
        platformClients({
          http: debugLog((l) => lines.push(l), { maxBodyChars: 100_000 })(emus[p as 'cost'].client),
          sleep: async () => undefined,
        })(p, c),
    })
    const env = envFor(handler, tmp.dir)
    const providers = canaryProviders(tokens)
    const nodes = (v: typeof values) => secretNodes('Canary', v)
    const [site, team] = nodes(values)
    const s = stack('canary', { providers }).add(...nodes(values))
    const p = await unwrap(plan(s)(env))
    scan('plan text', renderPlan(p.plan, registry))
    scan('plan JSON', JSON.stringify(planToJson(p.plan, registry)))
    const r = await unwrap(apply(s)(env))
    assert.ok(
      emus.hosting.objects().some((o) => o.kind === 'log_drains'),
      'the drain was made',
    )
    // the platform did receive the secrets (they were revealed on the wire only)
    assert.ok(
      JSON.stringify(emus.hosting.objects()).includes(values.url) ||
        JSON.stringify(emus.hosting.objects()).includes(values.auth),
    )
    assert.ok(lines.length > 5, 'debug lines were written')
    scan('debug log', lines.join('\n'))
    scan('events', JSON.stringify(env.events_))
    scan('apply result', JSON.stringify({ ...r, plan: undefined }))
    // a refreshed plan: the digest still matches, so no change
    const again = await unwrap(plan(s, { refresh: true })(env))
    assert.equal(
      again.plan.steps.filter((x) => x.action !== 'noop' && x.action !== 'read').map((x) => x.address),
      [],
    )
    // a changed secret shows as a change (the keyed digest differs)
    const s2 = stack('canary', { providers }).add(...nodes({ ...values, key: canary('apiKey2') }))
    const p2 = await unwrap(plan(s2)(env))
    assert.equal(
      p2.plan.steps.filter((x) => x.action !== 'noop' && x.action !== 'read').map((x) => x.address),
      ['cloud:ApiGatewayApiKey/key'],
    )
    scan('plan of a changed secret', renderPlan(p2.plan, registry) + JSON.stringify(planToJson(p2.plan, registry)))
    // errors: a wrong token, and a platform refusal of a request carrying secrets
    const bad = stack('canary2', {
      providers: { ...providers, hosting: hosting.provider({ token: secret(canary('wrongToken')) }) },
    }).add(...nodes(values))
    const e1 = await plan(bad)(env)()
    assert.ok(E.isLeft(e1))
    scan(
      'error with a wrong token',
      formatEngineError((e1 as E.Left<never>).left) + JSON.stringify((e1 as E.Left<unknown>).left),
    )
    const refused = stack('canary3', { providers }).add(
      site,
      team,
      hosting.logDrain('drain', {
        siteId: site.out.id,
        destination: 'http',
        format: 'ndjson',
        logTypes: ['user_traffic'],
        serviceConfig: { url: secret(`not a url ${canary('badUrl')}`), authorizationHeader: secret(canary('badAuth')) },
      }),
    )
    const e2 = await apply(refused)(env)()
    assert.ok(E.isLeft(e2), 'the platform refused the drain')
    scan(
      'error of a refused request',
      formatEngineError((e2 as E.Left<never>).left) + JSON.stringify((e2 as E.Left<unknown>).left),
    )
    scan('debug log after errors', lines.join('\n'))
    scanDir(tmp.dir)
  } finally {
    tmp.remove()
  }
})

test('with a passphrase the state holds secrets AES-256-GCM encrypted; without, only a keyed digest', async () => {
  for (const passphrase of ['correct horse battery staple', undefined]) {
    const tmp = tempDir('secrets-pass')
    try {
      const value = canary(passphrase ? 'encrypted' : 'digested')
      const key = resourceNode('cloud:ApiGatewayApiKey', 'k', {
        secretName: 'k',
        accessKeyType: 'manual',
        accessKeyId: 'canarykeyid01',
        accessKeySecret: secret(value),
      })
      const env = envFor(mockHandler(), tmp.dir, passphrase ? { passphrase } : {})
      const r = await unwrap(
        apply(
          stack('pass', {
            providers: {
              cloud: cloud.provider({
                secretId: 'AKIDx',
                secretKey: secret('sk-not-canary'),
                region: 'ap-guangzhou',
              }),
            },
          }).add(key),
        )(env),
      )
      scanDir(tmp.dir)
      const stored = r.state.resources['cloud:ApiGatewayApiKey/k'].inputs.accessKeySecret
      assert.ok(isProtected(stored), 'stored as a protected secret')
      const p = stored as { digest: string; enc?: string }
      if (passphrase) {
        assert.ok(p.enc, 'encrypted')
        // the right key opens it, a wrong one does not
        const opened = makeProtector(r.state.salt, passphrase).unprotect(p as never)
        assert.ok(opened)
        assert.is(JSON.stringify(revealDeep(opened)), JSON.stringify(value))
        assert.is(makeProtector(r.state.salt, 'wrong passphrase').unprotect(p as never), undefined)
      } else {
        assert.is(p.enc, undefined, 'no ciphertext without a passphrase')
        assert.is(p.digest, makeProtector(r.state.salt).digest(value), 'a keyed digest of the value')
        assert.is.not(p.digest, makeProtector(r.state.salt).digest(value + 'x'))
      }
    } finally {
      tmp.remove()
    }
  }
})

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const cli = (args: string[], env: Record<string, string>) => {
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'src/cli/main.ts'), ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env, NO_COLOR: '1' },
    encoding: 'utf8',
    timeout: 60_000,
  })
  return { code: r.status, out: `${r.stdout}\n${r.stderr}` }
}

test('CLI plan --emulate with canaries in its environment prints none of them', () => {
  const tmp = tempDir('secrets-cli')
  try {
    const program = join(ROOT, 'test/reliability/fixtures/canary-program.ts')
    const c1 = canary('cliInput')
    const plain = cli(['plan', program, '--emulate', '--state-dir', tmp.dir], {
      TRELLIS_CANARY: c1,
      TRELLIS_DEBUG: '1',
    })
    assert.is(plain.code, 0, plain.out)
    assert.ok(plain.out.includes('hosting:LogDrain'), 'the plan was printed')
    scan('CLI plan output', plain.out)
    const json = cli(['plan', program, '--emulate', '--json', '--state-dir', tmp.dir], { TRELLIS_CANARY: c1 })
    assert.is(json.code, 0, json.out)
    scan('CLI plan --json output', json.out)
    // a canary as the platform token: the emulator refuses it, and the error does not repeat it
    const refused = cli(['plan', program, '--emulate', '--state-dir', tmp.dir], {
      TRELLIS_CANARY: c1,
      HOST_API_TOKEN: canary('cliToken'),
      CLOUD_SECRET_KEY: canary('cliCloudKey'),
    })
    assert.is.not(refused.code, 0, refused.out)
    scan('CLI error output', refused.out)
    scanDir(tmp.dir)
  } finally {
    tmp.remove()
  }
})

test('the token goes only to the configured host: a redirect to another host drops it', async () => {
  const token = canary('redirectToken')
  const seen: Array<{ server: string; headers: http.IncomingHttpHeaders }> = []
  const other = http.createServer((req, res) => {
    seen.push({ server: 'other', headers: req.headers })
    res.writeHead(200, { 'content-type': 'application/json' }).end('[]')
  })
  await new Promise<void>((r) => other.listen(0, '127.0.0.2', r))
  const otherPort = (other.address() as { port: number }).port
  const home = http.createServer((req, res) => {
    seen.push({ server: 'home', headers: req.headers })
    res.writeHead(302, { location: `http://127.0.0.2:${otherPort}/api/v1/sites` }).end()
  })
  await new Promise<void>((r) => home.listen(0, '127.0.0.1', r))
  const homePort = (home.address() as { port: number }).port
  try {
    const client = platformClients({ http: fetchClient(), endpoints: { hosting: `http://127.0.0.1:${homePort}` } })(
      'hosting',
      { token: secret(token) },
    )
    const r = await client.call({ _tag: 'Rest', method: 'GET', path: '/api/v1/sites' })()
    assert.equal(
      seen.map((s) => s.server),
      ['home', 'other'],
      'the redirect was followed',
    )
    assert.is(seen[0].headers.authorization, `Bearer ${token}`, 'the configured host got the token')
    assert.is(seen[1].headers.authorization, undefined, 'the other host did not')
    scan('headers sent to the other host', JSON.stringify(seen[1].headers))
    if (E.isLeft(r)) scan('redirect error', JSON.stringify(r.left))
  } finally {
    home.close()
    other.close()
    home.closeAllConnections?.()
    other.closeAllConnections?.()
  }
})

test('figures', () => {
  assert.ok(seen.scanned() > 20, `${seen.scanned()} texts scanned`)
  assert.is(seen.found(), 0)
  recordFigures('secrets', {
    canaries: seen.count(),
    textsScanned: seen.scanned(),
    secretsFound: seen.found(),
    specsWithSecrets: SECRET_TYPES,
    providerSecrets: Object.fromEntries([...registry.providers].map(([n, p]) => [n, p.secrets])),
  })
})

test.run()
