/**
 * Peer: the benchmark workload as a CDK for Terraform app, synthesised with `app.synth()` (what a
 * CDKTF user's snapshot test runs). The resources are generic `TerraformResource`s of a provider
 * declared by hand, so no `cdktf get` is needed. Prints one JSON line like bench/scenario.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { App, TerraformProvider, TerraformResource, TerraformStack } from 'cdktf'
import type { Construct } from 'constructs'

const n = Number(process.argv[process.argv.indexOf('--n') + 1] || 10_000)
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

const outdir = mkdtempSync(join(tmpdir(), 'cdktf-bench-'))
try {
  const app = new App({ outdir })
  const stack = new TerraformStack(app, 'bench')
  new CostProvider(stack, 'cost')
  let count = 0
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
      n,
      inProcessMs,
      peakRssMb: Math.round((process.resourceUsage().maxRSS / 1024) * 10) / 10,
    }) + '\n',
  )
} finally {
  rmSync(outdir, { recursive: true, force: true })
}
