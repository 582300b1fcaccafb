/** The cloud's credential chain (./credentials.ts) as a KeyChainMaker over the edge's transport and environment. */
import type { KeyChainMaker } from '../../../core/client-recipe'
import type { HttpClient } from '../../../../clients/http'
import { cloudCredentialsFactory } from './credentials'

export const cloudKeyChain: KeyChainMaker = (io) =>
  cloudCredentialsFactory({
    // the edge passes its HttpClient (ChainIo says why the core type cannot name it)
    http: io.http as HttpClient,
    env: io.env,
    ...(io.stsEndpoint ? { stsEndpoint: io.stsEndpoint } : {}),
  })
