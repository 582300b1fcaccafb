/**
 * platformClients: the default ClientFactory of the built-in providers (or of `registry`): each
 * provider's `client` recipe over one transport (clients/platforms.ts reads the recipes).
 */
import type { ClientFactory } from '../core/provider'
import { registry as builtIn } from '../providers'
import { registryClients, type PlatformClientsOptions } from '../../clients/platforms'

export type { PlatformClientsOptions }

/** The factory of `opts.registry`'s providers, by default the built-in ones. */
export const platformClients = (
  opts: Omit<PlatformClientsOptions, 'registry'> & Partial<Pick<PlatformClientsOptions, 'registry'>>,
): ClientFactory => registryClients({ ...opts, registry: opts.registry ?? builtIn })
