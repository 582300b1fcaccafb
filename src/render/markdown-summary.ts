/**
 * The plan as a pull-request comment (`trellis plan --format markdown`, `--review`): what deletes
 * or replaces comes first and is counted apart, then updates and creates; each resource's diff
 * folds under a `<details>`; secrets are masked as in the text plan. GitHub takes comments up to
 * 65,536 characters: the summary stays under `limit` (60,000 by default), turning diffs into bare
 * names and then leaving resources out, and says what it cut.
 */
import { labelOf } from '../core/node'
import type { Registry } from '../core/registry'
import type { Plan, Step } from '../engine/plan'
import { displayChanges, showValue, type DisplayChange } from './render'
import { secretsOf } from './step-json'

export const COMMENT_LIMIT = 60_000

interface Group {
  readonly title: string
  readonly symbol: string
  readonly steps: ReadonlyArray<Step>
}

const groupsOf = (plan: Plan): Group[] => {
  const of = (...actions: ReadonlyArray<Step['action']>) => plan.steps.filter((s) => actions.includes(s.action))
  return [
    { title: 'Deletes', symbol: '-', steps: of('delete') },
    { title: 'Replacements', symbol: '-/+', steps: of('replace') },
    { title: 'Forgotten (the platform keeps them)', symbol: '-', steps: of('forget') },
    { title: 'Updates', symbol: '~', steps: of('update') },
    { title: 'Creates', symbol: '+', steps: of('create') },
    { title: 'Imports', symbol: '<=', steps: of('import') },
    { title: 'Moves', symbol: '→', steps: plan.steps.filter((s) => s.action === 'noop' && s.movedFrom !== undefined) },
  ].filter((g) => g.steps.length > 0)
}

const html = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** a fence longer than any run of backticks inside, so a value cannot close it */
const fenced = (lang: string, lines: ReadonlyArray<string>): string => {
  const longest = Math.max(2, ...lines.map((l) => Math.max(0, ...(l.match(/`+/g) ?? []).map((r) => r.length))))
  const fence = '`'.repeat(longest + 1)
  return [fence + lang, ...lines, fence].join('\n')
}

const rowLines = (r: DisplayChange, tag: string): string[] => {
  if (r.kind === 'add') return [`+ ${r.path} = ${showValue(r.after)}${tag}`]
  if (r.kind === 'remove') return [`- ${r.path} = ${showValue(r.before)}${tag}`]
  if (r.lines) return [`! ${r.path}:${tag}`, ...r.lines.map((l) => `${l.op}   ${l.text}`)]
  return [`- ${r.path} = ${showValue(r.before)}${tag}`, `+ ${r.path} = ${showValue(r.after)}`]
}

const diffLines = (s: Step, registry: Registry | undefined): string[] => {
  const secrets = secretsOf(registry, s.token)
  return [
    ...s.diff.flatMap((d) =>
      displayChanges(d, secrets).flatMap((r) =>
        rowLines(r, d.replaces && s.action === 'replace' ? '  # forces replacement' : ''),
      ),
    ),
    ...s.notes.map((n) => `# ${n}`),
  ]
}

const symbolOf = (g: Group, s: Step) => (s.action === 'replace' && !s.deleteBeforeReplace ? '+/-' : g.symbol)
const nameLine = (g: Group, s: Step) =>
  `- \`${symbolOf(g, s)}\` <code>${html(labelOf(s))}</code>${s.movedFrom ? ` (from <code>${html(s.movedFrom)}</code>)` : ''}`

const detailsOf = (g: Group, s: Step, registry: Registry | undefined): string => {
  const lines = diffLines(s, registry)
  if (lines.length === 0) return nameLine(g, s)
  return [
    `<details><summary><code>${html(`${symbolOf(g, s)} ${labelOf(s)}`)}</code></summary>`,
    '',
    fenced('diff', lines),
    '',
    '</details>',
  ].join('\n')
}

const countsLine = (plan: Plan): string => {
  const n = (a: Step['action']) => plan.steps.filter((s) => s.action === a).length
  const risky = `**${n('delete')} to delete, ${n('replace')} to replace**`
  return (
    `${n('delete') + n('replace') > 0 ? '⚠️ ' : ''}${risky} · ${n('update')} to update · ${n('create')} to create` +
    (n('forget') ? ` · ${n('forget')} to forget` : '') +
    (n('import') ? ` · ${n('import')} to import` : '')
  )
}

export interface MarkdownOptions {
  /** most characters of the summary (default 60,000: a GitHub comment holds 65,536) */
  readonly limit?: number
}

interface Entry {
  readonly short: string
  readonly full: string
}

/**
 * Which resources get their diff and which only their name: every name first, in order (deletes
 * before creates), as far as they fit; then diffs, in the same order, while room is left.
 */
const fit = (groups: ReadonlyArray<Group>, budget: number, registry: Registry | undefined) => {
  const blocks: Array<{ heading: string; entries: Entry[] }> = []
  let used = 0
  let left = 0
  for (const g of groups) {
    const heading = `#### ${g.title} (${g.steps.length})`
    const entries: Entry[] = []
    for (const s of g.steps) {
      const short = nameLine(g, s)
      const cost = short.length + 2 + (entries.length === 0 ? heading.length + 2 : 0)
      if (used + cost > budget) left++
      else {
        entries.push({ short, full: detailsOf(g, s, registry) })
        used += cost
      }
    }
    if (entries.length > 0) blocks.push({ heading, entries })
  }
  let bare = 0
  const shown = blocks.map((b) => ({
    heading: b.heading,
    lines: b.entries.map((e) => {
      if (used + e.full.length - e.short.length > budget) return (void bare++, e.short)
      used += e.full.length - e.short.length
      return e.full
    }),
  }))
  return { shown, bare, left, used }
}

/** The plan as Markdown for a pull request, under the limit, saying what it cut. */
export const planMarkdown = (plan: Plan, registry?: Registry, o: MarkdownOptions = {}): string => {
  const limit = o.limit ?? COMMENT_LIMIT
  // blocks apart by a blank line: an HTML block (<details>) ends only there
  const head = [`### trellis plan for stack \`${plan.stack}\` (state serial ${plan.baseSerial})`, countsLine(plan)]
  const outs = (plan.outputs ?? []).flatMap((d) => displayChanges(d, []).flatMap((r) => rowLines(r, '')))
  const outputs = outs.length ? `#### Outputs (${plan.outputs?.length ?? 0})\n\n${fenced('diff', outs)}` : ''
  // room kept for the heading, the outputs and the note of what was cut
  const reserve = head.join('\n\n').length + outputs.length + 400
  const { shown, bare, left } = fit(groupsOf(plan), limit - reserve, registry)
  const parts = [...head, ...shown.flatMap((b) => [b.heading, ...b.lines]), ...(outputs ? [outputs] : [])]
  if (plan.steps.every((s) => s.action === 'noop' || s.action === 'read') && !outs.length)
    parts.push('No changes. The platform matches the stack.')
  if (bare + left > 0)
    parts.push(
      `> **Cut to fit a pull-request comment (${limit.toLocaleString('en-US')} characters):** ` +
        `${bare} resource${bare === 1 ? '' : 's'} shown without ${bare === 1 ? 'its' : 'their'} diff, ` +
        `${left} not listed. Run \`trellis plan\` for the whole plan.`,
    )
  return parts.join('\n\n') + '\n'
}
