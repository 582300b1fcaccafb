/**
 * Exit codes as documented (issue 34 item 8): a bad value of any flag is a usage error (64), found
 * before anything is loaded. Generated from the command table: every command and sub-command,
 * each flag it takes given a bad value (and a good one, which must pass).
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { COMMANDS, FLAGS, type CommandSpec } from '#src/cli/commands'
import { parseArgs, UsageError } from '#src/cli/args'
import { main, EXIT } from '#src/cli/main'
import { tempDir } from './harness'

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

test('an invalid --stack exits 64 on apply and on state show, before anything is loaded', async () => {
  for (const argv of [
    ['apply', 'missing-program.ts', '--stack', '../../x', '--state-dir', tempDir()],
    ['state', 'show', 'cost:Folder/f', '--stack', '../../x', '--state-dir', tempDir()],
  ]) {
    const err: string[] = []
    const code = await main(argv, { line: () => undefined, err: (s) => err.push(s), colour: false }, { env: {} })
    assert.is(code, EXIT.usage, `${argv.slice(0, 2).join(' ')}: ${err.join('\n')}`)
    assert.match(err.join('\n'), '--stack: stack name "../../x"')
  }
})

test.run()
