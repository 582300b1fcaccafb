/**
 * The trellis version `trellis init` writes into a project: `^version` for a registry install; for a
 * tarball install, no spec but the hint naming the tarball to pass with --trellis.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defaultSpec } from '#src/cli/trellis-spec'

const test = suite('cli: trellis spec')
let root = ''
test.before.each(() => {
  root = mkdtempSync(join(tmpdir(), 'trellis-spec-'))
})
test.after.each(() => rmSync(root, { recursive: true, force: true }))

test('a registry install gets ^version; a tarball install is named as the hint', () => {
  const nm = join(root, 'p', 'node_modules')
  mkdirSync(join(nm, 'trellis'), { recursive: true })
  const lock = (resolved: string) =>
    writeFileSync(
      join(nm, '.package-lock.json'),
      JSON.stringify({ packages: { 'node_modules/trellis': { resolved } } }),
    )
  lock('https://registry.npmjs.org/trellis/-/trellis-1.2.3.tgz')
  assert.equal(defaultSpec({ dir: join(nm, 'trellis'), version: '1.2.3' }), { _tag: 'Right', right: '^1.2.3' })
  lock('file:../trellis-1.2.3.tgz')
  const r = defaultSpec({ dir: join(nm, 'trellis'), version: '1.2.3' })
  assert.is(r._tag, 'Left')
  assert.match(r._tag === 'Left' ? r.left : '', `installed from ${join(root, 'trellis-1.2.3.tgz')}`)
})

test.run()
