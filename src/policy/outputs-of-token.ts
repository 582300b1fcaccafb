/**
 * The outputs a token's nodes give: typed for built-in resource tokens, a plain record otherwise.
 * Derived from the registries as the testing kit's InputsOfToken is.
 */
import type { ResourceSpec } from '../core/spec'
import type { ProviderSpec } from '../core/provider'
import type { costProvider, hostingProvider, cloudProvider } from '../providers'

type OutputsOf<S> = S extends ResourceSpec<infer _I, infer O> ? O : never

type OutputsByToken<Name extends string, P> =
  P extends ProviderSpec<infer _C, infer R, infer _L>
    ? { readonly [K in keyof R & string as `${Name}:${K}`]: OutputsOf<R[K]> }
    : never

type BuiltInOutputs = OutputsByToken<'cost', typeof costProvider> &
  OutputsByToken<'hosting', typeof hostingProvider> &
  OutputsByToken<'cloud', typeof cloudProvider>

/** The outputs a token's nodes give: typed for built-in resource tokens, a plain record for others. */
export type OutputsOfToken<T extends string> = T extends keyof BuiltInOutputs
  ? BuiltInOutputs[T]
  : Readonly<Record<string, unknown>>
