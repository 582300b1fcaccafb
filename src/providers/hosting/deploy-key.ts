/**
 * hosting:DeployKey — a deploy key for a Git repository. It has no inputs; the platform makes the
 * key pair and returns the public half. From docs/wire/hosting.md: there is no update, and the
 * platform's docs advise letting site setup create deploy keys rather than making them directly.
 * A key is never changed, so its `lastUpdated` is when it was made. Every key looks alike: a create
 * whose reply was lost adopts a key that no state resource owns and that was made within
 * RECENT_KEY_MS (the lost create's own, made moments before); an older stray key is never taken.
 * Limit: a key another tool made in that window, and that no state of this stack owns, could be
 * taken for ours.
 */
import * as t from 'io-ts'
import * as E from 'fp-ts/Either'
import { pipe } from 'fp-ts/function'
import { defineResource } from '../../core/spec'
import { byToken, observe } from '../../core/observe'
import { rest } from '../../core/wire'
import { apiPath, stamp, str, withId } from './shared/wire'

export const DeployKeyInputs = t.exact(t.type({}), 'DeployKeyInputs')
export type DeployKeyInputs = t.TypeOf<typeof DeployKeyInputs>

export const DeployKeyOutputs = t.exact(
  t.type({
    /** The public key to add to the repository host (the private key stays with the platform). */
    publicKey: t.string,
    /** Last change time (UTC ISO 8601): the platform's updated_at when it sends one, else when trellis read its reply. */
    lastUpdated: t.string,
  }),
  'DeployKeyOutputs',
)
export type DeployKeyOutputs = t.TypeOf<typeof DeployKeyOutputs>

/** How recent a key must be to be taken for the one a lost create made. */
export const RECENT_KEY_MS = 10 * 60 * 1000

const madeRecently = (lastUpdated: unknown, now = Date.now()): boolean => {
  const at = typeof lastUpdated === 'string' ? Date.parse(lastUpdated) : NaN
  return Number.isFinite(at) && at <= now + 60_000 && now - at <= RECENT_KEY_MS
}

export const DeployKey = defineResource({
  token: 'hosting:DeployKey',
  doc: 'A Git repository deploy key made by the platform; outputs its publicKey. It has no inputs and no update. Import by key id.',
  inputs: DeployKeyInputs,
  outputs: DeployKeyOutputs,
  identity: byToken('deploy key id'),
  replaceOn: [],
  secrets: [],
  rules: [],
  wire: {
    create: () => rest('POST', apiPath`/deploy_keys`),
    read: (id) => rest('GET', apiPath`/deploy_keys/${id}`),
    delete: (id) => rest('DELETE', apiPath`/deploy_keys/${id}`),
    decode: (reply) =>
      pipe(
        withId(reply, 'a deploy key'),
        // a key is never updated: when it was made is when it last changed
        E.chain((k) =>
          observe(
            DeployKeyInputs,
            DeployKeyOutputs,
            { publicKey: str(k.public_key), lastUpdated: stamp({ updated_at: k.updated_at ?? k.created_at }) },
            k.id,
            'hosting:DeployKey',
          ),
        ),
      ),
    list: () => rest('GET', apiPath`/deploy_keys`, { paginate: { items: '', paged: false } }),
    // every key looks alike: only a key made moments ago can be the lost create's
    matches: (_sent, o) => madeRecently(o.outputs.lastUpdated),
  },
  examples: {
    valid: {},
    // with no fields there is nothing to get wrong but the shape itself
    invalid: [['ssh-rsa AAAA', '']],
    outputs: { publicKey: 'ssh-rsa AAAAB3NzaC1yc2E example', lastUpdated: '2024-01-01T00:00:00Z' },
    reply: {
      id: '5f1a2b3c4d5e6f7a8b9c0d1f',
      public_key: 'ssh-rsa AAAAB3NzaC1yc2E example',
      created_at: '2024-01-01T00:00:00Z',
    },
  },
})
