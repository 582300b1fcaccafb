/**
 * Peer: the benchmark workload as a Pulumi program under Pulumi's unit-test mocks
 * (`runtime.setMocks`), the way a Pulumi user unit-tests a stack: every resource registered with
 * the mock monitor, its outputs awaited. Prints one JSON line like bench/scenario.ts.
 * `--workload mixed`: the shapes of mixed-shape.ts as generic resources of the same tokens
 * (`hosting:DnsRecord` → `hosting:index:DnsRecord`), refs as outputs (`apply` for mapped ones),
 * lookups through `invokeOutput`, secrets through `pulumi.secret`.
 */
import * as pulumi from '@pulumi/pulumi'
import { isRefShape, isSecretShape, mixedNodes, type ValueShape } from './mixed-shape'

const n = Number(process.argv[process.argv.indexOf('--n') + 1] || 10_000)
const workload = process.argv.includes('--workload') ? process.argv[process.argv.indexOf('--workload') + 1] : 'cost'

/** A resource of any token: its inputs, and (as outputs) the fields other resources refer to. */
class Generic extends pulumi.CustomResource {
  constructor(type: string, name: string, args: Record<string, unknown>, outs: ReadonlyArray<string>) {
    const props: Record<string, unknown> = { ...args }
    for (const o of outs) if (!(o in props)) props[o] = undefined
    super(type, name, props)
  }
}

const pulumiType = (token: string) => token.replace(':', ':index:')

/** The mixed shapes: each node a Generic resource (or an invokeOutput), refs wired as outputs. */
const mixed = (ids: Array<pulumi.Output<string>>): void => {
  const shapes = mixedNodes(n)
  // the fields each node is referred to by, so that its resource exposes them as outputs
  const referred = new Map<string, Set<string>>()
  const note = (v: ValueShape): void => {
    if (isRefShape(v)) {
      const s = referred.get(v.$ref) ?? new Set<string>()
      s.add(v.field)
      referred.set(v.$ref, s)
    } else if (Array.isArray(v)) v.forEach(note)
    else if (typeof v === 'object' && !isSecretShape(v)) Object.values(v as Record<string, ValueShape>).forEach(note)
  }
  for (const s of shapes) note(s.inputs as ValueShape)
  const made = new Map<string, Record<string, pulumi.Output<unknown>>>()
  const value = (v: ValueShape): unknown => {
    if (typeof v !== 'object') return v
    if (isRefShape(v)) {
      const out = made.get(v.$ref)![v.field]
      if (v.prefix === undefined && v.suffix === undefined) return out
      const prefix = v.prefix ?? ''
      const suffix = v.suffix ?? ''
      return out.apply((x) => `${prefix}${String(x)}${suffix}`)
    }
    if (isSecretShape(v)) return pulumi.secret(v.$secret)
    if (Array.isArray(v)) return v.map(value)
    const o: Record<string, unknown> = {}
    for (const [k, x] of Object.entries(v as Record<string, ValueShape>)) o[k] = value(x)
    return o
  }
  for (const s of shapes) {
    const args: Record<string, unknown> = {}
    for (const [k, x] of Object.entries(s.inputs)) args[k] = value(x)
    const fields = [...(referred.get(s.key) ?? [])]
    if (s.kind === 'lookup') {
      const result = pulumi.runtime.invokeOutput(pulumiType(s.token), args) as pulumi.Output<Record<string, unknown>>
      const outs: Record<string, pulumi.Output<unknown>> = {}
      for (const f of fields) outs[f] = result.apply((r) => r[f])
      made.set(s.key, outs)
      ids.push(result.apply((r) => String(r.id)))
    } else {
      const r = new Generic(pulumiType(s.token), s.name, args, fields) as unknown as Record<
        string,
        pulumi.Output<unknown>
      > & { id: pulumi.Output<string> }
      made.set(s.key, r)
      ids.push(r.id)
    }
  }
}

// no top-level await: the same file also runs compiled to CommonJS
const main = async (): Promise<void> => {
  const t0 = performance.now()

  // what the mocked platform computes: every output a ref of the mixed shapes reads
  const filled = (name: string) => ({
    slug: `${name}-slug`,
    name,
    serviceId: `${name}-service`,
    workspaceToken: 'wrkspc_default',
    accessKeyId: `${name}-key`,
    outerSubDomain: `${name}.apigw.example.com`,
  })
  pulumi.runtime.setMocks(
    {
      newResource: (args) => ({
        id: `${args.name}-id`,
        state: { ...filled(args.name), ...args.inputs, token: `${args.name}-token` },
      }),
      call: (args) => ({
        ...filled(String(args.inputs.name ?? args.inputs.slug)),
        ...args.inputs,
        id: `${args.token}-id`,
      }),
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
  if (workload === 'mixed') mixed(tokens)
  let count = workload === 'mixed' ? n : 0
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
      workload,
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
