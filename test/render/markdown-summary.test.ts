/**
 * The pull-request summary (`plan --format markdown`): risky changes first and counted apart,
 * secrets masked, one collapsible diff per resource, under GitHub's comment limit with a note of
 * what was cut — and valid Markdown (parsed here with markdown-it, as a previewer would).
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createRequire } from 'node:module'
import { addressOf } from '#trellis'
import type { FieldChange } from '#trellis/engine'
import type { Action, Plan, Step } from '#trellis'
import { secret } from '#trellis'
import { makeProtector } from '#trellis/engine'
import { registry } from '#trellis'
import { COMMENT_LIMIT, planMarkdown } from '#src/render/markdown-summary'

interface Token {
  readonly type: string
  readonly tag: string
  readonly content: string
}
// markdown-it (no types shipped): only what this test calls
const MarkdownIt = createRequire(import.meta.url)('markdown-it') as new (o?: object) => {
  parse: (src: string, env: object) => Token[]
  render: (src: string) => string
}
const md = new MarkdownIt({ html: true })

const test = suite('render: markdown review summary')

const ACTIONS: ReadonlyArray<Action> = ['create', 'update', 'replace', 'delete', 'forget', 'import', 'noop', 'read']
const SQL = (v: string) =>
  ['SELECT *', 'FROM costs', 'WHERE 1 = 1', `AND provider = '${v}'`, 'AND ```fence```'].join('\n')

const stepOf = (i: number): Step => {
  const action = ACTIONS[i % ACTIONS.length]
  const env = i % 3 === 0
  const token = env ? 'hosting:EnvironmentVariable' : 'cost:CostReport'
  const diff: FieldChange[] = env
    ? [
        {
          path: 'secretValues',
          kind: 'change',
          // the spec's secret path (secretValues.*.value) masks the plain one, the type the other
          before: [{ context: 'all', value: 'plain-before-' + i }],
          after: [{ context: 'all', value: secret('hunter2-' + i) }],
          replaces: false,
        },
      ]
    : [
        {
          path: 'title',
          kind: 'change',
          before: `Report ${i}`,
          after: `Report ${i} <b>`,
          replaces: action === 'replace',
        },
        { path: 'filter', kind: 'change', before: SQL('aws'), after: SQL('gcp'), replaces: false },
      ]
  return {
    address: addressOf({ token, name: `n${i}` }),
    token,
    name: `n${i}`,
    kind: action === 'read' ? 'Lookup' : 'Resource',
    action,
    provider: 'p',
    diff: action === 'noop' || action === 'read' ? [] : diff,
    inputs: {},
    deps: [],
    notes: [],
    ...(action === 'replace' ? { deleteBeforeReplace: i % 2 === 0 } : {}),
  }
}

const planOf = (n: number): Plan => ({
  version: 1,
  stack: 'big',
  lineage: 'l',
  baseSerial: 7,
  warnings: [],
  steps: Array.from({ length: n }, (_, i) => stepOf(i)),
  outputs: [{ path: 'url', kind: 'change', before: 'a', after: 'b', replaces: false }],
})

const headings = (tokens: ReadonlyArray<Token>) =>
  tokens.flatMap((t, i) => (t.type === 'heading_open' && t.tag === 'h4' ? [tokens[i + 1].content] : []))

test('a 300-resource plan with every action: under the limit, valid Markdown, risky changes first, secrets masked', () => {
  const plan = planOf(300)
  const text = planMarkdown(plan, registry)
  assert.ok(text.length < COMMENT_LIMIT, `${text.length} characters`)
  const tokens = md.parse(text, {})
  const n = (a: Action) => plan.steps.filter((s) => s.action === a).length
  assert.equal(headings(tokens), [
    `Deletes (${n('delete')})`,
    `Replacements (${n('replace')})`,
    `Forgotten (the platform keeps them) (${n('forget')})`,
    `Updates (${n('update')})`,
    `Creates (${n('create')})`,
    `Imports (${n('import')})`,
    'Outputs (1)',
  ])
  assert.match(text, `**${n('delete')} to delete, ${n('replace')} to replace** · ${n('update')} to update`)
  for (const s of plan.steps) if (s.diff.length) assert.ok(text.includes(`n${s.name.slice(1)}"`), s.name)
  assert.not.match(text, 'hunter2')
  assert.not.match(text, 'plain-before')
  assert.match(text, '"value":[secret]')
  // the HTML a previewer makes: one <details> per resource with a diff, a value's `<b>` escaped
  const page = md.render(text)
  const withDiff = plan.steps.filter((s) => s.diff.length > 0).length
  assert.is(page.match(/<details>/g)?.length, withDiff)
  assert.is(page.match(/<pre><code class="language-diff">/g)?.length, withDiff + 1)
  assert.not.match(page, '<b>')
  // a value holding ``` does not close its fence: every query's diff keeps that line, inside its block
  const queries = plan.steps.filter((s) => s.diff.some((d) => d.path === 'filter')).length
  assert.is(page.match(/ {4}AND ```fence```\n/g)?.length, queries)
  assert.not.match(text, 'Cut to fit')
})

test('a plan too big for a comment is cut, still valid, and says what it cut', () => {
  const plan = planOf(3000)
  const text = planMarkdown(plan, registry)
  assert.ok(text.length <= COMMENT_LIMIT, `${text.length} characters`)
  assert.match(
    text,
    /Cut to fit a pull-request comment \(60,000 characters\):\*\* \d+ resources shown without their diff, \d+ not listed/,
  )
  const tokens = md.parse(text, {})
  assert.equal(headings(tokens)[0], `Deletes (${plan.steps.filter((s) => s.action === 'delete').length})`)
  // deletes come before creates even when cut: every delete is named
  for (const s of plan.steps.filter((x) => x.action === 'delete')) assert.ok(text.includes(`"${s.name}"`), s.name)
})

test('a protected (state) secret is masked too', () => {
  const plan: Plan = {
    ...planOf(1),
    steps: [
      {
        ...stepOf(3),
        diff: [
          {
            path: 'value',
            kind: 'change',
            before: makeProtector('salt').protect('old-pw'),
            after: 'new',
            replaces: false,
          },
        ],
      },
    ],
  }
  assert.not.match(planMarkdown(plan, registry), 'old-pw')
})

test.run()
