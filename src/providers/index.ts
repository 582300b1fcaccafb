/**
 * Every built-in provider, and the registry the engine uses by default.
 */
import { makeRegistry } from '../core/registry'
import { costProvider } from './cost'
import { hostingProvider } from './hosting'
import { cloudProvider } from './cloud'

/** The built-in providers: cost, hosting and cloud. */
export const providers = [costProvider, hostingProvider, cloudProvider] as const

/** The registry of the built-in providers (cost, hosting, cloud): what the engine uses by default. */
export const registry = makeRegistry(providers)

export { costProvider, hostingProvider, cloudProvider }
