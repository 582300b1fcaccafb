/**
 * Types of the built-in tokens: `'cost:CostReport'` → its inputs (a lookup: its arguments) and its
 * outputs, so a test's partial inputs and a policy's reads are checked by the compiler (a misspelt
 * field is a type error). Derived from the registries; only the three provider names are written
 * here, because a provider's name is a plain string there.
 */
import type { ResourceSpec, LookupSpec } from '../core/spec'
import type { ProviderSpec } from '../core/provider'
import type { costProvider, hostingProvider, cloudProvider } from './index'

type ResourceInputs<S> = S extends ResourceSpec<infer I, infer _O> ? I : never
type ResourceOutputs<S> = S extends ResourceSpec<infer _I, infer O> ? O : never
type LookupArgs<S> = S extends LookupSpec<infer A, infer _R> ? A : never

type TokensOf<Name extends string, P> =
  P extends ProviderSpec<infer _C, infer R, infer L>
    ? { readonly [K in keyof R & string as `${Name}:${K}`]: ResourceInputs<R[K]> } & {
        readonly [K in keyof L & string as `${Name}:${K}`]: LookupArgs<L[K]>
      }
    : never

type OutputsByToken<Name extends string, P> =
  P extends ProviderSpec<infer _C, infer R, infer _L>
    ? { readonly [K in keyof R & string as `${Name}:${K}`]: ResourceOutputs<R[K]> }
    : never

/** Every built-in resource and lookup token, with its inputs (a lookup: its arguments). */
export type BuiltInTokens = TokensOf<'cost', typeof costProvider> &
  TokensOf<'hosting', typeof hostingProvider> &
  TokensOf<'cloud', typeof cloudProvider>

type BuiltInOutputs = OutputsByToken<'cost', typeof costProvider> &
  OutputsByToken<'hosting', typeof hostingProvider> &
  OutputsByToken<'cloud', typeof cloudProvider>

/** A token: a built-in one (completed by editors) or any other `provider:Type` string. */
export type Token = keyof BuiltInTokens | (string & {})

/** The inputs a token's nodes take: typed for built-in tokens, a plain record for others. */
export type InputsOfToken<T extends string> = T extends keyof BuiltInTokens
  ? BuiltInTokens[T]
  : Readonly<Record<string, unknown>>

/** The outputs a token's nodes give: typed for built-in resource tokens, a plain record for others. */
export type OutputsOfToken<T extends string> = T extends keyof BuiltInOutputs
  ? BuiltInOutputs[T]
  : Readonly<Record<string, unknown>>
