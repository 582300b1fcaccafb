/**
 * Tests reach src/ through the package's aliases, never by relative path: a behaviour suite through a
 * public entry (#trellis, #trellis/engine, …), a unit suite through #src/<path> to its subject, the
 * module its own path mirrors (test/core/wire.test.ts: src/core/wire.ts). So a source file that moves
 * breaks its own suite, not every suite whose path climbs into src/ (issue 31). The other imports of
 * #src/* are named below with their reason. `node scripts/test-imports.mjs` rewrites what an entry
 * exports (relative paths, and names an entry exports from a #src/* line).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'

const test = suite('test imports')
const root = resolve(new URL('..', import.meta.url).pathname)

const walk = (d: string): string[] =>
  readdirSync(d).flatMap((f) => {
    const p = join(d, f)
    if (statSync(p).isDirectory()) return f === 'artifacts' ? [] : walk(p)
    return /\.(ts|mts|tsx)$/.test(f) ? [p] : []
  })

// a static import or re-export's `from '…'` on a line of its own statement (the last of a multi-line
// one starts with `}`), so an import written inside a string does not count; import('…') anywhere
const STATIC = /^\s*(?:import|export|\})[^'"`]*\bfrom\s+['"](\.{1,2}\/[^'"]*)['"]/
const DYNAMIC = /\bimport\(\s*['"](\.{1,2}\/[^'"]*)['"]\s*\)/g

/** `file:line imports spec` for each relative import of src/ in a file. */
const relativeImportsOfSrc = (file: string, text: string): string[] =>
  text.split('\n').flatMap((line, i) =>
    [STATIC.exec(line)?.[1], ...[...line.matchAll(DYNAMIC)].map((m) => m[1])]
      .filter((spec): spec is string => spec !== undefined)
      .filter((spec) => relative(root, resolve(dirname(file), spec)).startsWith('src/'))
      .map((spec) => `${relative(root, file)}:${i + 1} imports ${spec}`),
  )

test('no file under test/ imports src/ by a relative path', () => {
  const found = walk(join(root, 'test'))
    .map((f) => [f, readFileSync(f, 'utf8')] as const)
    // a program copied out of the tree and loaded there (no alias resolves) says so, as the codemod reads
    .filter(([, text]) => !text.includes('test-imports: keep relative'))
    .flatMap(([f, text]) => relativeImportsOfSrc(f, text))
  assert.equal(
    found,
    [],
    `${found.length} relative imports of src/ (node scripts/test-imports.mjs fixes them):\n${found.slice(0, 20).join('\n')}`,
  )
})

test('the scan sees static, multi-line, dynamic and type imports; aliases, libraries and strings are let be', () => {
  const file = join(root, 'test/engine/x.test.ts')
  const text = [
    "import { plan } from '../../src/engine/plan'",
    "import {\n  a,\n  b,\n} from '../../src/core/stack'",
    "const m = await import('../../src/cli/main')",
    "type T = typeof import('../../src/index')",
    "import { ok } from '../helpers'",
    "import { stack } from '#src/core/stack'",
    "import { x } from '../../clients/http'",
    "import * as E from 'fp-ts/Either'",
    "const source = `import { stack } from '../../src/core/stack'`",
  ].join('\n')
  assert.equal(relativeImportsOfSrc(file, text), [
    'test/engine/x.test.ts:1 imports ../../src/engine/plan',
    'test/engine/x.test.ts:5 imports ../../src/core/stack',
    'test/engine/x.test.ts:6 imports ../../src/cli/main',
    'test/engine/x.test.ts:7 imports ../../src/index',
  ])
})

/** test/core/wire.test.ts -> core/wire: the src module a suite mirrors (a helper mirrors none) */
export const mirrorOf = (file: string): string | undefined =>
  file.startsWith('test/') && file.endsWith('.test.ts') ? file.slice('test/'.length, -'.test.ts'.length) : undefined

/** #src/* modules any test may import: doors users have as well, though no entry exports them. */
const DOORS: Readonly<Record<string, string>> = {
  'cli/main': "the trellis binary's program (package.json's bin is built from it): the CLI's suites run it as users do",
}

/**
 * Internals a suite that does not mirror them imports, by module: why no public door serves, and the
 * files. What to shrink: make the suite a unit suite of the module, reach it through an entry, or make
 * it public if users want it (then the codemod rewrites the lines). An entry no file needs fails.
 */
const INTERNALS: Readonly<Record<string, { readonly why: string; readonly files: ReadonlyArray<string> }>> = {
  'core/codecs': {
    why: 'codec introspection (fieldsOf, elementOf) over every spec, and single codecs tested alone: no user asked',
    files: [
      'test/conformance-engine.test.ts',
      'test/conformance-import.test.ts',
      'test/core/calendar-date.test.ts',
      'test/core/cidr.test.ts',
      'test/core/codec-is.test.ts',
      'test/docs.test.ts',
      'test/engine/all-unknown-refs.test.ts',
      'test/engine/ref-codecs.test.ts',
      'test/engine/validate.test.ts',
      'test/reliability/fuzz.test.ts',
    ],
  },
  'state/protect': {
    why: 'a protector with a chosen salt and passphrase: the stores take a passphrase, no entry makes one',
    files: [
      'test/engine/plan-render.test.ts',
      'test/engine/step-json-plan.ts',
      'test/reliability/secrets.test.ts',
      'test/render/markdown-summary.test.ts',
      'test/state/passphrase-problem.test.ts',
    ],
  },
  'workspace/emulated-handler': {
    why: 'the handler on in-process emulators: emulatedEnv and workspace({ emulate }) hide the emulators inspected',
    files: [
      'test/discover/brownfield-helpers.ts',
      'test/engine/pipeline/one-pipeline.test.ts',
      'test/policy/policy-wiring.test.ts',
      'test/providers/cost/examples.test.ts',
      'test/providers/hosting/examples.test.ts',
    ],
  },
  'core/client-recipe': {
    why: "the REST recipe's header and link constants the emulators answer with, a signed-action recipe's chain types",
    files: [
      'test/protocols/rest.test.ts',
      'test/providers/cost/helpers.ts',
      'test/providers/hosting/harness.ts',
      'test/workspace/preflight.test.ts',
    ],
  },
  'workspace/key-sources': {
    why: "the table of credential chains preflight is given, made apart from a provider's recipe to test it",
    files: ['test/workspace/preflight.test.ts'],
  },
  'core/secret': {
    why: 'secret markers below the public secret/reveal (containsSecret, revealDeep, isSecretMarker)',
    files: [
      'test/providers/cost/conformance.test.ts',
      'test/reliability/secrets.test.ts',
      'test/state/protect.test.ts',
    ],
  },
  'engine/diff': {
    why: 'the field diff the renderers and the cost conformance read (diffInputs, deepEqual, FieldChange)',
    files: [
      'test/engine/plan-render.test.ts',
      'test/providers/cost/helpers.ts',
      'test/render/markdown-summary.test.ts',
    ],
  },
  'render/render': {
    why: "the plan renderer's parts (displayChanges; renderPlan with options the public render omits)",
    files: [
      'test/engine/adoption.test.ts',
      'test/engine/pipeline/front-doors.test.ts',
      'test/engine/plan-render.test.ts',
    ],
  },
  'cli/args': {
    why: 'the argument parser, tested apart from a run of the CLI (the CLI has no entry but its program)',
    files: ['test/cli/flag-values.test.ts', 'test/cli/saved-plan-origin.test.ts'],
  },
  'cli/commands': {
    why: 'the command table parsing and help read, checked entry by entry (no entry but the program)',
    files: ['test/cli/flag-values.test.ts', 'test/cli/parse.test.ts'],
  },
  'cli/documents': {
    why: "the CLI's JSON documents, checked against their schemas without a run (no entry but the program)",
    files: ['test/cli/plan-doc.test.ts', 'test/engine/step-json.test.ts'],
  },
  'cli/init': {
    why: 'the tsconfig and files `trellis init` writes, compiled by tsc (no entry but the program)',
    files: ['test/types/examples-under-init.test.ts', 'test/types/generated-under-init.test.ts'],
  },
  'engine/resolve': {
    why: 'ref resolution (resolveRefs, NOT_YET) on values a plan cannot produce at will',
    files: ['test/engine/all-unknown-refs.test.ts', 'test/engine/plan-against-state.test.ts'],
  },
  'providers/cloud/client/credentials': {
    why: 'the cloud credential chain alone, without a provider instance around it; users reach it through config',
    files: ['test/providers/cloud/credentials.test.ts', 'test/providers/cloud/loopback.test.ts'],
  },
  'providers/cloud/shared/wire': {
    why: 'the cloud wire helpers (crc32, idsHash, apigw) the specs share: internal to the provider',
    files: ['test/engine/bulk-refresh-shared.test.ts', 'test/providers/cloud/lookups.test.ts'],
  },
  'render/plan-document': {
    why: "the plan document's steps and format version, below render.json",
    files: ['test/engine/adoption.test.ts', 'test/engine/plan-render.test.ts'],
  },
  'state/owners': {
    why: 'the ownership claims of stacks (ownedBy): the stores keep them, no entry reads them',
    files: [
      'test/cli/state-mv-to-stack.test.ts',
      'test/engine/stacks/ownership-claims.test.ts',
      'test/engine/stacks/ownership.test.ts',
      'test/state/move-intent.test.ts',
    ],
  },
  'cli/state-move-stack': {
    why: "`state mv --to-stack`'s moves driven without a process, so each of its writes can be failed in turn",
    files: ['test/state/move-intent.test.ts'],
  },
  'state/state-store': {
    why: "the store's error value (stateError), for a store that fails one chosen write",
    files: ['test/state/move-intent.test.ts'],
  },
  'engine/apply/step-budget': {
    why: "a step budget's arithmetic, tested beside the hostile server that shows it bounds an apply",
    files: ['test/reliability/step-budget.test.ts'],
  },
  'generate/outside-lookups': {
    why: 'the key under which generateSource is told what lies outside the selection: between two generate modules',
    files: ['test/discover/generate-source.test.ts'],
  },
  'workspace/real-handler': {
    why: 'the real wiring (credentials, proxy) below workspace(): what the suite checks is how it is wired',
    files: ['test/clients/proxy.test.ts', 'test/platforms/real-wiring.test.ts'],
  },
  'cli/emulate': {
    why: "the emulate command's server, started twice at once (no entry but the program)",
    files: ['test/platforms/emulator-concurrent.test.ts'],
  },
  'cli/plan-origin': {
    why: 'where a saved plan came from, read without a run (no entry but the program)',
    files: ['test/cli/saved-plan-origin.test.ts'],
  },
  'cli/saved-plan': {
    why: 'the saved plan file, written and read without a run (no entry but the program)',
    files: ['test/engine/step-json.test.ts'],
  },
  'cli/trellis-spec': {
    why: 'the default spec `trellis init` writes (no entry but the program)',
    files: ['test/cli/init.test.ts'],
  },
  'core/case': {
    why: 'the wire case conversions the protector remembers: internal to core',
    files: ['test/core/remembered-conversions.test.ts'],
  },
  'core/issue': {
    why: 'the issue constructor, to state the expected issue: internal to core',
    files: ['test/providers/hosting/log-drain.test.ts'],
  },
  'core/names': {
    why: 'printable and quoteName, the label helpers labelOf is built on: internal to core',
    files: ['test/core/label-of.test.ts'],
  },
  'core/protector': {
    why: 'the protector itself (state/protect re-exports it), fed conversions directly',
    files: ['test/core/remembered-conversions.test.ts'],
  },
  'engine/check-resolved': {
    why: 'the check that every ref resolved, fed unknown values a plan cannot produce at will',
    files: ['test/engine/all-unknown-refs.test.ts'],
  },
  'engine/defect-guard': {
    why: 'the guard around what an Env hands in, fed throwing parts directly',
    files: ['test/engine/at-once.test.ts'],
  },
  'engine/unknown': {
    why: 'hasUnknown, beside the public isUnknown',
    files: ['test/engine/all-unknown-refs.test.ts'],
  },
  'engine/validate': {
    why: 'the validator with options (makeValidator), beside the public validateValue',
    files: ['test/engine/all-unknown-refs.test.ts'],
  },
  'providers/cloud/index': {
    why: "the provider's environment fallback (fromEnv), called with a made-up environment",
    files: ['test/providers/cloud/config.test.ts'],
  },
  'providers/cost/billing-rule': {
    why: 'the SQL check beside the billing rule spec, on inputs no compile reaches',
    files: ['test/providers/cost/rules.test.ts'],
  },
  'providers/cost/index': {
    why: "the provider's environment fallback and config codec, called with a made-up environment",
    files: ['test/providers/cost/config.test.ts'],
  },
  'providers/hosting/dns-zone': {
    why: 'the domain decoding beside the DNS zone spec: internal to the provider',
    files: ['test/providers/hosting/dns.test.ts'],
  },
  'providers/hosting/index': {
    why: "the provider's environment fallback (fromEnv), called with a made-up environment",
    files: ['test/providers/hosting/config.test.ts'],
  },
  'providers/hosting/shared/firewall-rules': {
    why: 'the firewall rule set conversions both firewall specs share: internal to the provider',
    files: ['test/providers/hosting/firewall.test.ts'],
  },
  'providers/hosting/shared/wire': {
    why: 'the hosting wire helpers the specs share: internal to the provider',
    files: ['test/providers/hosting/dns.test.ts'],
  },
  'providers/hosting/waf-policy': {
    why: 'the WAF categories beside the spec: internal to the provider',
    files: ['test/providers/hosting/waf-defaults.test.ts'],
  },
  'render/graph-render': {
    why: "the graph renderer's styles, for the browser check of the report",
    files: ['test/browser/plan-report.test.ts'],
  },
  'render/html-report': {
    why: "the HTML report with a registry of the suite's own",
    files: ['test/engine/adoption.test.ts'],
  },
  'render/line-diff': {
    why: 'the line diff the renderers share, checked on its own',
    files: ['test/engine/plan-render.test.ts'],
  },
  'state/process-identity': {
    why: "the lock holder's identity, as a lock records it: internal to the stores",
    files: ['test/reliability/input.test.ts'],
  },
  'workspace/platform-clients': {
    why: "the default client factory as the engine loads it, to swap one platform's",
    files: ['test/engine/pipeline/custom-provider.test.ts'],
  },
  'workspace/trellis-error': {
    why: 'fromEngineError: how an engine error becomes the public TrellisError',
    files: ['test/engine/pipeline/total-boundary.test.ts'],
  },
}

// a static import's `from` on a line of its own statement (as STATIC above); a dynamic import anywhere
const STATIC_SRC = /^\s*(?:import|export|\})[^'"`]*\bfrom\s+['"]#src\/([^'"]*)['"]/
const DYNAMIC_SRC = /\bimport\(\s*['"]#src\/([^'"]*)['"]\s*\)/g

/** The #src/* modules a file imports (core/wire for '#src/core/wire'). */
export const srcImportsOf = (text: string): string[] => [
  ...new Set(
    text
      .split('\n')
      .filter((line) => line.includes('#src/'))
      .flatMap((line) => [STATIC_SRC.exec(line)?.[1], ...[...line.matchAll(DYNAMIC_SRC)].map((m) => m[1])])
      .filter((m): m is string => m !== undefined),
  ),
]

/** every file under test/ with its text, read once for the tests below */
let read: ReadonlyArray<readonly [string, string]> | undefined
const testFiles = () =>
  (read ??= walk(join(root, 'test')).map((f) => [relative(root, f), readFileSync(f, 'utf8')] as const))

test('a test imports src/ internals (#src/*) only of the module it mirrors, a door, or as INTERNALS names', () => {
  const found = testFiles().flatMap(([file, text]) =>
    srcImportsOf(text)
      .filter((m) => m !== mirrorOf(file) && !(m in DOORS) && !INTERNALS[m]?.files.includes(file))
      .map((m) => `${file} imports #src/${m}`),
  )
  assert.equal(found, [], `import it from a public entry, or test it in its mirror suite:\n${found.join('\n')}`)
})

test('every INTERNALS entry is still needed (a file left, or now imports it publicly: drop the line)', () => {
  const imports = new Map(testFiles().map(([file, text]) => [file, srcImportsOf(text)]))
  const stale = Object.entries(INTERNALS).flatMap(([m, { files }]) =>
    files.filter((f) => !imports.get(f)?.includes(m)).map((f) => `${m}: ${f}`),
  )
  assert.equal(stale, [])
})

test('the mirror and the scan: a suite mirrors its path, a helper nothing; strings and libraries are let be', () => {
  assert.is(mirrorOf('test/core/wire.test.ts'), 'core/wire')
  assert.is(mirrorOf('test/engine/stacks/ownership.test.ts'), 'engine/stacks/ownership')
  assert.is(mirrorOf('test/providers/cost/helpers.ts'), undefined)
  const text = [
    "import { a } from '#src/core/wire'",
    "import {\n  b,\n} from '#src/engine/validate'",
    "import type { C } from '#src/core/node'",
    "const m = await import('#src/cli/main')",
    "import { stack } from '#trellis'",
    "const source = `import { x } from '#src/core/stack'`",
    "  'import { y } from \\'#src/core/ref\\'',",
  ].join('\n')
  assert.equal(srcImportsOf(text), ['core/wire', 'engine/validate', 'core/node', 'cli/main'])
})

test.run()
