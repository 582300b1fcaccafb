/**
 * Conformance, the lookups' half of issue 34 item 2: every field the platform fills in a lookup's
 * reply reaches the lookup's result (what refs to it read), none dropped by its decoder. The
 * emulators hold what the every-resource rows made; each lookup is sent with its example's
 * arguments, and each value of the reply (a string, number or boolean, under its field name) must
 * be in the decoded result under the same field name in any casing (`parent_folder_token`,
 * `ParentFolderToken` and `parentFolderToken` are one name). Paging and envelope fields are not the
 * object's (ENVELOPE). What the decoders drop today is listed in test/fixtures/lookup-readback-gaps.json
 * (a ratchet: the list may only shrink).
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { isLeft } from 'fp-ts/Either'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { registry } from '#trellis'
import { apply } from '#trellis/engine'
import { ROWS } from './interpreter/every-resource-rows'
import { recordingPlatforms } from './conformance-platforms'

/** what the decoders drop today, each to leave the list when its decoder holds it */
const GAPS = JSON.parse(readFileSync(join(process.cwd(), 'test/fixtures/lookup-readback-gaps.json'), 'utf8')) as {
  readonly gaps: Readonly<Record<string, ReadonlyArray<string>>>
}

/** fields of a reply that page or wrap it, not fields of what was looked up */
const ENVELOPE = new Set(['links', 'next', 'self', 'first', 'last', 'prev', 'requestid', 'totalcount', 'total'])

const norm = (k: string): string => k.replace(/[_-]/g, '').toLowerCase()

/** every (field name, scalar value) pair of a JSON value, by the nearest field name above it */
const pairs = (v: unknown, field: string, out: Set<string>, skip: ReadonlySet<string>): Set<string> => {
  if (v === null || v === undefined) return out
  if (Array.isArray(v)) for (const x of v) pairs(x, field, out, skip)
  else if (typeof v === 'object')
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
      if (!skip.has(norm(k))) pairs(x, norm(k), out, skip)
    }
  else out.add(`${field}=${JSON.stringify(v)}`)
  return out
}

const test = suite('conformance: every field of a lookup reply reaches its result')
for (const provider of ['cost', 'hosting', 'cloud'])
  test(`${provider}: every lookup's result holds every value its reply carries`, async () => {
    const { env, clientOf } = recordingPlatforms()
    for (const row of ROWS.filter((r) => r.token.startsWith(`${provider}:`))) {
      // rows making the same object (one zone name) leave the first's: enough for the lookups to read
      await apply(row.before)(env())()
    }
    const config = provider === 'hosting' ? { defaultTeamSlug: 'acme' } : {}
    const client = clientOf(provider, config)
    const dropped: string[] = []
    let filled = 0
    for (const spec of registry.lookups.values()) {
      if (spec.provider !== provider) continue
      const reply = await client.call(spec.wire.request(spec.examples.valid, { config }))()
      if (isLeft(reply)) continue
      const decoded = spec.wire.decode(reply.right, spec.examples.valid, { config })
      if (isLeft(decoded)) {
        dropped.push(`${spec.token}: the reply does not decode`)
        continue
      }
      const held = pairs(decoded.right, '', new Set(), new Set())
      const sent = pairs(reply.right, '', new Set(), ENVELOPE)
      if (sent.size > 0) filled++
      for (const p of sent) if (!held.has(p)) dropped.push(`${spec.token}: ${p.slice(0, p.indexOf('='))}`)
    }
    assert.ok(filled > 0, 'some lookup answered with values')
    const known = Object.entries(GAPS.gaps)
      .filter(([token]) => token.startsWith(`${provider}:`))
      .flatMap(([token, fields]) => fields.map((f) => `${token}: ${f}`))
    assert.equal([...new Set(dropped)].sort(), known.sort())
  })
test.run()
