/** The Env of one workspace call: the workspace's, with the call's own event listener beside its own. */
import type { Env } from '../engine/env'
import type { StateStore } from '../state/state-store'
import type { LazyWiring } from './lazy-wiring'
import { wiredEnv } from './wired-env'
import type { RunOptions, WorkspaceOptions } from './workspace'

export type EnvFor = (o?: RunOptions) => Promise<Env>

export const envForRuns =
  (opts: WorkspaceOptions, wiring: LazyWiring, store: StateStore): EnvFor =>
  async (o = {}) => {
    const base = wiredEnv(opts, await wiring.ready(), store)
    const each = o.onEvent
    if (!each) return base
    return { ...base, events: (e) => (base.events(e), each(e)) }
  }
