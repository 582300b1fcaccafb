/**
 * Peer: the benchmark workload as a CDK for Terraform app, synthesised with `app.synth()` (what a
 * CDKTF user's snapshot test runs). The resources are generic `TerraformResource`s of a provider
 * declared by hand, so no `cdktf get` is needed. Prints one JSON line like bench/scenario.ts.
 * `--workload mixed`: the shapes of mixed-shape.ts as generic resources and data sources of the
 * same types (`hosting:DnsRecord` → `hosting_dns_record`, snake_case attributes as a generated
 * binding writes them), refs as attribute tokens (mapped ones inside a string), secrets as strings.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { App, TerraformDataSource, TerraformProvider, TerraformResource, TerraformStack } from 'cdktf'
import type { Construct } from 'constructs'
import { isRefShape, isSecretShape, mixedNodes, type ValueShape } from './mixed-shape'

const n = Number(process.argv[process.argv.indexOf('--n') + 1] || 10_000)
const workload = process.argv.includes('--workload') ? process.argv[process.argv.indexOf('--workload') + 1] : 'cost'
const t0 = performance.now()

class CostProvider extends TerraformProvider {
  constructor(scope: Construct, id: string) {
    super(scope, id, { terraformResourceType: 'cost', terraformGeneratorMetadata: { providerName: 'cost' } })
  }
  protected synthesizeAttributes(): Record<string, unknown> {
    return { api_token: 'bench-token' }
  }
}

class CostResource extends TerraformResource {
  constructor(
    scope: Construct,
    id: string,
    type: string,
    private readonly attrs: Record<string, unknown>,
  ) {
    super(scope, id, { terraformResourceType: type, terraformGeneratorMetadata: { providerName: 'cost' } })
  }
  get token(): string {
    return this.getStringAttribute('token')
  }
  protected synthesizeAttributes(): Record<string, unknown> {
    return this.attrs
  }
}

/** A provider of any name, declared by hand. */
class AnyProvider extends TerraformProvider {
  constructor(
    scope: Construct,
    id: string,
    private readonly attrs: Record<string, unknown>,
  ) {
    super(scope, id, { terraformResourceType: id, terraformGeneratorMetadata: { providerName: id } })
  }
  protected synthesizeAttributes(): Record<string, unknown> {
    return this.attrs
  }
}

class AnyResource extends TerraformResource {
  constructor(
    scope: Construct,
    id: string,
    type: string,
    provider: string,
    private readonly attrs: Record<string, unknown>,
  ) {
    super(scope, id, { terraformResourceType: type, terraformGeneratorMetadata: { providerName: provider } })
  }
  protected synthesizeAttributes(): Record<string, unknown> {
    return this.attrs
  }
}

class AnyDataSource extends TerraformDataSource {
  constructor(
    scope: Construct,
    id: string,
    type: string,
    provider: string,
    private readonly attrs: Record<string, unknown>,
  ) {
    super(scope, id, { terraformResourceType: type, terraformGeneratorMetadata: { providerName: provider } })
  }
  protected synthesizeAttributes(): Record<string, unknown> {
    return this.attrs
  }
}

const snake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)
/** `hosting:DnsRecord` → `hosting_dns_record`; `hosting:getSite` → `hosting_site` */
const tfType = (token: string) => {
  const [provider, type] = token.split(':')
  return `${provider}_${snake(type.startsWith('get') ? type.slice(3, 4).toLowerCase() + type.slice(4) : type[0].toLowerCase() + type.slice(1))}`
}

const mixed = (stack: TerraformStack): void => {
  new AnyProvider(stack, 'cost', { api_token: 'bench-token' })
  new AnyProvider(stack, 'hosting', { token: 'bench-token' })
  new AnyProvider(stack, 'cloud', { secret_id: 'AKIDbench', secret_key: 'bench-token', region: 'ap-guangzhou' })
  const made = new Map<string, TerraformResource | TerraformDataSource>()
  // what a generated binding's toTerraform does: attribute names in snake_case, values as given
  const value = (v: ValueShape): unknown => {
    if (typeof v !== 'object') return v
    if (isRefShape(v)) {
      const t = made.get(v.$ref)!.getStringAttribute(snake(v.field))
      return v.prefix === undefined && v.suffix === undefined ? t : `${v.prefix ?? ''}${t}${v.suffix ?? ''}`
    }
    if (isSecretShape(v)) return v.$secret
    if (Array.isArray(v)) return v.map(value)
    const o: Record<string, unknown> = {}
    for (const [k, x] of Object.entries(v as Record<string, ValueShape>)) o[snake(k)] = value(x)
    return o
  }
  for (const s of mixedNodes(n)) {
    const attrs = value(s.inputs as ValueShape) as Record<string, unknown>
    const provider = s.token.split(':')[0]
    const id = s.key.replace(/[:/]/g, '_')
    made.set(
      s.key,
      s.kind === 'lookup'
        ? new AnyDataSource(stack, id, tfType(s.token), provider, attrs)
        : new AnyResource(stack, id, tfType(s.token), provider, attrs),
    )
  }
}

const outdir = mkdtempSync(join(tmpdir(), 'cdktf-bench-'))
try {
  const app = new App({ outdir })
  const stack = new TerraformStack(app, 'bench')
  if (workload === 'mixed') mixed(stack)
  else new CostProvider(stack, 'cost')
  let count = workload === 'mixed' ? n : 0
  for (let i = 0; count < n; i++) {
    const folder = new CostResource(stack, `f${i}`, 'cost_folder', { title: `Folder ${i}` })
    if (++count === n) break
    const report = new CostResource(stack, `r${i}`, 'cost_cost_report', {
      title: `Report ${i}`,
      folder_token: folder.token,
    })
    if (++count === n) break
    new CostResource(stack, `a${i}`, 'cost_cost_alert', {
      title: `Alert ${i}`,
      interval: 'day',
      unit_type: 'percentage',
      threshold: 20,
      report_tokens: [report.token],
      workspace_token: 'wrkspc_default',
    })
    ++count
  }
  app.synth()
  const inProcessMs = Math.round((performance.now() - t0) * 10) / 10
  process.stdout.write(
    JSON.stringify({
      peer: 'cdktf-synth',
      workload,
      n,
      inProcessMs,
      peakRssMb: Math.round((process.resourceUsage().maxRSS / 1024) * 10) / 10,
    }) + '\n',
  )
} finally {
  rmSync(outdir, { recursive: true, force: true })
}
