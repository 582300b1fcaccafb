/**
 * render: one namespace for every way trellis shows a plan — `text` (what `trellis plan` prints),
 * `json` (the versioned plan document), `html` (one self-contained page), `mermaid` and `dot` (the
 * steps and their order as a diagram). Secrets show as [secret], at the built-in providers' secret
 * paths too; pass your registry for your own providers'.
 */
import type { Registry } from '../core/registry'
import type { Plan } from '../engine/plan'
import { registry as builtIn } from '../providers'
import { renderPlan, type RenderOptions } from '../render/render'
import { planToJson, type PlanDocument } from '../render/plan-document'
import { renderPlanHtml } from '../render/html-report'
import { planToDot, planToMermaid } from '../render/graph-render'

/** The plan renderers, each a function of the plan (and, for those that show values, the registry). */
export const render: {
  /** the plan as text for humans; `all` shows unchanged nodes too, `colour` paints the actions */
  readonly text: (plan: Plan, registry?: Registry, options?: RenderOptions) => string
  /** the versioned plan document (`trellis plan --json`'s) */
  readonly json: (plan: Plan, registry?: Registry) => PlanDocument
  /** one self-contained HTML page: the graph by action, zoom, search, each node's changes */
  readonly html: (plan: Plan, registry?: Registry) => string
  /** the steps and their order as a Mermaid diagram */
  readonly mermaid: (plan: Plan) => string
  /** the steps and their order in Graphviz dot */
  readonly dot: (plan: Plan) => string
} = {
  text: (plan: Plan, registry: Registry = builtIn, options: RenderOptions = {}) => renderPlan(plan, registry, options),
  json: (plan: Plan, registry: Registry = builtIn) => planToJson(plan, registry),
  html: (plan: Plan, registry: Registry = builtIn) => renderPlanHtml(plan, registry),
  mermaid: planToMermaid,
  dot: planToDot,
}
