/**
 * Wiring: what workspace() needs from the world to reach platforms — the Handler that performs
 * steps, and a preflight check of one provider instance's credentials run before anything is
 * planned or changed.
 */
import type { Handler } from '../engine/handler'
import type { TrellisIssue } from './trellis-error'

export interface Wiring {
  readonly handler: Handler
  /**
   * Check one provider instance (decoded configuration, env fallbacks applied) can authenticate:
   * issues when it cannot. Cloud instances resolve their credential chain here, including the
   * allowedAccountIds/forbiddenAccountIds check.
   */
  readonly preflight: (
    provider: string,
    instance: string,
    config: Readonly<Record<string, unknown>>,
  ) => Promise<ReadonlyArray<TrellisIssue>>
}
