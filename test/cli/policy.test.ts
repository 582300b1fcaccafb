/**
 * Policies on the command line: the program's `export const policies` and `--policy FILE`. A
 * mandatory violation exits 5 naming the policy and the node (over `--detailed-exitcode`'s 2),
 * the plan is shown all the same and not saved; advisory findings print as warnings; `--json`
 * carries the report (valid against schemas/plan.json); a saved plan refuses to apply once a
 * pack changed; a suppression naming no node of the program is invalid (exit 3).
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import Ajv from 'ajv'
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { ROOT, run, tempDir } from './harness'

const test = suite('cli: policies (export const policies, --policy FILE, exit 5)')

const ajv = new Ajv({ allErrors: true })
const dir = join(ROOT, 'schemas')
for (const f of readdirSync(dir)) ajv.addSchema(JSON.parse(readFileSync(join(dir, f), 'utf8')) as object, f)

const HEAD = `import { stack, resourcePolicy, suppress } from '${ROOT}src/index'\nimport * as cloud from '${ROOT}builders/cloud'\n`

/** a program with one open service, guarded or not, and the policy it exports */
const program = (d: string, o: { guarded?: boolean; enforcement?: string; extra?: string } = {}): string => {
  const file = join(d, `infra-${Math.random().toString(36).slice(2, 8)}.ts`)
  writeFileSync(
    file,
    HEAD +
      `const svc = cloud.apiGatewayService('orders', { serviceName: 'orders', protocol: 'http&https', netTypes: ['OUTER'] })
const guard = cloud.apiGatewayIpStrategy('office', {
  serviceId: svc.out.apiGatewayServiceId, strategyName: 'office', strategyType: 'WHITE', strategyData: '10.0.0.1',
})
export const policies = [
  resourcePolicy({
    name: 'outer-needs-ip-strategy',
    description: 'an open service has an IP strategy',
    enforcement: '${o.enforcement ?? 'mandatory'}',
    token: 'cloud:ApiGatewayService',
    check: (step, ctx) =>
      step.inputs.netTypes.includes('OUTER') && ctx.refsTo(step.address).length === 0
        ? [{ path: 'netTypes', message: 'is open with no IP strategy' }]
        : [],
  }),${o.extra ?? ''}
]
export default stack('svc').add(svc${o.guarded ? ', guard' : ''})
`,
  )
  return file
}

/** a --policy file: a pack whose description changes its digest */
const policyFile = (d: string, description: string, name = 'team-policies.ts'): string => {
  const file = join(d, name)
  writeFileSync(
    file,
    `import { policyPack, resourcePolicy } from '${ROOT}src/index'
export default policyPack('team', [
  resourcePolicy({
    name: 'release-described',
    description: ${JSON.stringify(description)},
    enforcement: 'mandatory',
    token: 'cloud:ApiGatewayServiceRelease',
    check: (step) => (step.inputs.releaseDesc === '' ? [{ message: 'is empty' }] : []),
  }),
])
`,
  )
  return file
}

test('a mandatory violation: exit 5 naming the policy and the service, over --detailed-exitcode', async () => {
  const d = tempDir()
  const r = await run(['plan', program(d), '--emulate', '--state-dir', d, '--detailed-exitcode', '--out', join(d, 'p')])
  assert.is(r.code, 5, r.err)
  assert.match(r.out, /Policies \(\(policies\)\): 1 mandatory violation, 0 advisory findings/)
  assert.match(r.out, /✗ \[mandatory\] outer-needs-ip-strategy: cloud:ApiGatewayService "orders" \(netTypes\)/)
  // the plan itself is shown all the same, and not saved
  assert.match(r.out, /\+ create cloud:ApiGatewayService "orders"|cloud:ApiGatewayService "orders"/)
  assert.match(r.err, /Not saved to .*: a mandatory policy is violated/)
  assert.not.ok(existsSync(join(d, 'p')))
})

test('with the IP strategy added: exit 0 and every policy passed', async () => {
  const d = tempDir()
  const r = await run(['plan', program(d, { guarded: true }), '--emulate', '--state-dir', d])
  assert.is(r.code, 0, r.err)
  assert.match(r.out, /Policies \(\(policies\)\): all passed\./)
})

test('advisory: exit 0 and a warning naming the policy; apply goes on', async () => {
  const d = tempDir()
  const file = program(d, { enforcement: 'advisory' })
  const r = await run(['plan', file, '--emulate', '--state-dir', d])
  assert.is(r.code, 0, r.err)
  assert.match(r.out, /! warning: \[advisory\] outer-needs-ip-strategy: cloud:ApiGatewayService "orders"/)
  const a = await run(['apply', file, '--emulate', '--state-dir', d, '--yes'])
  assert.is(a.code, 0, a.err)
  assert.match(a.out, /Apply complete: 1 change/)
})

test('apply with a mandatory violation: exit 5, nothing made', async () => {
  const d = tempDir()
  const a = await run(['apply', program(d), '--emulate', '--state-dir', d, '--yes'])
  assert.is(a.code, 5, a.err)
  assert.match(a.err, /outer-needs-ip-strategy/)
  assert.not.match(a.out, /Apply complete/)
  assert.not.ok(existsSync(join(d, 'svc.json')), 'no state written')
})

test('--json: the plan document carries the report, valid against schemas/plan.json', async () => {
  const d = tempDir()
  const r = await run(['plan', program(d), '--emulate', '--state-dir', d, '--json'])
  assert.is(r.code, 5, r.err)
  const doc = JSON.parse(r.out) as { policy: { summary: { mandatory: number }; findings: Array<{ policy: string }> } }
  assert.ok(ajv.validate('plan.json', doc), ajv.errorsText())
  assert.is(doc.policy.summary.mandatory, 1)
  assert.is(doc.policy.findings[0].policy, 'outer-needs-ip-strategy')
})

test('--policy FILE adds a pack; a saved plan refuses to apply once the pack changed', async () => {
  const d = tempDir()
  const file = program(d, { guarded: true })
  const saved = join(d, 'plan.json')
  const pol = policyFile(d, 'a release says what it releases')
  const made = await run(['plan', file, '--emulate', '--state-dir', d, '--policy', pol, '--out', saved])
  assert.is(made.code, 0, made.err)
  assert.match(made.out, /Policies \(team, \(policies\)\): all passed\./, made.out)
  const doc = JSON.parse(readFileSync(saved, 'utf8')) as { plan: { policy: { packs: Array<{ name: string }> } } }
  assert.equal(
    doc.plan.policy.packs.map((p) => p.name),
    ['team', '(policies)'],
  )
  // (another file: this suite runs in one process, where a module once imported stays as it was)
  const changed = policyFile(d, 'changed after review', 'team-policies-v2.ts')
  const a = await run(['apply', saved, '--emulate', '--state-dir', d, '--policy', changed])
  assert.is(a.code, 1, a.err)
  assert.match(a.err, /the policies changed since the plan was saved \(then: .*team@[0-9a-f]{12}.*; now: .*team@/)
  const without = await run(['apply', saved, '--emulate', '--state-dir', d])
  assert.is(without.code, 1, without.err)
  assert.match(without.err, /now: \(policies\)@[0-9a-f]+\)/)
  const same = await run(['apply', saved, '--emulate', '--state-dir', d, '--policy', pol])
  assert.is(same.code, 0, same.err)
  assert.match(same.out, /Apply complete: 2 changes/)
})

test('a suppression naming a node the program does not have: invalid (exit 3), naming it', async () => {
  const d = tempDir()
  const extra = `\n  suppress('outer-needs-ip-strategy', 'cloud:ApiGatewayService/ordres', 'typo'),`
  const r = await run(['plan', program(d, { extra }), '--emulate', '--state-dir', d])
  assert.is(r.code, 3, r.err)
  assert.match(r.err, /cloud:ApiGatewayService\/ordres/)
})

test('--policy with a file exporting no policies: invalid, naming the file', async () => {
  const d = tempDir()
  const bad = join(d, 'nothing.ts')
  writeFileSync(bad, 'export const x = 1\n')
  const r = await run(['plan', program(d, { guarded: true }), '--emulate', '--state-dir', d, '--policy', bad])
  assert.is(r.code, 3, r.err)
  assert.match(r.err, /nothing\.ts: expected an export `policies` \(or a default export\)/)
})

test.run()
