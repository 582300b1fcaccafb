/**
 * Emulated and real never mix: a saved plan records whether it was made against the emulators,
 * applying it against the other kind is refused (before anything is read or sent) saying why, and
 * the hint the plan prints repeats the flags apply needs.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { BOOKS, costEnv, platform, run, tempDir, type Platform } from './harness'

const test = suite('cli: a saved plan knows whether it was made against the emulators')
let p: Platform
test.before(async () => {
  p = await platform()
})
test.after(() => p.close())

test('plan --emulate --out, then apply without --emulate: refused, naming the emulators', async () => {
  const d = tempDir()
  const file = join(d, 'p.json')
  const made = await run(['plan', BOOKS, '--emulate', '--out', file, '--state-dir', d])
  assert.is(made.code, 0, made.err)
  assert.ok(made.out.includes(`apply exactly it with \`trellis apply ${file} --emulate --state-dir ${d}\`.`), made.out)
  const saved = JSON.parse(readFileSync(file, 'utf8')) as { source: { origin?: { emulated: boolean } } }
  assert.is(saved.source.origin?.emulated, true)
  assert.match(
    (await run(['show', file])).out,
    /^Saved plan of .*books\.ts \(stack books, made .*, against the emulators\):/,
  )

  const before = p.requests()
  const real = await run(['apply', file, '--state-dir', d, '--yes'], costEnv(p))
  assert.is(real.code, 64, real.err)
  assert.match(real.err, /the saved plan was made against the emulators and this run is against the real platforms: /)
  assert.match(real.err, /Apply it with --emulate, or make a new plan without --emulate\./)
  assert.is(p.requests(), before, 'nothing was sent to the real platform, not even a credential check')
  assert.not.ok(existsSync(join(d, 'books.json')), 'no real state written')

  const emulated = await run(['apply', file, '--emulate', '--state-dir', d])
  assert.is(emulated.code, 0, emulated.err)
  assert.match(emulated.out, /Apply complete: 3 changes/)
})

test('a plan made against the real platforms is refused with --emulate', async () => {
  const d = tempDir()
  const file = join(d, 'q.json')
  const made = await run(['plan', BOOKS, '--out', file, '--state-dir', d], costEnv(p))
  assert.is(made.code, 0, made.err)
  assert.ok(made.out.includes(`apply exactly it with \`trellis apply ${file} --state-dir ${d}\`.`), made.out)
  const emulated = await run(['apply', file, '--emulate', '--state-dir', d])
  assert.is(emulated.code, 64, emulated.err)
  assert.match(emulated.err, /the saved plan was made against the real platforms and this run is against the emulators/)
})

test('the hint repeats --stack and --state-url, quoting what a shell would split, and never a password', async () => {
  const { planOrigin, applyCommandOf } = await import('#src/cli/plan-origin')
  const { parseArgs } = await import('#src/cli/main')
  const args = parseArgs(['plan', BOOKS, '--stack', 'books', '--state-url', 'postgres://me:s3cret@db.test/infra'])
  const hint = applyCommandOf('my plan.json', planOrigin(args))
  assert.is(hint, `trellis apply 'my plan.json' --stack books --state-url 'postgres://me:***@db.test/infra'`)
})

test.run()
