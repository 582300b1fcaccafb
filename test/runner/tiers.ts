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
]

export type Tier = 'unit' | 'slow'

export const tierOf = (file: string): Tier => (SLOW.some((p) => file.startsWith(p)) ? 'slow' : 'unit')
