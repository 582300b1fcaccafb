/**
 * Terminal manners, as a user's terminal sees them: on a pseudo-terminal (util-linux `script`)
 * progress is one updating line with done/total and colours are on; a closed pipe ends quietly.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { execFileSync, spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { MAIN, ROOT, tempDir } from './harness'

const test = suite('cli: terminal')
const hasScript = (() => {
  try {
    execFileSync('script', ['--version'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
})()
const ESC = String.fromCharCode(27)

test('on a terminal: one updating progress line with done/total, colours on', () => {
  if (!hasScript) {
    console.log('  (skipped: util-linux `script` is not installed, so no pseudo-terminal)')
    return
  }
  const d = tempDir()
  const cmd = `${process.execPath} --import tsx ${MAIN} apply ${join(ROOT, 'examples/quickstart.ts')} --emulate --yes --state-dir ${d}`
  const r = spawnSync('script', ['-qfc', cmd, '/dev/null'], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, NO_COLOR: '', FORCE_COLOR: '' },
  })
  assert.is(r.status, 0, r.stdout)
  assert.ok(r.stdout.includes(`\r${ESC}[2K  [1/6] `), 'the progress line redraws in place with done/total')
  assert.ok(r.stdout.includes(`${ESC}[32m+ cost:Folder "finance" will be created`), 'colours on a terminal')
  assert.match(r.stdout, /Apply complete: 6 changes in \d+\.\ds/)
})

test('a closed pipe ends quietly (no EPIPE trace)', () => {
  const r = spawnSync('sh', ['-c', `${process.execPath} --import tsx ${MAIN} schema --json | head -c 10`], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 60_000,
  })
  assert.is(r.stdout, '{\n  "forma')
  assert.not.match(r.stderr, /EPIPE|Error/)
})

test.run()
