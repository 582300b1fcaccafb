/**
 * `trellis init`: where trellis comes from (`--trellis SPEC`, or a range only for a registry
 * install, else an error naming the flag), and a folder with a package.json getting what it lacks.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { runInit } from '#src/cli/init'
import { EXIT } from '#src/cli/main'

const test = suite('cli: init')
let root = ''
test.before.each(() => {
  root = mkdtempSync(join(tmpdir(), 'trellis-init-'))
})
test.after.each(() => rmSync(root, { recursive: true, force: true }))

const init = (dir: string, trellis?: string) => {
  const lines: string[] = []
  const errs: string[] = []
  const code = runInit(
    { dir, trellis, cwd: root },
    { line: (s) => lines.push(s), err: (s) => errs.push(s), colour: false },
    EXIT,
  )
  return { code, out: lines.join('\n'), err: errs.join('\n') }
}
const manifest = (dir: string) =>
  JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Record<string, Record<string, string>>

test('--trellis with a tarball path: a file: spec relative to the project, every file written', () => {
  writeFileSync(join(root, 'trellis-9.9.9.tgz'), '')
  const r = init(join(root, 'app'), './trellis-9.9.9.tgz')
  assert.is(r.code, EXIT.ok, r.err)
  const pj = manifest(join(root, 'app'))
  assert.is(pj['dependencies']?.['trellis'], 'file:../trellis-9.9.9.tgz')
  assert.is(pj['type'], 'module')
  for (const f of ['tsconfig.json', 'infra.ts', 'infra.test.ts', '.gitignore'])
    assert.ok(existsSync(join(root, 'app', f)), f)
  assert.match(r.out, /Created a trellis project/)
})

test('--trellis with a git URL or a range is written as given; a missing tarball is an error naming it', () => {
  assert.is(init(join(root, 'a'), 'git+https://example.com/o/trellis.git#v1').code, EXIT.ok)
  assert.is(manifest(join(root, 'a'))['dependencies']?.['trellis'], 'git+https://example.com/o/trellis.git#v1')
  assert.is(init(join(root, 'b'), '^2.0.0').code, EXIT.ok)
  assert.is(manifest(join(root, 'b'))['dependencies']?.['trellis'], '^2.0.0')
  const r = init(join(root, 'c'), '../nowhere/trellis.tgz')
  assert.is(r.code, EXIT.usage)
  assert.match(r.err, /--trellis \.\.\/nowhere\/trellis\.tgz: no such file/)
  assert.not.ok(existsSync(join(root, 'c')), 'nothing written')
})

test('without --trellis, a trellis not from a registry stops init and names the flag', () => {
  const r = init(join(root, 'app'))
  assert.is(r.code, EXIT.usage)
  assert.match(r.err, /not installed from a package registry/)
  assert.match(r.err, /--trellis \.\/trellis-\d+\.\d+\.\d+\S*\.tgz/)
  assert.not.ok(existsSync(join(root, 'app')), 'nothing written')
})

test('init . in a folder with a package.json adds what is missing and keeps the rest', () => {
  const dir = join(root, 'mine')
  mkdirSync(dir)
  const theirs = {
    name: 'mine',
    type: 'commonjs',
    scripts: { test: 'jest', build: 'tsc' },
    dependencies: { trellis: 'file:../t.tgz' },
    devDependencies: { typescript: '5.0.0' },
  }
  writeFileSync(join(dir, 'package.json'), JSON.stringify(theirs, null, 4))
  writeFileSync(join(dir, '.gitignore'), 'node_modules/\n')
  writeFileSync(join(dir, 'infra.ts'), '// mine\n')
  const r = init(dir)
  assert.is(r.code, EXIT.ok, r.err)
  const pj = manifest(dir)
  assert.equal(pj['scripts'], {
    ...theirs.scripts,
    typecheck: 'tsc',
    plan: 'trellis plan infra.ts',
    apply: 'trellis apply infra.ts',
  })
  assert.is(pj['dependencies']?.['trellis'], 'file:../t.tgz', 'their trellis kept (no --trellis given)')
  assert.is(pj['devDependencies']?.['typescript'], '5.0.0')
  assert.ok(pj['devDependencies']?.['tsx'] && pj['devDependencies']['@types/node'], 'the missing devDependencies added')
  assert.is(pj['type'], 'commonjs')
  assert.match(readFileSync(join(dir, 'package.json'), 'utf8'), /^ {4}"name"/m, 'their indentation')
  assert.is(readFileSync(join(dir, 'infra.ts'), 'utf8'), '// mine\n')
  assert.not.ok(existsSync(join(dir, 'infra.test.ts')), 'the test of a stack init did not write is not added')
  assert.ok(existsSync(join(dir, 'tsconfig.json')))
  assert.is(readFileSync(join(dir, '.gitignore'), 'utf8'), 'node_modules/\n\n.trellis/\n')
  assert.match(
    r.out,
    /Added to the project .*package\.json \(scripts\.typecheck, scripts\.plan, scripts\.apply, devDependencies\.@types\/node, devDependencies\.tsx\)/,
  )
  assert.match(r.out, /kept as they were: infra\.ts, infra\.test\.ts/)
  const again = init(dir)
  assert.is(again.code, EXIT.ok)
  assert.match(again.out, /nothing changed/)
})

test('--trellis replaces the project’s trellis; a package.json that is not JSON writes nothing', () => {
  const dir = join(root, 'mine')
  mkdirSync(dir)
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ dependencies: { trellis: '^0.0.1' } }))
  assert.is(init(dir, 'git+https://example.com/t.git').code, EXIT.ok)
  assert.is(manifest(dir)['dependencies']?.['trellis'], 'git+https://example.com/t.git')
  const bad = join(root, 'bad')
  mkdirSync(bad)
  writeFileSync(join(bad, 'package.json'), '{ nope')
  const r = init(bad, '^1.0.0')
  assert.is(r.code, EXIT.usage)
  assert.match(r.err, /bad[\\/]package\.json is not JSON/)
  assert.not.ok(existsSync(join(bad, 'infra.ts')))
})

test.run()
