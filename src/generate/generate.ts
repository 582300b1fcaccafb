/**
 * generate: discover, then write the program that adopts what was found — the engine operation
 * behind `trellis generate` and `workspace().generate`. It writes nothing to state: the next
 * reviewed plan of the program imports each object, and its apply adopts them.
 */
import * as E from 'fp-ts/Either'
import type { ReaderTaskEither } from 'fp-ts/ReaderTaskEither'
import { stackNameProblem } from '../core/names'
import type { Env } from '../engine/env'
import type { EngineError } from '../engine/operations'
import { discover } from '../discover/discover'
import type { Discovered, DiscoverSelection } from '../discover/discovered'
import { generateSource } from './generate-source'
import { outsideLookups } from './outside-lookups'

/** What to generate: the discovery selection and the stack the program declares. */
export interface GenerateRequest extends DiscoverSelection {
  /** the stack the program declares */
  readonly stack: string
}

/** What `generate` found and the program it wrote for it. */
export interface Generated extends Discovered {
  /** the program's TypeScript source (unformatted: the edge formats it with the project's prettier) */
  readonly source: string
}

/**
 * Discover, then the program that adopts what was found (nothing written to state).
 * @example
 * const g = await generate({ stack: 'legacy', providers: ['hosting'] })(emulatedEnv())()
 */
export const generate =
  (req: GenerateRequest): ReaderTaskEither<Env, EngineError, Generated> =>
  (env) =>
  async () => {
    const bad = stackNameProblem(req.stack)
    if (bad)
      return E.left({
        _tag: 'CompileError',
        issues: [
          {
            severity: 'error',
            node: 'generate',
            path: 'stack',
            expected: 'a stack name',
            given: req.stack,
            message: bad,
          },
        ],
      })
    const found = await discover(req)(env)()
    if (E.isLeft(found)) return found
    // what the objects refer to outside the selection is read by lookups (each read once, here)
    const outside = await outsideLookups(env, found.right.objects)
    const source = generateSource(env.registry, found.right.objects, { stack: req.stack, outside })
    return E.right({ ...found.right, source })
  }
