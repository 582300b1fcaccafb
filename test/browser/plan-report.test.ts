/**
 * The HTML plan report in a real browser (headless Chromium): the quickstart's plan, made by
 * `trellis plan --html`, and a 1,000-node plan with every action. A node per step, each coloured
 * by its action, a click shows the field diff, no secret in the page, nothing fetched; a
 * screenshot of each lands in test/artifacts/ for a person to look at.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { BrowserContext, Page } from 'playwright-core'
import { render, renderPlanHtml, type Action, type Plan } from '#trellis'
import { runOnEmulators } from '#trellis/testing'
import quickstart from '../../examples/quickstart'
import { main, EXIT } from '#src/cli/main'
import { CANARIES, mixedPlan } from './fixtures/plans'
import { decideBrowser, launch } from './chromium'

const test = suite('plan report in a browser')
const decision = decideBrowser(process.env)
const ARTIFACTS = fileURLToPath(new URL('../artifacts/', import.meta.url))

const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`

/** the fill of each action, as the renderers declare it in a plan's Mermaid diagram (`classDef create fill:#…`) */
const fillsOf = (plan: Plan): Readonly<Partial<Record<Action, string>>> =>
  Object.fromEntries(
    [...render.mermaid(plan).matchAll(/classDef (\w+) fill:(#[0-9a-fA-F]{6})/g)].map((m) => [m[1], m[2]]),
  )
const fillOf = (fills: ReturnType<typeof fillsOf>, a: Action): string => {
  const f = fills[a]
  if (f === undefined) throw new Error(`no fill declared for ${a}`)
  return f
}

interface Drawn {
  readonly address: string
  readonly action: Action
  readonly context: boolean
  readonly fill: string
}
const drawn = (page: Page): Promise<Drawn[]> =>
  page.$$eval('g.node', (gs) =>
    gs.map((g) => ({
      address: g.getAttribute('data-address')!,
      action: g.getAttribute('data-action') as Drawn['action'],
      context: g.classList.contains('context'),
      fill: getComputedStyle(g.querySelector('.shape')!).fill,
    })),
  )

/** open a report the way a person would: from a file, waiting for the script to have drawn it */
const open = async (page: Page, file: string) => {
  const t = performance.now()
  await page.goto(pathToFileURL(file).href)
  await page.waitForSelector('body[data-ready=true]', { timeout: 20_000 })
  return performance.now() - t
}

/** find a node with the search box (Enter centres it), click it, and return the detail panel's text */
const clickNode = async (page: Page, query: string, address: string) => {
  await page.fill('#search', query)
  await page.press('#search', 'Enter')
  await page.click(`g.node[data-address="${address}"]`)
  return (await page.textContent('#detail')) ?? ''
}

if (decision.kind === 'skip') {
  console.log(`plan report browser suite: NOT RUN: ${decision.why}`)
  test.skip(`the HTML report in Chromium (not run: ${decision.why})`, () => undefined)
} else if (decision.kind === 'required') {
  test('Chromium is there to test the HTML report (required under CI or TRELLIS_REQUIRE_BROWSER)', () => {
    assert.unreachable(`the browser suite cannot run: ${decision.why}`)
  })
} else {
  let browser: { context: BrowserContext; close: () => Promise<void> }
  let page: Page
  const outside: string[] = []
  const errors: string[] = []
  const dir = mkdtempSync(join(tmpdir(), 'trellis-report-'))

  test.before(async () => {
    mkdirSync(ARTIFACTS, { recursive: true })
    browser = await launch(decision.path)
    // the report must need nothing but its own file
    await browser.context.route('**/*', (route) => {
      const url = route.request().url()
      if (url.startsWith('file:')) return route.continue()
      outside.push(url)
      return route.abort()
    })
    page = await browser.context.newPage()
    page.on('pageerror', (e) => errors.push(e.message))
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text())
    })
  })
  test.after(async () => {
    await browser?.close()
  })

  test('the quickstart plan (trellis plan --html): a node per step, coloured by action; a click shows the diff', async () => {
    const file = join(ARTIFACTS, 'plan-report-quickstart.html')
    const code = await main(
      ['plan', 'examples/quickstart.ts', '--emulate', '--state-dir', join(dir, 'state'), '--html', file],
      { line: () => undefined, err: () => undefined, colour: false },
    )
    assert.is(code, EXIT.ok)
    const ms = await open(page, file)
    const nodes = await drawn(page)
    // 6 creates and the 2 lookups they read from (shown faded, as context)
    assert.is(nodes.length, 8)
    assert.equal(
      nodes.filter((n) => n.action === 'read').map((n) => n.context),
      [true, true],
    )
    // the same program's plan on the emulators, for the fills its actions are declared with
    const fills = fillsOf((await runOnEmulators(quickstart)).plan)
    for (const n of nodes) assert.is(n.fill, rgb(fillOf(fills, n.action)), n.address)
    const detail = await clickNode(page, 'monthly"', 'cost:CostReport/monthly')
    assert.ok(detail.includes('cost:CostReport "monthly"'), detail)
    assert.ok(detail.includes('+title = "Monthly AWS"'), detail)
    assert.ok(detail.includes('+settings = {"amortize":true,"includeCredits":false}'), detail)
    assert.ok(detail.includes('+folderToken = (known after apply)'), detail)
    await page.screenshot({ path: join(ARTIFACTS, 'plan-report-quickstart.png') })
    console.log(`  quickstart report drawn in ${ms.toFixed(0)} ms`)
  })

  test('a 1,000-node plan: changes drawn, unchanged collapsed; every action coloured; diffs, reasons and secrets', async () => {
    const plan: Plan = await mixedPlan(1000)
    const file = join(ARTIFACTS, 'plan-report-1000.html')
    writeFileSync(file, renderPlanHtml(plan))
    const ms = await open(page, file)
    const first = await drawn(page)
    const changed = plan.steps.filter((s) => s.action !== 'noop' && s.action !== 'read')
    // every change is drawn in full; unchanged nodes only as faded context next to a change
    assert.equal(
      first
        .filter((n) => !n.context)
        .map((n) => n.address)
        .sort(),
      changed.map((s) => s.address).sort(),
    )
    assert.ok(first.filter((n) => n.context).every((n) => n.action === 'noop' || n.action === 'read'))
    assert.ok(first.length < plan.steps.length)
    const actions = new Set(first.map((n) => n.action))
    for (const a of ['create', 'update', 'replace', 'delete', 'noop'] as const) assert.ok(actions.has(a), a)
    const fills = fillsOf(plan)
    for (const n of first) assert.is(n.fill, rgb(fillOf(fills, n.action)), n.address)

    const nested = await clickNode(page, 'monthly-3"', 'cost:CostReport/team-with-a-long-shared-prefix-monthly-3')
    assert.ok(nested.includes('~settings.amortize: true → false'), nested)
    // the settings the platform fills in when left out count as held (the spec's platformDefaults)
    assert.ok(nested.includes('7 unchanged in settings'), nested)
    const replaced = await clickNode(page, 'monthly-5"', 'cost:CostReport/team-with-a-long-shared-prefix-monthly-5')
    assert.match((await page.textContent('#replace-reasons')) ?? '', /workspaceToken cannot change in place/)
    assert.ok(replaced.includes('+workspaceToken = "wrkspc_other"forces replacement'), replaced)
    // the replacement's order in its symbol, as the text plan prints it: create first is +/-
    const step = plan.steps.find((x) => x.address === 'cost:CostReport/team-with-a-long-shared-prefix-monthly-5')!
    const drawnName = await page.textContent(
      'g.node[data-address="cost:CostReport/team-with-a-long-shared-prefix-monthly-5"] .nm',
    )
    assert.ok(drawnName?.startsWith(step.deleteBeforeReplace ? '-/+ ' : '+/- '), `${drawnName}`)
    const secret = await clickNode(page, 'API_KEY_0"', 'hosting:EnvironmentVariable/API_KEY_0')
    assert.ok(secret.includes('~secretValues[0].value: [secret] → [secret]'), secret)
    const filter = await clickNode(page, 'monthly-2"', 'cost:CostReport/team-with-a-long-shared-prefix-monthly-2')
    assert.match(filter, /- costs\.provider = 'aws' AND.*\+ costs\.provider = 'gcp' AND/)
    await page.fill('#search', '')
    await page.dispatchEvent('#search', 'input')
    await page.click('#zoom-out')
    await page.screenshot({ path: join(ARTIFACTS, 'plan-report-1000.png') })

    const source = (await page.content()) + readFileSync(file, 'utf8')
    for (const c of CANARIES) assert.not.ok(source.includes(c), `secret ${c} in the page`)

    // the unchanged nodes, on request: then a node per step, once each
    await page.check('#show-unchanged')
    const all = await drawn(page)
    assert.is(all.length, plan.steps.length)
    assert.is(new Set(all.map((n) => n.address)).size, plan.steps.length)
    console.log(
      `  ${plan.steps.length}-node report drawn in ${ms.toFixed(0)} ms (${first.length} nodes shown at first)`,
    )
  })

  test('a saved plan (trellis plan --out, then show FILE --html) gives the same page', async () => {
    const cli = (...argv: string[]) => main(argv, { line: () => undefined, err: () => undefined, colour: false })
    const saved = join(dir, 'saved-plan.json')
    const state = join(dir, 'state-saved')
    assert.is(await cli('plan', 'examples/quickstart.ts', '--emulate', '--state-dir', state, '--out', saved), EXIT.ok)
    const file = join(ARTIFACTS, 'plan-report-saved.html')
    assert.is(await cli('show', saved, '--html', file), EXIT.ok)
    await open(page, file)
    const nodes = await drawn(page)
    assert.equal(nodes.map((n) => `${n.action} ${n.address}`).sort(), [
      'create cloud:ApiGatewayApi/list-orders',
      'create cloud:ApiGatewayService/orders',
      'create cost:CostReport/monthly',
      'create cost:Folder/finance',
      'create hosting:DnsRecord/www',
      'create hosting:DnsZone/acme',
      'read cost:getWorkspaces/all',
      'read hosting:getTeam/team',
    ])
    const detail = await clickNode(page, 'monthly"', 'cost:CostReport/monthly')
    assert.ok(detail.includes('+title = "Monthly AWS"'), detail)
  })

  test('nothing was fetched and nothing failed on the pages', () => {
    assert.equal(outside, [])
    assert.equal(errors, [])
  })
}

test.run()
