/**
 * The three tiers: `unit` (in-process, no servers to wait on, seconds in all: `npm run test:unit`),
 * `slow` (subprocesses, loopback platforms, tsc, long property runs) and `extended` (the package
 * built, packed and installed; processes killed at random; chaos and fault schedules; browsers).
 * `npm test` runs unit, then slow, in under 5 minutes; `npm run test:all` (what CI runs) adds
 * extended. A file is extended when its path starts with one of EXTENDED, else slow when it starts
 * with one of SLOW.
 */
export const EXTENDED: ReadonlyArray<string> = [
  // npm pack, npm install into consumer projects, tsc over them: a minute and more
  'test/package/',
  // the CLI killed at random points, crashes, chaos and hostile servers: minutes of child processes
  'test/reliability/',
  // headless Chromium over the HTML report
  'test/browser/',
]

export const SLOW: ReadonlyArray<string> = [
  'test/browser/',
  'test/cli/',
  'test/conformance',
  'test/package/',
  'test/platforms/',
  'test/reliability/',
  // the runner's own tests start runs of it, each waiting out the leak grace
  'test/runner/',
  // they compile the whole program with tsc or its language service
  'test/types/',
  'test/docs.test.ts',
  // TypeScript's parser over the emulators (its load alone is a second)
  'test/architecture-function-length.test.ts',
  'test/readme.test.ts',
  'test/providers/field-docs.test.ts',
  // processes, servers and sockets with real timeouts: node:test, initdb, the bench's children, undici
  'test/bench/',
  'test/testing/node-runner.test.ts',
  'test/testing/snapshot.test.ts',
  'test/state/postgres-store',
  // two processes at once, and initdb for the PostgreSQL half
  'test/state/owners-across-stacks',
  'test/clients/node-http-client.test.ts',
  'test/clients/undici-',
  'test/clients/proxy.test.ts',
  'test/clients/stale-connection.test.ts',
  'test/clients/rate-budget-concurrency.test.ts',
  // the heaviest of the rest by the unit tier's per-file times (import included): every resource type
  // through the engine, long property runs, scrypt, the file store's conformance, big renders
  'test/interpreter/every-resource.test.ts',
  'test/interpreter/tracer-bullets.test.ts',
  'test/protocols/wire-conformance.test.ts',
  'test/core/names.test.ts',
  'test/builders/misspelt.test.ts',
  'test/testing/for-all-inputs.test.ts',
  'test/state/file-store-conformance.test.ts',
  'test/state/passphrase-problem.test.ts',
  'test/engine/html-render.test.ts',
  'test/render/markdown-summary.test.ts',
  'test/engine/plan-against-state.test.ts',
  // the cloud emulator's service creation waits its second; a credential probe waits out its bound
  'test/policy/policy-wiring.test.ts',
  'test/workspace/credential-probe.test.ts',
  // an estate made on the emulators, discovered, generated, applied (the cloud's emulated waits)
  'test/discover/brownfield.test.ts',
  'test/discover/recreate.test.ts',
  // the unit tier's heaviest after the above (issue 31, under 10 s): outputs applies on the emulators
  // with a passphrase (scrypt at each run) and loads the whole CLI; fetch waits on real sockets and timeouts
  'test/workspace/outputs.test.ts',
  'test/clients/fetch.test.ts',
  // property runs over every field of every spec: the unit tier's three longest runs (0.4 to 1.2 s CPU)
  'test/engine/validate.test.ts',
  'test/engine/ref-codecs.test.ts',
  'test/engine/changed-at.test.ts',
  'test/discover/release-attachment.test.ts',
  // runs on the emulators through workspace() and emulatedEnv, whose cloud waits pass in real time
  'test/workspace/emulated-handler.test.ts',
]

export type Tier = 'unit' | 'slow' | 'extended'

export const tierOf = (file: string): Tier =>
  EXTENDED.some((p) => file.startsWith(p)) ? 'extended' : SLOW.some((p) => file.startsWith(p)) ? 'slow' : 'unit'

/**
 * The slow files that may share the machine with others (test/runner/pool.ts). Each runs in a
 * worker process, so what makes a file unsafe is what it shares outside its process (a fixed port,
 * a fixed path, the package build in dist/) or an assertion on elapsed time that a busy machine
 * breaks. A prefix marks every file under it, ALONE aside; a new slow suite runs alone until
 * someone checks it and lists it here.
 */
export const PARALLEL_SAFE: ReadonlyArray<string> = SLOW.filter(
  // the package build writes dist/ and the npm cache; chromium wants the cores to itself
  (p) => p !== 'test/package/' && p !== 'test/browser/',
)

/** Files under a parallel-safe prefix that still run alone. */
export const ALONE: ReadonlyArray<string> = [
  // the printed "Apply complete" time must stay under the 5 s spent at the prompt
  'test/cli/terminal.test.ts',
  // they kill processes at timed points and bound their waits: chaos, crash and interrupted-cli failed
  // beside other workers at load ~25 (the serial run passed them), as did the README's blocks
  'test/reliability/',
  'test/readme.test.ts',
  // its stale saved plan's apply ended with no exit code once beside another worker at load ~25, and
  // passed alone: alone until the cause is known
  'test/cli/real-wiring.test.ts',
  // a 40 ms timeout must find the request sent: beside another worker at load ~12 it was not yet (once)
  'test/clients/fetch.test.ts',
]

export const isParallelSafe = (file: string): boolean =>
  PARALLEL_SAFE.some((p) => file.startsWith(p)) && !ALONE.some((p) => file.startsWith(p))

/**
 * Started first in the pool, longest first, so that no worker is left running a long file alone at
 * the end (the longest of a unit run's per-file times on a loaded machine: tsc, the language service).
 */
export const LONGEST: ReadonlyArray<string> = [
  'test/types/examples-under-init.test.ts',
  'test/types/editor-help.test.ts',
  'test/types/missing-required.test.ts',
  'test/testing/node-runner.test.ts',
  'test/state/postgres-store.test.ts',
  'test/core/names.test.ts',
]

/** The files in the order the pool takes them: LONGEST first, then as given. */
export const longestFirst = (files: ReadonlyArray<string>): string[] => {
  const rank = (f: string) => (LONGEST.includes(f) ? LONGEST.indexOf(f) : LONGEST.length)
  return [...files].sort((a, b) => rank(a) - rank(b))
}
