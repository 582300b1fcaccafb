/**
 * Issue 39: a generated program is a faithful description — applied without its importIds to fresh
 * emulators, it makes objects with the same content as those it was generated from (ids aside).
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { apply, discover, generate } from '#trellis/engine'
import { stack, type Stack } from '#trellis'
import { emulatedEnv, memoryStore } from '#trellis/engine'
import type { DiscoveredObject } from '#trellis'
import { envOver, loadProgram, removeProgram, right, SEED_COUNTS, seededFromFile } from './brownfield-helpers'

const test = suite('generate: the program recreates what it describes')

const ID_LIKE = /(^id$|^token$|Id$|Token$|Ids$|Tokens$)/
/** an object's content: its inputs without the ids and tokens that differ from one platform to another */
const content = (u: unknown): unknown =>
  Array.isArray(u)
    ? u.map(content)
    : typeof u === 'object' && u !== null
      ? Object.fromEntries(
          Object.entries(u)
            .filter(([k]) => !ID_LIKE.test(k))
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([k, v]) => [k, content(v)]),
        )
      : u
const contents = (objects: ReadonlyArray<DiscoveredObject>): string[] =>
  objects
    .filter((o) => o.token in SEED_COUNTS)
    .map((o) => `${o.token} ${JSON.stringify(content(o.inputs))}`)
    .sort()

/** the program as a user would write it from scratch: no importIds, nothing protected */
const withoutImports = (s: Stack): Stack =>
  stack(s.name).add(...s.nodes.map((n) => ({ ...n, options: { ...n.options, importId: undefined, protect: false } })))

test('applied without importIds to fresh emulators, the generated program makes the same objects', async () => {
  const { emulators, teamId } = await seededFromFile()
  const scopes = { teamId: [teamId] }
  const g = await right(generate({ stack: 'legacy', scopes })(envOver(emulators)))
  const { stack: program, file } = await loadProgram(g.source, 'recreate')
  try {
    const fresh = emulatedEnv({ store: memoryStore(), env: {} })
    const made = await right(apply(withoutImports(program))(fresh))
    assert.ok(made.journal.filter((j) => j.action === 'create').length === g.objects.length, 'one create per object')
    const again = await right(discover({ scopes })(envOver(fresh.emulators)))
    assert.equal(contents(again.objects), contents(g.objects))
  } finally {
    removeProgram(file)
  }
})

test.run()
