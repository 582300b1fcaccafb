/**
 * Protector: how a secret is kept at rest. With a passphrase, encrypted (AES-256-GCM, key from
 * scrypt(passphrase, salt)) plus a keyed digest; without one, only the keyed digest — enough to
 * detect a changed secret, never enough to read it. State (src/state/protect.ts) and the
 * emulators' data file both keep secrets this way.
 */
import { createCipheriv, createDecipheriv, createHmac, createSecretKey, randomBytes, scryptSync } from 'node:crypto'
import { secret, type Secret } from './secret'
import { memo } from './memo'

/** A secret as the state keeps it: a keyed digest, and with a passphrase its value encrypted. */
export interface ProtectedSecret {
  readonly _tag: 'Secret'
  readonly digest: string
  /** base64(iv | tag | ciphertext), present when a passphrase was given */
  readonly enc?: string
}

/** Seals secrets for the state and opens them again (what a store is given by its salt and passphrase). */
export interface Protector {
  readonly digest: (value: unknown) => string
  readonly protect: (value: unknown) => ProtectedSecret
  /** the plain value of a protected secret, when it was encrypted and the key is known */
  readonly unprotect: (p: ProtectedSecret) => Secret<unknown> | undefined
}

/** Is this a secret as the state keeps it (a ProtectedSecret)? */
export const isProtected = (u: unknown): u is ProtectedSecret =>
  typeof u === 'object' &&
  u !== null &&
  (u as { _tag?: unknown })._tag === 'Secret' &&
  typeof (u as { digest?: unknown }).digest === 'string'

/**
 * The protector of a state: keyed by its salt, encrypting with a key from the passphrase when there is one
 * (else keeping only the digest, enough to see a changed secret, never to read it).
 */
export const makeProtector = (salt: string, passphrase?: string): Protector => {
  const key = passphrase ? scryptSync(passphrase, salt, 32) : undefined
  // a key object made once: createHmac given bytes imports them again for every digest (~1/3 of its cost)
  const hmacKey = createSecretKey(key ?? Buffer.from(salt, 'utf8'))
  // a run protects the same secret several times (what is sent, what is recorded, each plan):
  // one HMAC per distinct value, remembered by the protector (an operation's, or an emulator's:
  // bounded, so a long-lived one does not grow without end)
  const hmacOf = memo((text: string) => createHmac('sha256', hmacKey).update(text).digest('base64url'))
  const digest = (value: unknown) => hmacOf(JSON.stringify(value))
  return {
    digest,
    protect: (value) => {
      const d = digest(value)
      if (!key) return { _tag: 'Secret', digest: d }
      const iv = randomBytes(12)
      const c = createCipheriv('aes-256-gcm', key, iv)
      const ct = Buffer.concat([c.update(JSON.stringify(value), 'utf8'), c.final()])
      return { _tag: 'Secret', digest: d, enc: Buffer.concat([iv, c.getAuthTag(), ct]).toString('base64') }
    },
    unprotect: (p) => {
      if (!key || !p.enc) return undefined
      const b = Buffer.from(p.enc, 'base64')
      const d = createDecipheriv('aes-256-gcm', key, b.subarray(0, 12))
      d.setAuthTag(b.subarray(12, 28))
      try {
        return secret(JSON.parse(Buffer.concat([d.update(b.subarray(28)), d.final()]).toString('utf8')))
      } catch {
        return undefined
      }
    },
  }
}

export const newSalt = (): string => randomBytes(16).toString('base64url')
