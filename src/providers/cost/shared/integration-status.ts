/**
 * The status of an integration (custom providers and the integration lookups). The platform names
 * six values; transitions and any further values are not documented, so an unknown value is kept
 * as it is rather than failing a read — `isKnownIntegrationStatus` tells the two apart.
 */
import * as t from 'io-ts'
import { based } from '../../../core/codecs'

export const INTEGRATION_STATUSES = ['connected', 'pending', 'importing', 'imported', 'error', 'disconnected'] as const
export type KnownIntegrationStatus = (typeof INTEGRATION_STATUSES)[number]

export const isKnownIntegrationStatus = (s: string): s is KnownIntegrationStatus =>
  (INTEGRATION_STATUSES as ReadonlyArray<string>).includes(s)

/** `"connected" | … | "disconnected"`, or any other status text the platform may add. */
export const IntegrationStatus = based(
  new t.Type<KnownIntegrationStatus | (string & {}), string, unknown>(
    `${INTEGRATION_STATUSES.map((s) => JSON.stringify(s)).join(' | ')} (or another status text)`,
    (u): u is string => typeof u === 'string',
    (u, c) => (typeof u === 'string' ? t.success(u) : t.failure(u, c)),
    t.identity,
  ),
  'string',
)
