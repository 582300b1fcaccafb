/**
 * hosting:DeployKey — a deploy key for a Git repository. It has no inputs; the platform makes the
 * key pair and returns the public half. From the wire reference: there is no update, and the
 * platform's docs advise letting site setup create deploy keys rather than making them directly.
 */
import * as t from 'io-ts'
import * as E from 'fp-ts/Either'
import { pipe } from 'fp-ts/function'
import { defineResource } from '../../core/spec'
import { byToken, observe } from '../../core/observe'
import { rest } from '../../core/wire'
import { apiPath, stamp, str, withId } from './wire'

export const DeployKeyInputs = t.exact(t.type({}), 'DeployKeyInputs')
export type DeployKeyInputs = t.TypeOf<typeof DeployKeyInputs>

export const DeployKeyOutputs = t.exact(t.type({ publicKey: t.string, lastUpdated: t.string }), 'DeployKeyOutputs')
export type DeployKeyOutputs = t.TypeOf<typeof DeployKeyOutputs>

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
        E.chain((k) => observe(DeployKeyInputs, DeployKeyOutputs, { publicKey: str(k.public_key), lastUpdated: stamp(k) }, k.id, 'hosting:DeployKey')),
      ),
    list: () => rest('GET', apiPath`/deploy_keys`, { paginate: { items: '', pageSize: 100 } }),
    // every key looks alike: never adopt one after an interrupted create
    matches: () => false,
  },
  examples: {
    valid: {},
    // with no fields there is nothing to get wrong but the shape itself
    invalid: [['ssh-rsa AAAA', '']],
    outputs: { publicKey: 'ssh-rsa AAAAB3NzaC1yc2E example', lastUpdated: '2024-01-01T00:00:00Z' },
    reply: { id: '5f1a2b3c4d5e6f7a8b9c0d1f', public_key: 'ssh-rsa AAAAB3NzaC1yc2E example', created_at: '2024-01-01T00:00:00Z' },
  },
})
