/**
 * The workspaces the API token sees, read before planning (`resolve`) when the program makes a
 * cost report or folder given neither a parent folder nor a workspace, so that one is refused at plan when
 * the platform would refuse it: the API needs `workspace_token` only when the token sees several
 * workspaces (docs/wire/cost.md, the cost report and folder tables). The upstream provider
 * refuses every such object (AtLeastOneOf folder_token / workspace_token); with one workspace
 * the platform's default is unambiguous, so trellis accepts it then (a stricter rule would refuse
 * programs the platform takes); the read is one request, made only for such a program.
 */
import * as E from 'fp-ts/Either'
import type * as TE from 'fp-ts/TaskEither'
import type { PlannedNode } from '../../../core/provider'
import type { Finding } from '../../../core/issue'
import type { RuleContext } from '../../../core/spec'
import { rest, type PlatformClient } from '../../../core/wire'
import type { CostConfig } from '../config'

/** The resolved configuration's key for what was seen (two at most: enough to tell one from several). */
const SEEN = 'workspacesSeen'

const tokensOf = (reply: unknown): string[] => {
  const ws = (reply as { workspaces?: unknown } | null)?.workspaces
  return Array.isArray(ws)
    ? ws.flatMap((w) => (typeof (w as { token?: unknown })?.token === 'string' ? [(w as { token: string }).token] : []))
    : []
}

/** A type made in a workspace and its parent field (with a parent, the workspace is the parent's), as its spec file declares it. */
export interface MadeInWorkspace {
  readonly token: string
  readonly parent: string
}

/** Does the program make an object with neither a parent nor a workspace (nodes unknown: maybe)? */
const needsWorkspace = (
  types: ReadonlyArray<MadeInWorkspace>,
  nodes: ReadonlyArray<PlannedNode> | undefined,
): boolean =>
  nodes === undefined ||
  nodes.some((n) => {
    const t = types.find((x) => x.token === n.token)
    return t !== undefined && n.inputs[t.parent] === undefined && n.inputs.workspaceToken === undefined
  })

/**
 * Read up to two of the token's workspaces into the configuration, when the program makes an
 * object that would need one (no request otherwise). A failed read changes nothing: the rule then
 * cannot tell, and the platform says it at create (preflight checked the token).
 */
export const resolveWorkspaces =
  (types: ReadonlyArray<MadeInWorkspace>) =>
  (config: CostConfig, client: PlatformClient, nodes?: ReadonlyArray<PlannedNode>): TE.TaskEither<string, CostConfig> =>
  () =>
    !needsWorkspace(types, nodes)
      ? Promise.resolve(E.right(config))
      : client
          .call(rest('GET', '/v2/workspaces', { query: { limit: 2 } }))()
          .then((r) => E.right(E.isRight(r) ? ({ ...config, [SEEN]: tokensOf(r.right) } as CostConfig) : config))

/**
 * A plan-time rule for a type made in a workspace: refused when it names neither `parent` nor a
 * workspace and the token sees several workspaces (only a create: the workspace is fixed after).
 */
export const workspaceWhenSeveral =
  (parent: string) =>
  (i: Readonly<Record<string, unknown>>, ctx: RuleContext): Finding[] => {
    if (ctx.prior !== undefined || i[parent] !== undefined || i.workspaceToken !== undefined) return []
    const seen = (ctx.config as Record<string, unknown>)[SEEN]
    if (!Array.isArray(seen) || seen.length < 2) return []
    return [
      {
        path: 'workspaceToken',
        expected: `${parent} or workspaceToken: the API token sees several workspaces (${seen.join(', ')}, …)`,
        given: undefined,
        message: `is needed: with neither ${parent} nor workspaceToken the platform cannot tell which workspace to create it in.`,
      },
    ]
  }
