/**
 * A recipe's credential chain over one provider's transport and environment, its code loaded when
 * a configuration's keys are first asked for (KeyChainFacts.load): a run that never needs the chain
 * never loads it. Code that fails to load, or a maker that throws, answers each ask with an error
 * naming the provider (errors as values: a request fails, the run does not reject).
 */
import * as TE from 'fp-ts/TaskEither'
import { pipe } from 'fp-ts/function'
import type { ChainIo, KeyChainFacts, KeySource } from '../core/client-recipe'
import { platformError } from '../core/wire'

type Config = Readonly<Record<string, unknown>>

const reason = (e: unknown): string => (e instanceof Error ? e.message : String(e))

export const loadedChain = (
  provider: string,
  facts: KeyChainFacts<Config>,
  io: ChainIo,
): ((config: Config) => KeySource) => {
  let chain: Promise<(config: Config) => KeySource> | undefined
  const made = () => (chain ??= facts.load().then((make) => make(io)))
  return (config) => {
    // one source per configuration, as the maker made it (its temporary keys cached in it)
    let source: Promise<KeySource> | undefined
    const failed = (e: unknown) =>
      platformError(
        'Invalid',
        `${provider} credentials`,
        `the ${provider} credential chain failed to load: ${reason(e)}`,
      )
    return () =>
      pipe(
        TE.tryCatch(() => (source ??= made().then((c) => c(config))), failed),
        TE.chain((keys) => keys()),
      )
  }
}
