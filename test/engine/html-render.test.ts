/**
 * The HTML plan report as text: self-contained (nothing fetched), display-safe (no secret, no
 * markup from names), and carrying per step what the page shows on click. The browser suite
 * (test/browser) checks what a person sees.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { mock, renderPlan, renderPlanHtml, secret, stack, type Plan } from '#trellis'
import * as cost from '#trellis/cost'
import { CANARIES, mixedPlan } from '../browser/fixtures/plans'

const test = suite('html plan report')

interface PageStep {
  address: string
  action: string
  diff: { path: string; changes?: { path: string }[] }[]
  replaceReasons: string[]
  rules: string[]
  warnings: unknown[]
}
const dataOf = (page: string) =>
  JSON.parse(/<script type="application\/json" id="plan-data">([\s\S]*?)<\/script>/.exec(page)![1]) as {
    steps: PageStep[]
    edges: [number, number][]
    summary: Record<string, number>
  }

let plan: Plan
let page: string
test.before(async () => {
  plan = await mixedPlan(300)
  page = renderPlanHtml(plan)
})

test('one page: inline styles and scripts, a policy that forbids fetching, no address to fetch from', () => {
  assert.match(page, /^<!doctype html>/)
  assert.match(page, /<meta http-equiv="Content-Security-Policy" content="default-src 'none';/)
  assert.not.match(page, /<script[^>]+src=|<link |@import|url\(http/i)
  // the only URL is the SVG namespace, which names and fetches nothing
  const urls = [...page.matchAll(/https?:\/\/[^\s"')]+/g)].map((m) => m[0])
  assert.equal([...new Set(urls)], ['http://www.w3.org/2000/svg'])
  assert.match(page, /\/\* @dagrejs\/dagre \d+\.\d+\.\d+ \(MIT\) \*\//)
  assert.not.match(page, /sourceMappingURL/)
})

test('no secret in the page, yet the changed secrets are there as [secret]', () => {
  for (const c of CANARIES) assert.not.ok(page.includes(c), c)
  const env = dataOf(page).steps.find((s) => s.address === 'hosting:EnvironmentVariable/API_KEY_0')!
  assert.is(env.action, 'update')
  assert.ok(JSON.stringify(env.diff).includes('"before":"[secret]","after":"[secret]"'))
})

test('a step per plan step, edges by index, rows per key, replace reasons and rules', () => {
  const d = dataOf(page)
  assert.equal(
    d.steps.map((s) => s.address),
    plan.steps.map((s) => s.address),
  )
  assert.ok(d.edges.length > 0 && d.edges.every(([a, b]) => d.steps[a] !== undefined && d.steps[b] !== undefined))
  const amortize = d.steps.find((s) => s.address.endsWith('monthly-3'))!
  assert.equal(
    amortize.diff[0].changes!.map((c) => c.path),
    ['settings.amortize'],
  )
  const replaced = d.steps.find((s) => s.address.endsWith('monthly-5'))!
  assert.is(replaced.action, 'replace')
  assert.ok(
    replaced.replaceReasons.some((r) => r.includes('workspaceToken')),
    replaced.replaceReasons.join('; '),
  )
  assert.ok(amortize.rules.length > 0)
})

test('changes to outputs are on the page as the text plan prints them, secrets masked', async () => {
  const books = (title: string, key: string) => {
    const f = cost.folder('finance', { title, workspaceToken: 'wrkspc_default' })
    return stack('books').add(f).export('title', title).export('key', secret(key)).export('token', f.out.token)
  }
  const first = await mock(books('Finance', 'canary-one-7f3a'))()
  if (first._tag === 'Left') throw new Error(JSON.stringify(first.left))
  const second = await mock(books('Money', 'canary-two-9b1c'), { state: first.right.state })()
  if (second._tag === 'Left') throw new Error(JSON.stringify(second.left))
  const html = renderPlanHtml(second.right.plan)
  const text = renderPlan(second.right.plan)
  const shown = /<details id="outputs"><summary>Changes to outputs \((\d+)\)<\/summary><pre>([\s\S]*?)<\/pre>/.exec(
    html,
  )
  assert.ok(shown, 'an outputs section')
  assert.match(shown[2], /title: &quot;Finance&quot; → &quot;Money&quot;/)
  assert.match(text, /title: "Finance" → "Money"/)
  assert.ok(!html.includes('canary-one-7f3a') && !html.includes('canary-two-9b1c'), 'no secret output on the page')
})

test('names are data, never markup: a name closing the script element stays inside the JSON', () => {
  const evil = '</script><script>alert(1)</script><!--'
  const p: Plan = {
    ...plan,
    stack: `<b>${evil}</b>`,
    steps: [{ ...plan.steps[0], name: evil, address: `${plan.steps[0].token}/${evil}` }],
  }
  const html = renderPlanHtml(p)
  assert.not.ok(html.includes(evil))
  assert.is((html.match(/<\/script>/g) ?? []).length, 3)
  assert.is(dataOf(html).steps[0].address, `${plan.steps[0].token}/${evil}`)
})

// how fast it draws is bench/'s `plan-report` scenario, not a timed test
test('1,000 nodes stay under 2 MB, every step in the page', async () => {
  const big = await mixedPlan(1000)
  const html = renderPlanHtml(big)
  assert.ok(html.length < 2_000_000, `${html.length} bytes`)
  assert.is(dataOf(html).steps.length, big.steps.length)
})

test.run()
