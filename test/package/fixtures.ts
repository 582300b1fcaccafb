/**
 * The scratch projects' files: one project per kind (ESM and CommonJS JavaScript, TypeScript under
 * each moduleResolution with the strictest flags), the programs the CLI plans in each module
 * system, two copies of trellis in one process, and an esbuild bundle.
 */

/** Strictest consumer flags; `skipLibCheck: false` so trellis's declarations are checked too. */
const STRICT = {
  target: 'ES2022',
  strict: true,
  noUncheckedIndexedAccess: true,
  exactOptionalPropertyTypes: true,
  noImplicitOverride: true,
  noPropertyAccessFromIndexSignature: true,
  noImplicitReturns: true,
  noFallthroughCasesInSwitch: true,
  skipLibCheck: false,
  noEmit: true,
  types: ['node'],
}

export const RESOLUTIONS = {
  node10: { module: 'CommonJS', moduleResolution: 'Node10', file: 'check.ts' },
  node16: { module: 'Node16', moduleResolution: 'Node16', file: 'check.ts' },
  'node16-cjs': { module: 'Node16', moduleResolution: 'Node16', file: 'check.cts' },
  nodenext: { module: 'NodeNext', moduleResolution: 'NodeNext', file: 'check.ts' },
  bundler: { module: 'ESNext', moduleResolution: 'Bundler', file: 'check.ts' },
} as const

const tsconfig = (r: (typeof RESOLUTIONS)[keyof typeof RESOLUTIONS]) =>
  JSON.stringify({
    compilerOptions: { ...STRICT, module: r.module, moduleResolution: r.moduleResolution },
    files: [r.file],
  })

/** Every entry point, a mock plan checked, and the public types used the way a user would. */
const CHECK = `import { stack, secret, reveal, isRef, type Stack, type Ref } from 'trellis'
import * as cost from 'trellis/cost'
import * as hosting from 'trellis/hosting'
import * as cloud from 'trellis/cloud'
import { costEmulator } from 'trellis/clients'
import { runMock, expectPlan } from 'trellis/testing'

const finance = cost.folder('finance', { title: 'Finance' })
const token: Ref<string> = finance.out.token
const report = cost.costReport('monthly', { title: 'Monthly', filter: "costs.provider = 'aws'" }).folderToken(token)
const s: Stack = stack('check', { providers: { cost: cost.fromEnv({ COST_API_TOKEN: 'x' }) } }).add(finance, report)
const kinds = [typeof hosting.dnsZone, typeof cloud.apiGatewayService, typeof costEmulator]

export const main = async (): Promise<string> => {
  const run = await runMock(s)
  expectPlan(run).toCreate('cost:Folder', 'finance', { title: 'Finance' }).toCreate('cost:CostReport', 'monthly')
  const folder = run.state.resources['cost:Folder/finance']
  if (!folder || !isRef(token) || reveal(secret('s')) !== 's' || kinds.some((k) => k !== 'function'))
    throw new Error('unexpected')
  return \`mock plan: \${run.plan.steps.length} steps\`
}
`

export const typescriptProject = (): Record<string, string> => ({
  'package.json': JSON.stringify({ type: 'module' }),
  'check.ts': CHECK,
  'check.cts': CHECK,
  'run.ts': `import { main } from './check.js'\nconsole.log(await main())\n`,
  ...Object.fromEntries(Object.entries(RESOLUTIONS).map(([k, r]) => [`tsconfig.${k}.json`, tsconfig(r)])),
})

const JS_BODY = (imp: string) => `${imp}
const finance = cost.folder('finance', { title: 'Finance' })
const report = cost.costReport('monthly', { title: 'Monthly', filter: "costs.provider = 'aws'" }).folderToken(finance.out.token)
const s = stack('js', { providers: { cost: cost.fromEnv({ COST_API_TOKEN: 'x' }) } }).add(finance, report)
runMock(s).then((run) => {
  expectPlan(run).toCreate('cost:Folder', 'finance').toCreate('cost:CostReport', 'monthly')
  if (typeof hosting.dnsZone !== 'function' || typeof cloud.apiGatewayService !== 'function' || typeof clients.costEmulator !== 'function') throw new Error('an entry point is empty')
  if (typeof liveEnv !== 'function' || typeof emulatedEnv !== 'function' || typeof apply !== 'function') throw new Error('trellis/engine is empty')
  return plan(s)(mockEnv())().then((p) => {
    if (p._tag !== 'Right' || p.right.plan.steps.length !== run.plan.steps.length) throw new Error('trellis/engine plan: ' + JSON.stringify(p))
    console.log('mock plan: ' + run.plan.steps.length + ' steps')
  })
})
`

export const esmProject = (): Record<string, string> => ({
  'package.json': JSON.stringify({ type: 'module' }),
  'index.js': JS_BODY(`import { stack } from 'trellis'
import * as cost from 'trellis/cost'
import * as hosting from 'trellis/hosting'
import * as cloud from 'trellis/cloud'
import * as clients from 'trellis/clients'
import { runMock, expectPlan } from 'trellis/testing'
import { plan, apply, liveEnv, emulatedEnv, mockEnv } from 'trellis/engine'`),
})

export const cjsProject = (): Record<string, string> => ({
  'package.json': JSON.stringify({ type: 'commonjs' }),
  'index.js': JS_BODY(`const { stack } = require('trellis')
const cost = require('trellis/cost')
const hosting = require('trellis/hosting')
const cloud = require('trellis/cloud')
const clients = require('trellis/clients')
const { runMock, expectPlan } = require('trellis/testing')
const { plan, apply, liveEnv, emulatedEnv, mockEnv } = require('trellis/engine')`),
})

/**
 * A program whose folder takes the first workspace's token through `ref.map`: when the map is lost
 * (two copies of trellis), the plan shows the whole list instead of "wrkspc_default".
 */
const PROGRAM_TS = `import { stack } from 'trellis'
import * as cost from 'trellis/cost'

const workspaces = cost.getWorkspaces('all')
const finance = cost
  .folder('finance', { title: 'Finance' })
  .workspaceToken(workspaces.out.workspaces.map((ws) => ws[0]?.token ?? 'none'))
export default stack('program', { providers: { cost: cost.fromEnv(process.env) } }).add(workspaces, finance)
`
const PROGRAM_ESM_JS = PROGRAM_TS // no TypeScript syntax in it
const PROGRAM_CJS_JS = PROGRAM_TS.replace(
  `import { stack } from 'trellis'\nimport * as cost from 'trellis/cost'`,
  `const { stack } = require('trellis')\nconst cost = require('trellis/cost')`,
).replace('export default ', 'module.exports = ')

/** Programs for `trellis plan --emulate`, by path, in a module package and a CommonJS one. */
export const programs = (): Record<string, string> => ({
  'programs/esm/package.json': JSON.stringify({ type: 'module' }),
  'programs/esm/program.ts': PROGRAM_TS,
  'programs/esm/program.mts': PROGRAM_TS,
  'programs/esm/program.cts': PROGRAM_TS,
  'programs/esm/program.js': PROGRAM_ESM_JS,
  'programs/esm/program.mjs': PROGRAM_ESM_JS,
  'programs/esm/program.cjs': PROGRAM_CJS_JS,
  'programs/cjs/package.json': JSON.stringify({ type: 'commonjs' }),
  'programs/cjs/program.ts': PROGRAM_TS,
  'programs/cjs/program.js': PROGRAM_CJS_JS,
  'programs/cjs/tla.ts': PROGRAM_TS + 'await Promise.resolve()\n',
})

/** ESM and CommonJS copies of trellis in one process must agree on refs, maps, secrets and stacks. */
export const TWO_COPIES = `import { createRequire } from 'node:module'
import * as esm from 'trellis'
import * as esmCost from 'trellis/cost'
import * as esmTesting from 'trellis/testing'

const require = createRequire(import.meta.url)
const cjs = require('trellis')
const cjsCost = require('trellis/cost')
const fail = (m) => { throw new Error(m) }
if (cjs.stack === esm.stack) fail('one copy only: the test proves nothing')

// a ref made and mapped by the CommonJS copy, resolved by the ESM copy's engine
const workspaces = cjsCost.getWorkspaces('all')
const mapped = workspaces.out.workspaces.map((ws) => ws[0].token)
if (!esm.isRef(mapped) || mapped.mapped !== 1) fail('the ESM copy does not see a CommonJS ref')
if (JSON.stringify(mapped) !== JSON.stringify({ _tag: 'Ref', node: mapped.node, path: mapped.path, mapped: 1 }))
  fail('a ref serialises with more than its data: ' + JSON.stringify(mapped))
const folder = cjsCost.folder('finance', { title: 'Finance' }).workspaceToken(mapped)
const s = cjs.stack('two', { providers: { cost: cjsCost.fromEnv({ COST_API_TOKEN: 'x' }) } }).add(workspaces, folder)
const run = await esmTesting.runMock(s, {
  mocks: { call: ({ token }) => (token === 'cost:getWorkspaces' ? { workspaces: [{ token: 'wrkspc_first' }, { token: 'wrkspc_second' }] } : undefined) },
})
const got = run.state.resources['cost:Folder/finance'].inputs.workspaceToken
if (got !== 'wrkspc_first') fail('the map was lost between copies: ' + JSON.stringify(got))

// a secret of one copy is a secret, and revealed, in the other; never printed
const sec = cjs.secret('hunter2')
if (!esm.isSecret(sec) || esm.reveal(sec) !== 'hunter2') fail('the ESM copy cannot read a CommonJS secret')
if (JSON.stringify({ sec }).includes('hunter2') || String(sec).includes('hunter2')) fail('a secret printed its value')
const back = esm.secret('s3')
if (!cjs.isSecret(back) || cjs.reveal(back) !== 's3') fail('the CommonJS copy cannot read an ESM secret')

// a stack and nodes of the ESM copy compile in the CommonJS copy
const e = esm.stack('e', { providers: { cost: esmCost.fromEnv({ COST_API_TOKEN: 'x' }) } }).add(esmCost.folder('f', { title: 'F' }))
const c = cjs.compile(e)
if (c._tag !== 'Right') fail('the CommonJS copy does not compile an ESM stack: ' + JSON.stringify(c.left))
console.log('two copies agree')
`

/** An application bundled by esbuild as ESM, trellis inside the bundle. */
export const BUNDLE_APP = `import { stack } from 'trellis'
import * as cost from 'trellis/cost'
import { runMock } from 'trellis/testing'

const run = await runMock(stack('b', { providers: { cost: cost.fromEnv({ COST_API_TOKEN: 'x' }) } }).add(cost.folder('f', { title: 'F' })))
console.log('bundle ran: ' + run.plan.steps.length + ' steps')
`

/** BUNDLE_APP without top-level await, for a CommonJS bundle */
export const BUNDLE_APP_NO_TLA = `import { stack } from 'trellis'
import * as cost from 'trellis/cost'
import { runMock } from 'trellis/testing'

runMock(stack('b', { providers: { cost: cost.fromEnv({ COST_API_TOKEN: 'x' }) } }).add(cost.folder('f', { title: 'F' }))).then(
  (run) => console.log('bundle ran: ' + run.plan.steps.length + ' steps'),
)
`
