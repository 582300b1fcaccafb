/**
 * Issue 39: every resource type says in its spec how discovery lists what exists (the whole type,
 * or under a scope) or why it cannot; a scope's parent is a listed type; a bad selection is refused
 * before anything is sent, naming what was wrong.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import * as E from 'fp-ts/Either'
import { discover, emulatedEnv, memoryStore, registry } from '#trellis/engine'

const test = suite('discover: what each spec declares')

test('every resource type lists whole, lists under a scope, or says why it cannot', () => {
  const silent = [...registry.resources.values()]
    .filter((s) => !s.wire.list && !s.discover?.scope && !s.discover?.cannot)
    .map((s) => s.token)
    .sort()
  assert.equal(silent, [])
})

test("a scope's parent is a type discovery lists whole", () => {
  for (const s of registry.resources.values()) {
    const parent = s.discover?.scope?.parent
    if (parent === undefined) continue
    const p = registry.resources.get(parent)
    assert.ok(p?.wire.list && !p.discover?.scope && !p.discover?.cannot, `${s.token} lists under ${parent}`)
  }
})

test('an unknown type, provider or scope key is refused before any request, with the closest name', async () => {
  const env = emulatedEnv({ store: memoryStore(), env: {} })
  let sent = 0
  const counting = { ...env, handler: { ...env.handler, listItems: undefined, list: () => (sent++, undefined) } }
  const r = await discover({ types: ['hosting:DnsRecords'], providers: ['hostng'], scopes: { zone: ['z'] } })(
    counting,
  )()
  assert.ok(E.isLeft(r) && r.left._tag === 'CompileError')
  const issues = E.isLeft(r) && r.left._tag === 'CompileError' ? r.left.issues : []
  assert.equal(
    issues.map((i) => [i.path, i.given]),
    [
      ['provider', 'hostng'],
      ['type', 'hosting:DnsRecords'],
      ['scope', 'zone'],
    ],
  )
  assert.match(issues[1].message ?? '', 'did you mean hosting:DnsRecord?')
  assert.is(sent, 0)
})

test('a type that needs a scope and was given none says which flag lists it', async () => {
  const env = emulatedEnv({ store: memoryStore(), env: {} })
  const r = await discover({ types: ['hosting:LogDrain', 'hosting:WafPolicy'] })(env)()
  assert.ok(E.isRight(r))
  if (E.isRight(r))
    assert.equal(
      r.right.notListed.map((n) => [n.token, n.reason.split(':')[0]]),
      [
        ['hosting:LogDrain', 'listed only under a siteId'],
        [
          'hosting:WafPolicy',
          "the platform documents no listing of a team's WAF policies; import each one as <team_id>",
        ],
      ],
    )
})

test.run()
