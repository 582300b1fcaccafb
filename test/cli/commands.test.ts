/**
 * The command line itself: strict flags per command, help for every command, exit codes, program
 * decoding, colours — all decided before anything is loaded or sent. The table × flags cases (issue 34
 * item 8): each command and sub-command, each flag it takes given a bad value (a usage error) and a
 * good one (taken), parsed as the program parses them.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { COMMANDS, FLAGS, type CommandSpec } from '#src/cli/commands'
import { parseArgs, UsageError } from '#src/cli/main'
import { VERSION } from '#trellis'
import { ROOT, run, tempDir } from './harness'

const test = suite('cli: parsing, help and exit codes')

test('trellis --help, -h, help and no arguments print the commands and exit 0', async () => {
  for (const argv of [['--help'], ['-h'], ['help'], []]) {
    const r = await run(argv)
    assert.is(r.code, 0, argv.join(' '))
    for (const c of COMMANDS) assert.match(r.out, new RegExp(`^  ${c.name} `, 'm'))
    assert.match(r.out, /exit codes: 0 ok · 1 failed · 2 changes/)
  }
})

test('every command and sub-command has its own help listing its flags and an example', async () => {
  for (const c of COMMANDS)
    for (const [name, spec] of [
      [c.name, c] as const,
      ...(c.subcommands ?? []).map((s) => [`${c.name} ${s.name}`, s] as const),
    ]) {
      const viaFlag = await run([...name.split(' '), '--help'])
      const viaHelp = await run(['help', ...name.split(' ')])
      assert.is(viaFlag.code, 0, name)
      assert.is(viaFlag.out, viaHelp.out, name)
      assert.match(viaFlag.out, new RegExp(`^usage: trellis ${name}`, 'm'))
      for (const f of spec.flags) assert.ok(viaFlag.out.includes(`--${f}`), `${name} --help lists --${f}`)
      assert.ok(viaFlag.out.includes(spec.example), `${name} has an example`)
    }
  const plan = await run(['plan', '-h'])
  assert.not.match(plan.out, /--yes/)
  assert.match(plan.out, /--out FILE/)
})

test('--version and version print the package version', async () => {
  assert.is((await run(['--version'])).out, `trellis ${VERSION}`)
  assert.is(
    (await run(['version', '--json'])).out,
    JSON.stringify({ formatVersion: 1, kind: 'version', version: VERSION }),
  )
  assert.match(VERSION, /^\d+\.\d+\.\d+/)
})

test('usage errors exit 64 with the closest valid name', async () => {
  const cases: Array<[string[], RegExp]> = [
    [['plna', 'x.ts'], /unknown command "plna"; did you mean "plan"\?/],
    [['plan', 'x.ts', '--refesh'], /unknown flag --refesh for plan; did you mean --refresh\?/],
    [['plan', 'x.ts', '--yes'], /unknown flag --yes for plan \(plan does not take it\)/],
    [['plan', 'x.ts', '-q'], /unknown flag -q for plan/],
    [['plan'], /plan needs <program\.ts>, e\.g\. trellis plan/],
    [['plan', 'a.ts', 'b.ts'], /plan takes <program\.ts>; unexpected "b\.ts"/],
    [['plan', 'x.ts', '--concurrency', 'abc'], /--concurrency: expected a positive integer, got "abc"/],
    [['plan', 'x.ts', '--concurrency', '0'], /--concurrency: expected a positive integer, got "0"/],
    [['plan', 'x.ts', '--stack'], /--stack/],
    [['plan', 'x.ts', '--stack', '--json'], /--stack needs a value \(NAME\), got the flag --json/],
    [['plan', 'x.ts', '--color', 'sometimes'], /--color: expected auto, always, never, got "sometimes"/],
    [['plan', 'x.ts', '--json=yes'], /json/],
    [['state'], /state needs a sub-command: list, show, rm, mv, restore, unlock/],
    [['state', 'lsit'], /unknown state sub-command "lsit"; did you mean "list"\?/],
    [['state', 'mv', 'a'], /state mv needs FROM TO \(or FROM --to-stack OTHER\)/],
    [['help', 'frobnicate'], /no help for "frobnicate"/],
    [['graph', 'x.ts', '--format', 'png'], /program file x\.ts not found|--format/],
    [['plan', 'missing-program.ts'], /^trellis: program file missing-program\.ts not found$/m],
  ]
  for (const [argv, re] of cases) {
    const r = await run(argv)
    assert.is(r.code, 64, `${argv.join(' ')} → ${r.code}: ${r.err}`)
    assert.match(r.err, re, argv.join(' '))
  }
})

test('a forged default export is decoded and refused with what was expected (exit 3), not a crash', async () => {
  const d = tempDir()
  const forged = join(d, 'forged.mjs')
  writeFileSync(forged, `export default { _tag: 'Stack', name: 'x', providers: {}, nodes: null, outputs: {} }\n`)
  const r = await run(['plan', forged, '--state-dir', d])
  assert.is(r.code, 3, r.err)
  assert.match(r.err, /the default export's nodes is null, not an array of nodes$/m)
  const none = join(d, 'none.mjs')
  writeFileSync(none, `export const x = 1\n`)
  const n = await run(['plan', none, '--state-dir', d])
  assert.is(n.code, 3)
  assert.match(
    n.err,
    /none\.mjs has no default export \(it exports x\); trellis runs the default export: export a stack/,
  )
})

test('a program without a default export is told so once, naming its exports and the fix (ESM and CommonJS)', async () => {
  const d = tempDir()
  const fake = `{ _tag: 'Stack', name: 'books', providers: {}, nodes: [], outputs: {} }`
  const esm = join(d, 'named.mjs')
  writeFileSync(esm, `export const infra = ${fake}\nexport const region = 'eu'\n`)
  const cjs = join(d, 'named.cjs')
  writeFileSync(cjs, `exports.infra = ${fake}\nexports.region = 'eu'\n`)
  for (const [file, name] of [
    [esm, 'named.mjs'],
    [cjs, 'named.cjs'],
  ]) {
    const r = await run(['plan', file, '--state-dir', d])
    assert.is(r.code, 3, r.err)
    const lines = r.err.split('\n').filter((l) => l.includes('default export'))
    assert.equal(lines.length, 1, r.err)
    assert.match(lines[0], `${name} has no default export (it exports infra (a stack), region)`)
    assert.match(lines[0], 'add `export default infra` (CommonJS: `module.exports = infra`)')
    assert.not.match(r.err, /_tag undefined/)
  }
})

test('state commands with several stacks and no --stack are usage errors, not the first stack', async () => {
  const d = tempDir()
  writeFileSync(join(d, 'a.json'), '{}')
  writeFileSync(join(d, 'b.json'), '{}')
  const r = await run(['state', 'list', '--state-dir', d])
  assert.is(r.code, 64)
  assert.match(r.err, /several stacks have state \(a, b\): pass --stack NAME/)
})

test('colours: --color always|never, NO_COLOR, FORCE_COLOR', async () => {
  const esc = new RegExp(String.fromCharCode(27) + '\\[')
  const p = ['graph', join(ROOT, 'examples/quickstart.ts')]
  const plan = (extra: string[], env: Record<string, string | undefined> = {}) =>
    run(['plan', join(ROOT, 'examples/quickstart.ts'), '--emulate', '--state-dir', tempDir(), ...extra], env)
  assert.match((await plan(['--color', 'always'])).out, esc)
  assert.not.match((await plan(['--color', 'never'], { FORCE_COLOR: '1' })).out, esc)
  assert.match((await plan([], { NO_COLOR: undefined, FORCE_COLOR: '1' })).out, esc)
  assert.not.match((await plan([], { NO_COLOR: '1', FORCE_COLOR: '1' })).out, esc)
  assert.not.match((await plan(['--no-color'], { FORCE_COLOR: '1' })).out, esc)
  void p
})

test('every flag the table defines is used by some command', () => {
  const used = new Set(COMMANDS.flatMap((c) => [...c.flags, ...(c.subcommands ?? []).flatMap((s) => s.flags)]))
  for (const f of Object.keys(FLAGS)) if (f !== 'version') assert.ok(used.has(f), f)
})

/** a bad value and a good one for every flag that takes a value */
const VALUES: Readonly<Record<string, readonly [bad: string, good: string]>> = {
  stack: ['../../x', 'prod-1'],
  'to-stack': ['../../x', 'edge'],
  env: ['../prod', 'prod'],
  program: ['', 'infra.ts'],
  color: ['sometimes', 'never'],
  'state-dir': ['', '.trellis'],
  'state-url': ['mysql://db/x', 'postgres://localhost/trellis'],
  concurrency: ['0', '8'],
  target: ['monthly', 'cost:CostReport "monthly"'],
  replace: ['cost:CostReport', 'cost:CostReport/monthly'],
  out: ['', 'plan.json'],
  html: ['\u0000', 'plan.html'],
  policy: ['', 'policies.ts'],
  format: ['svg', 'dot'],
  serial: ['-1', '3'],
  data: [' ', 'emulator.json'],
  port: ['70000', '8080'],
  faults: ['rate=2', 'rate=0.2,seed=7,kinds=429+503'],
  trellis: ['', '../trellis-0.1.0.tgz'],
  'lock-timeout': ['soon', '30s'],
  provider: ['Hosting!', 'hosting'],
  type: ['DnsRecord', 'hosting:DnsRecord'],
  scope: ['siteId', 'siteId=site_1'],
}

const each = (): Array<{ label: string; argv: string[]; spec: CommandSpec }> =>
  COMMANDS.flatMap((c) =>
    c.subcommands
      ? c.subcommands.map((s) => ({ label: `${c.name} ${s.name}`, argv: [c.name, s.name], spec: s }))
      : [{ label: c.name, argv: [c.name], spec: c }],
  ).map((x) => ({ ...x, argv: [...x.argv, ...Array.from({ length: x.spec.min }, (_, i) => `arg${i}.ts`)] }))

test('every flag that takes a value has a bad and a good value here', () => {
  const taking = Object.keys(FLAGS).filter((f) => FLAGS[f].type === 'string')
  assert.equal(taking.filter((f) => !(f in VALUES)).sort(), [])
})

test('command table × flags: a bad value is a usage error, a good one is taken', () => {
  const wrong: string[] = []
  for (const { label, argv, spec } of each())
    for (const f of spec.flags) {
      const values = FLAGS[f].type === 'string' ? VALUES[f] : (['yes', undefined] as const)
      const [bad, good] = values
      // a switch given a value is refused too
      const badArgv = FLAGS[f].type === 'string' ? [...argv, `--${f}`, bad] : [...argv, `--${f}=${bad}`]
      try {
        parseArgs(badArgv)
        wrong.push(`${label} --${f} ${JSON.stringify(bad)}: accepted`)
      } catch (e) {
        if (!(e instanceof UsageError)) wrong.push(`${label} --${f}: ${String(e)}`)
      }
      try {
        parseArgs(good === undefined ? [...argv, `--${f}`] : [...argv, `--${f}`, good])
      } catch (e) {
        wrong.push(`${label} --${f} ${JSON.stringify(good)}: refused (${(e as Error).message})`)
      }
    }
  assert.equal(wrong, [])
})

test.run()
