/**
 * renderPlanHtml: a plan as one self-contained HTML page — summary counts, the dependency graph
 * coloured by action (laid out by dagre, inlined), zoom, search, and each node's field changes,
 * replace reasons, warnings and rules on click. No network: styles, scripts and data are inline
 * and a Content-Security-Policy forbids fetching anything. The data is the display-safe plan JSON,
 * so a secret is `[secret]` here as everywhere.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Registry } from '../core/registry'
import type { Plan } from '../engine/plan'
import { summary } from '../engine/plan'
import { outputChangeLines, planDisplayJson } from './render'
import { ACTION_STYLE, drawPlan } from './graph-render'
import { REPORT_SCRIPT, REPORT_STYLE } from './html-template'

interface JsonStep {
  readonly address: string
  readonly token: string
  readonly name: string
  readonly kind: string
  readonly action: string
  readonly provider: string
  readonly diff: ReadonlyArray<{ readonly path: string; readonly replaces: boolean }>
  readonly notes: ReadonlyArray<string>
}

let dagre: string | undefined
/** dagre's browser build, read from its package once, its licence kept, its source-map link dropped. */
const dagreSource = (): string => {
  if (dagre !== undefined) return dagre
  // a CommonJS build has no import.meta.url: resolve from the file itself, or from the working directory
  const here =
    (import.meta as { url?: string }).url ??
    (typeof __filename === 'string' ? pathToFileURL(__filename).href : pathToFileURL(join(process.cwd(), '/')).href)
  let dir: string
  try {
    dir = dirname(createRequire(here).resolve('@dagrejs/dagre/package.json'))
  } catch (e) {
    throw new Error(
      `renderPlanHtml: the graph layout library @dagrejs/dagre (a dependency of trellis) cannot be found from ${here}: ${e instanceof Error ? e.message : String(e)}`,
      { cause: e },
    )
  }
  const { version } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }
  const js = readFileSync(join(dir, 'dist', 'dagre.min.js'), 'utf8').replace(/^\/\/# sourceMappingURL=.*$/m, '')
  const legal = readFileSync(join(dir, 'dist', 'dagre.min.js.LEGAL.txt'), 'utf8')
  dagre = `/* @dagrejs/dagre ${version} (MIT) */\n/*${legal.replace(/\*\//g, '* /')}*/\n${js}`
  return dagre
}

// inline script text must not close its element or open a comment
const scriptSafe = (s: string) => s.replace(/<\/(script)/gi, '<\\/$1').replace(/<!--/g, '<\\!--')
const jsonSafe = (s: string) =>
  s
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
const html = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;')

/**
 * A policy's finding as the page shows it beside its node (the shape of the policy module's
 * findings, named here so that rendering needs nothing of the policies themselves).
 */
export interface ReportFinding {
  readonly node: string
  readonly path?: string
  readonly message: string
  readonly policy: string
  readonly enforcement: 'mandatory' | 'advisory'
  readonly status: 'violation' | 'needs-apply-check'
}

/** What the page's script reads: the display-safe steps with their reasons, warnings, findings and rules. */
const reportData = (plan: Plan, registry: Registry | undefined, findings: ReadonlyArray<ReportFinding>) => {
  const json = planDisplayJson(plan, registry) as { readonly steps: ReadonlyArray<JsonStep> }
  const index = new Map(plan.steps.map((s, i) => [s.address, i]))
  return {
    stack: plan.stack,
    baseSerial: plan.baseSerial,
    summary: summary(plan),
    styles: ACTION_STYLE,
    warnings: plan.warnings,
    findings,
    edges: drawPlan(plan).edges.map(([a, b]) => [index.get(a)!, index.get(b)!]),
    steps: json.steps.map((s) => {
      const label = `${s.token} "${s.name}"`
      const spec = registry?.resources.get(s.token) ?? registry?.lookups.get(s.token)
      const forcing = s.diff.filter((d) => d.replaces).map((d) => `${d.path} cannot change in place`)
      return {
        ...s,
        notes: s.notes.filter((n) => !n.startsWith('replace: ')),
        replaceReasons:
          s.action === 'replace'
            ? [
                ...new Set([
                  ...s.notes.filter((n) => n.startsWith('replace: ')).map((n) => n.slice('replace: '.length)),
                  ...forcing,
                ]),
              ]
            : [],
        warnings: plan.warnings.filter((w) => w.node === label),
        findings: findings.filter((f) => f.node === s.address),
        rules: (spec?.rules ?? []).map((r) => r.name),
      }
    }),
  }
}

/** The plan as one HTML page that works from file:// and reaches no network. */
export const renderPlanHtml = (
  plan: Plan,
  registry?: Registry,
  findings: ReadonlyArray<ReportFinding> = [],
): string => {
  const c = summary(plan)
  const chips = (Object.keys(ACTION_STYLE) as Array<keyof typeof ACTION_STYLE>)
    .filter((a) => c[a] > 0)
    .map((a) => {
      const s = ACTION_STYLE[a]
      return `<span class="chip" data-action="${a}" style="background:${s.fill};border-color:${s.stroke};color:${s.text}"><b>${c[a]}</b> ${a === 'noop' ? 'unchanged' : a}</span>`
    })
    .join('')
  const moved = c.moved > 0 ? `<span class="chip" data-action="moved"><b>${c.moved}</b> moved</span>` : ''
  const outs = outputChangeLines(plan)
  const outputs = outs.length
    ? `<details id="outputs"><summary>Changes to outputs (${outs.length})</summary><pre>${html(outs.join('\n'))}</pre></details>`
    : ''
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Plan: ${html(plan.stack)}</title>
<style>${REPORT_STYLE}</style>
</head>
<body>
<header>
  <h1>Plan for stack ${html(plan.stack)}</h1>
  <span class="meta">from state serial ${plan.baseSerial} · ${plan.steps.length} nodes</span>
  <div id="summary">${chips + moved || '<span class="chip">no nodes</span>'}</div>
  ${outputs}
  <div class="toolbar">
    <div class="search"><input id="search" type="search" placeholder="Search nodes (name, type, action)" autocomplete="off"><ul id="results"></ul></div>
    <span id="match-count" class="meta"></span>
    <label title="unchanged resources and lookups"><input id="show-unchanged" type="checkbox"> show <span id="unchanged-count">0</span> unchanged</label>
    <button id="zoom-in" title="zoom in">+</button><button id="zoom-out" title="zoom out">−</button><button id="zoom-fit">fit</button><button id="zoom-reset">1:1</button>
  </div>
</header>
<main>
  <div id="canvas">
    <svg id="graph" xmlns="http://www.w3.org/2000/svg"><defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#9ca3af"/></marker></defs><g id="viewport"></g></svg>
    <div id="empty" style="display:none">Nothing to draw: every node is unchanged (tick “show unchanged”).</div>
    <div id="hint">drag to pan · wheel to zoom · click a node for its changes</div>
  </div>
  <aside id="detail"></aside>
</main>
<script type="application/json" id="plan-data">${jsonSafe(JSON.stringify(reportData(plan, registry, findings)))}</script>
<script>${scriptSafe(dagreSource())}</script>
<script>${scriptSafe(REPORT_SCRIPT)}</script>
</body>
</html>
`
}
