/**
 * Issue 39, brownfield: an estate made by hand (seeded with `trellis emulate seed FILE`: three of each
 * listable type, wired together) is discovered, a program is generated for it, its
 * plan only imports, its apply adopts, a refreshed plan then changes nothing, a second generation
 * adds nothing, and another stack's objects are never offered.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { apply, discover, generate, plan } from '#trellis/engine'
import * as cost from '#trellis/cost'
import * as hosting from '#trellis/hosting'
import { stack } from '#trellis'
import { envOver, loadProgram, removeProgram, right, SEED_COUNTS, seededFromFile } from './brownfield-helpers'

const test = suite('discover: from existing infrastructure to an adopted program')

const countsOf = (tokens: ReadonlyArray<string>): Record<string, number> => {
  const out: Record<string, number> = {}
  for (const t of tokens) out[t] = (out[t] ?? 0) + 1
  return out
}

test('discover → generate → plan imports only → apply → refreshed plan changes nothing → nothing left', async () => {
  const { emulators, teamId } = await seededFromFile()
  const env = envOver(emulators)
  const site = (await right(discover({ types: ['hosting:SiteMetricsSettings'] })(env))).objects
  // another stack of this store owns a folder and a zone: they are never offered
  const other = stack('other').add(
    cost.folder('mine', { title: 'Mine', workspaceToken: 'wrkspc_default' }),
    hosting.dnsZone('mine', { name: 'mine.test', teamSlug: 'acme' }),
  )
  await right(apply(other)(env))
  const siteId = (await right(discover({ types: ['hosting:DnsZone'] })(env))).objects.length
  assert.is(siteId, 3, 'the three estate zones, not the other stack’s')
  const scopes = { teamId: [teamId] }
  const g = await right(generate({ stack: 'legacy', scopes })(env))
  const found = countsOf(g.objects.map((o) => o.token))
  for (const [token, n] of Object.entries(SEED_COUNTS)) assert.is(found[token], n, token)
  assert.is(g.owned, 2, 'the other stack’s folder and zone were listed and left out')
  assert.equal(site, [], 'a site’s untouched metrics settings are the platform’s')
  // every id another discovered object holds is a ref, never a literal
  const code = g.source.replace(/importId: "[^"]*"/g, '')
  for (const o of g.objects) assert.not.ok(code.includes(`"${o.id}"`), `${o.token} ${o.id} is written as a literal`)
  assert.match(g.source, /zoneId: \w+\.out\.id/)
  assert.match(g.source, /folderToken: \w+\.out\.token/)
  assert.match(g.source, /reportTokens: \[\w+\.out\.token\]/)
  assert.match(g.source, /serviceId: \w+\.out\.apiGatewayServiceId/)
  // what they refer to outside the selection is read by lookups: the team by its slug, the workspace by its name
  assert.match(g.source, 'hosting.getTeam("acme", { slug: "acme" })')
  assert.match(g.source, /teamId: team\w+\.out\.id/)
  assert.match(g.source, /cost\.getWorkspaces\("all"\)/)
  assert.match(g.source, /workspaceToken: workspaceDefault\w*[,\s}]/)
  assert.not.ok(code.includes(teamId) || code.includes('"wrkspc_default"'), 'no literal team or workspace id')
  const { stack: program, file } = await loadProgram(g.source, 'adopt')
  try {
    const p = await right(plan(program)(env))
    const actions = countsOf(p.plan.steps.map((s) => s.action))
    // the two lookups (the team, the workspaces) are read; every object is imported; nothing else
    assert.equal(actions, { import: g.objects.length, read: 2 })
    assert.equal(
      p.plan.steps.filter((s) => s.action === 'read').map((s) => s.address.split('/')[0]),
      ['cost:getWorkspaces', 'hosting:getTeam'],
    )
    assert.equal(
      p.plan.steps.filter((s) => (s.diff ?? []).length > 0).map((s) => s.address),
      [],
    )
    await right(apply(program)(env))
    const again = await right(plan(program, { refresh: true })(env))
    assert.equal(
      again.plan.steps.filter((s) => s.action !== 'noop' && s.action !== 'read').map((s) => `${s.action} ${s.address}`),
      [],
    )
    assert.equal(again.drift ?? [], [])
    const second = await right(generate({ stack: 'legacy', scopes })(env))
    assert.equal(second.objects, [])
    assert.is(second.owned, g.objects.length + 2)
  } finally {
    removeProgram(file)
  }
})

test.run()
