/**
 * revealOutputs: a stack's recorded outputs with their secrets in plain text, asked for on purpose
 * (`outputs --show-secrets`, `workspace().outputs(name, { showSecrets: true })`). Only secrets
 * encrypted with a passphrase can be read back; without one state keeps a digest, and the answer
 * says how to keep them readable.
 */
import { left, right, type Either } from 'fp-ts/Either'
import { isProtected, makeProtector, type ProtectedSecret, type Protector } from '../core/protector'
import { reveal } from '../core/secret'
import { passphraseProblem } from './protect'
import type { State } from './state'

/** Every protected secret in a value. */
const protectedIn = (u: unknown, acc: ProtectedSecret[] = []): ProtectedSecret[] => {
  if (isProtected(u)) acc.push(u)
  else if (Array.isArray(u)) for (const x of u) protectedIn(x, acc)
  else if (typeof u === 'object' && u !== null) for (const x of Object.values(u)) protectedIn(x, acc)
  return acc
}

const opened = (u: unknown, p: Protector): unknown => {
  if (isProtected(u)) {
    const s = p.unprotect(u)
    return s === undefined ? u : reveal(s)
  }
  if (Array.isArray(u)) return u.map((x) => opened(x, p))
  if (typeof u === 'object' && u !== null)
    return Object.fromEntries(Object.entries(u).map(([k, x]) => [k, opened(x, p)]))
  return u
}

/** The outputs in plain text, or why they cannot be (what to set). */
export const revealOutputs = (
  state: State,
  passphrase: string | undefined,
): Either<string, Readonly<Record<string, unknown>>> => {
  const secrets = protectedIn(state.outputs)
  if (secrets.length === 0) return right(state.outputs)
  if (secrets.some((s) => s.enc === undefined))
    return left(
      `the secret outputs of stack ${state.stack} were recorded without a passphrase: state keeps only a digest ` +
        'of each, so there is nothing to reveal. Set TRELLIS_PASSPHRASE (or the workspace passphrase) and apply ' +
        'again to keep them encrypted and readable',
    )
  const problem = passphraseProblem({ ...state, resources: {}, pending: {} }, passphrase)
  if (problem) return left(problem)
  return right(opened(state.outputs, makeProtector(state.salt, passphrase)) as Record<string, unknown>)
}
