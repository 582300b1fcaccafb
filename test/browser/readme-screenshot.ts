/**
 * Makes the README's picture of the HTML plan report: a small FinOps stack applied on the mock
 * interpreter, then changed (every action, a nested change, a secret), reported with
 * renderPlanHtml and photographed in headless Chromium with one node clicked.
 * Run: `npx tsx test/browser/readme-screenshot.ts` (writes docs/plan-report.png).
 */
import { isLeft } from 'fp-ts/Either'
import { mkdirSync, writeFileSync } from 'node:fs'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { mock, stack, secret, renderPlanHtml } from '#trellis'
import { cost } from '#trellis/cost'
import { hosting } from '#trellis/hosting'
import { CHROMIUM, launch } from './chromium'

const TEAMS = ['finance', 'platform', 'data']
const KINDS = ['monthly', 'weekly', 'ec2', 'storage']

const build = (changed: boolean) => {
  const ws = cost.getWorkspaces('all')
  const workspace = ws.out.workspaces.map((w) => w[0].token)
  const folders = TEAMS.map((t) => cost.folder(t, { title: t }).workspaceToken(workspace))
  const reports = folders.flatMap((f, fi) =>
    KINDS.map((k, ki) => {
      const r = cost
        .costReport(`${TEAMS[fi]}-${k}`, { title: `${k} costs`, filter: "costs.provider = 'aws'" })
        .folderToken(f.out.token)
        .settings({ amortize: true, includeCredits: false, includeDiscounts: true })
      if (!changed) return r
      switch ((fi * KINDS.length + ki) % 6) {
        case 0:
          return r.settings({ amortize: false, includeCredits: false, includeDiscounts: true })
        case 1:
          return r.filter("costs.provider = 'gcp'")
        case 2:
          return r.workspaceToken('wrkspc_other')
        case 3:
          return undefined
        default:
          return r
      }
    }),
  )
  const added = changed
    ? [
        cost.costReport('platform-k8s', { title: 'k8s' }).folderToken(folders[1].out.token),
        cost.costReport('data-warehouse', { title: 'warehouse' }).folderToken(folders[2].out.token),
      ]
    : []
  const password = hosting.environmentVariable('DB_PASSWORD', {
    key: 'DB_PASSWORD',
    teamId: '5f1a2b3c4d5e6f7a8b9c0d1e',
    scopes: ['builds', 'functions', 'runtime'],
    secretValues: [{ context: 'production', value: secret(changed ? 'new-password' : 'old-password') }],
  })
  return stack('acme-finops').add(ws, ...folders, ...reports.filter((r) => r !== undefined), ...added, password)
}

const first = await mock(build(false))()
if (isLeft(first)) throw new Error(JSON.stringify(first.left))
const second = await mock(build(true), { state: first.right.state })()
if (isLeft(second)) throw new Error(JSON.stringify(second.left))

const artifacts = fileURLToPath(new URL('../artifacts/', import.meta.url))
mkdirSync(artifacts, { recursive: true })
const page = `${artifacts}readme-plan-report.html`
writeFileSync(page, renderPlanHtml(second.right.plan))
const browser = await launch(CHROMIUM)
try {
  const tab = await browser.context.newPage()
  await tab.setViewportSize({ width: 1400, height: 760 })
  await tab.goto(pathToFileURL(page).href)
  await tab.waitForSelector('body[data-ready=true]')
  await tab.click('g.node[data-address="cost:CostReport/platform-ec2"]')
  await tab.screenshot({ path: fileURLToPath(new URL('../../docs/plan-report.png', import.meta.url)) })
} finally {
  await browser.close()
}
