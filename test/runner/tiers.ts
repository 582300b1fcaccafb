/**
 * The two tiers: `unit` (in-process, no servers to wait on, seconds in all: `npm run test:unit`)
 * and `slow` (subprocesses, loopback platforms, browsers, the package build). `npm test` runs
 * unit, then slow. A file is slow when its path starts with one of these.
 */
export const SLOW: ReadonlyArray<string> = [
  'test/browser/',
  'test/cli/',
  'test/conformance',
  'test/package/',
  'test/platforms/',
  'test/reliability/',
  // the slowest of the rest (the runner's 'slowest:' line): they compile the whole program with
  // tsc, or start processes and servers with real timeouts
  'test/docs.test.ts',
  'test/readme.test.ts',
  'test/providers/field-docs.test.ts',
  'test/clients/node-http-client.test.ts',
]

export type Tier = 'unit' | 'slow'

export const tierOf = (file: string): Tier => (SLOW.some((p) => file.startsWith(p)) ? 'slow' : 'unit')
