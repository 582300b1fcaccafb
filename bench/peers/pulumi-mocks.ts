/**
 * Peer: the benchmark workload as a Pulumi program under Pulumi's unit-test mocks
 * (`runtime.setMocks`), the way a Pulumi user unit-tests a stack: every resource registered with
 * the mock monitor, its outputs awaited. Prints one JSON line like bench/scenario.ts.
 */
import * as pulumi from '@pulumi/pulumi'

const n = Number(process.argv[process.argv.indexOf('--n') + 1] || 10_000)

// no top-level await: the same file also runs compiled to CommonJS
const main = async (): Promise<void> => {
  const t0 = performance.now()

  pulumi.runtime.setMocks(
    {
      newResource: (args) => ({ id: `${args.name}-id`, state: { ...args.inputs, token: `${args.name}-token` } }),
      call: (args) => args.inputs,
    },
    'bench',
    'bench',
    false,
  )

  /** A resource of the cost provider, with its `token` output (no provider package needed under mocks). */
  class CostResource extends pulumi.CustomResource {
    declare readonly token: pulumi.Output<string>
    constructor(type: string, name: string, args: Record<string, pulumi.Input<unknown>>) {
      super(type, name, { ...args, token: undefined })
    }
  }

  const tokens: Array<pulumi.Output<string>> = []
  let count = 0
  for (let i = 0; count < n; i++) {
    const folder = new CostResource('cost:index:Folder', `f${i}`, { title: `Folder ${i}` })
    tokens.push(folder.token)
    if (++count === n) break
    const report = new CostResource('cost:index:CostReport', `r${i}`, {
      title: `Report ${i}`,
      folderToken: folder.token,
    })
    tokens.push(report.token)
    if (++count === n) break
    const alert = new CostResource('cost:index:CostAlert', `a${i}`, {
      title: `Alert ${i}`,
      interval: 'day',
      unitType: 'percentage',
      threshold: 20,
      reportTokens: [report.token],
      workspaceToken: 'wrkspc_default',
    })
    tokens.push(alert.token)
    ++count
  }

  // await every output, as a test asserting on them would
  const all = await new Promise<string[]>((resolve) => pulumi.all(tokens).apply((ts) => resolve(ts)))
  if (all.length !== n || all.some((x) => typeof x !== 'string')) throw new Error('pulumi: not every output resolved')
  const inProcessMs = Math.round((performance.now() - t0) * 10) / 10
  process.stdout.write(
    JSON.stringify({
      peer: 'pulumi-mocks',
      n,
      inProcessMs,
      peakRssMb: Math.round((process.resourceUsage().maxRSS / 1024) * 10) / 10,
    }) + '\n',
  )
}
main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`)
  process.exit(1)
})
