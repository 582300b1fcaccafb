/**
 * The `mock` measurement as a plain entry, for the compiled side of the peer comparison: bundled
 * over dist/ by bench/compile-dist.ts and run as `node bench/tmp/dist/mock-main.mjs --n N`.
 */
import { peakRssMb, runMock } from './mock-run'

const n = Number(process.argv[process.argv.indexOf('--n') + 1] || 10_000)
const workload = process.argv.includes('--workload') ? process.argv[process.argv.indexOf('--workload') + 1] : 'cost'
runMock(n, workload === 'mixed' ? 'mixed' : 'cost').then(
  (r) =>
    process.stdout.write(
      JSON.stringify({ scenario: workload === 'mixed' ? 'mixed' : 'mock', n, ...r, peakRssMb: peakRssMb() }) + '\n',
    ),
  (e: unknown) => {
    process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`)
    process.exit(1)
  },
)
