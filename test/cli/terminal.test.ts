/**
 * Terminal manners, as a user's terminal sees them: on a pseudo-terminal (util-linux `script`)
 * progress is one updating line with done/total and colours are on; the elapsed time printed after
 * a prompt leaves out the time the prompt waited; a closed pipe ends quietly.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { execFileSync, spawn, spawnSync } from 'node:child_process'
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

test('the elapsed time of "Apply complete" leaves out the time spent at the prompt', async () => {
  if (!hasScript) {
    console.log('  (skipped: util-linux `script` is not installed, so no pseudo-terminal)')
    return
  }
  const DELAY = 5000
  const d = tempDir()
  const cmd = `${process.execPath} --import tsx ${MAIN} apply ${join(ROOT, 'examples/quickstart.ts')} --emulate --state-dir ${d}`
  // the answer goes through the pseudo-terminal, typed DELAY ms after the question shows
  const child = spawn('script', ['-qfc', cmd, '/dev/null'], {
    cwd: ROOT,
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '' },
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  const kill = setTimeout(() => child.kill('SIGKILL'), 60_000)
  let out = ''
  let asked = 0
  child.stdout.on('data', (b: Buffer) => {
    out += b.toString()
    if (!asked && out.includes("Only 'yes' will be accepted")) {
      asked = Date.now()
      setTimeout(() => child.stdin.write('yes\r'), DELAY)
    }
  })
  const code = await new Promise<number | null>((ok) => child.on('close', ok))
  clearTimeout(kill)
  assert.is(code, 0, out)
  assert.ok(asked > 0 && Date.now() - asked >= DELAY, 'the answer came DELAY ms after the question')
  const m = /Apply complete: 6 changes in (\d+\.\d)s/.exec(out)
  assert.ok(m, out)
  assert.ok(Number(m[1]) * 1000 < DELAY, `printed ${m[1]}s, which must leave out the ${DELAY / 1000}s at the prompt`)
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
