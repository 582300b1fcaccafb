import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { isLeft, isRight } from 'fp-ts/Either'
import { compileWith as compile } from '#trellis/engine'
import { makeRegistry } from '#trellis'
import { stack, providerInstance } from '#trellis'
import { resourceNode } from '#trellis/engine'
import { secret, reveal } from '#trellis'
import { costProvider } from '#trellis/engine'
import { CostConfig } from '#src/providers/cost/config'
import { configFromEnv } from '#trellis/engine'

// the provider's configuration with COST_API_TOKEN / COST_HOST / COST_TIMEOUT as fallbacks, as `cost.fromEnv` reads it
const fromEnv = (env: Readonly<Record<string, string | undefined>>, explicit?: Readonly<Record<string, unknown>>) =>
  configFromEnv(costProvider, env, explicit)

const registry = makeRegistry([costProvider])
const withConfig = (config: Record<string, unknown>) =>
  stack('s', { providers: { cost: providerInstance('cost', config) } }).add(
    resourceNode('cost:Folder', 'f', { title: 'F', workspaceToken: 'wrkspc_1' }),
  )

test('defaults: host https://api.vantage.sh and timeout 30s', () => {
  const c = CostConfig.decode({})
  assert.ok(isRight(c))
  if (isRight(c))
    assert.equal({ host: c.right.host, timeout: c.right.timeout }, { host: 'https://api.vantage.sh', timeout: '30s' })
})

test('a malformed timeout is a clear config error', () => {
  const g = compile(registry)(withConfig({ apiToken: secret('t'), timeout: 'soon' }))
  assert.ok(isLeft(g))
  if (isLeft(g)) {
    const i = g.left.issues.find((x) => x.path === 'timeout')!
    assert.is(i.node, 'provider cost')
    assert.is(i.expected, 'a duration such as 30s, 5m or 1m30s')
  }
  assert.ok(isRight(compile(registry)(withConfig({ apiToken: secret('t'), timeout: '5m' }))))
})

test('a host without a scheme is refused', () => {
  const g = compile(registry)(withConfig({ host: 'api.vantage.sh' }))
  assert.ok(isLeft(g) && g.left.issues.some((i) => i.path === 'host'))
})

test('fromEnv fills unset fields, wraps the token as a secret, explicit values win', () => {
  const c = fromEnv({ COST_API_TOKEN: 'tok', COST_HOST: 'http://127.0.0.1:9', COST_TIMEOUT: '5s' }, { timeout: '1m' })
  assert.is(reveal(c.apiToken as never), 'tok')
  assert.not.ok(JSON.stringify(c).includes('tok'))
  assert.equal({ host: c.host, timeout: c.timeout }, { host: 'http://127.0.0.1:9', timeout: '1m' })
})

test('bridgeConfig uses the engine key names and keeps the token secret', () => {
  const c = CostConfig.decode({ apiToken: 'zq-plain-9' })
  if (isLeft(c)) throw new Error('decode')
  const b = costProvider.bridge(c.right)
  assert.equal(Object.keys(b).sort(), ['api_token', 'host', 'timeout'])
  assert.not.ok(JSON.stringify(b).includes('zq-plain-9'))
})

test.run()
