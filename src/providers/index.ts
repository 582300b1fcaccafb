/**
 * Every built-in provider, and the registry the engine uses by default.
 */
import { makeRegistry } from '../core/registry'
import { costProvider } from './cost'
import { hostingProvider } from './hosting'
import { cloudProvider } from './cloud'

export const providers = [costProvider, hostingProvider, cloudProvider] as const

export const registry = makeRegistry(providers)

export { costProvider, hostingProvider, cloudProvider }
