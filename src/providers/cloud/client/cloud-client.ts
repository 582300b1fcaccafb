/**
 * The cloud platform's client, declared: TC3 signed actions at `<service>.<domain>` in `region`,
 * 60 s per request (as the platform's SDK), keys from the configuration, or the
 * credential chain (./credentials/) where the edge runs it (./cloud-credential-chain.ts).
 */
import { setting, type Tc3Recipe } from '../../../core/client-recipe'
import { DEFAULT_CLOUD_DOMAIN, DEFAULT_CLOUD_REGION } from '../config'
import { staticCloudKeys } from './static-keys'
import { cloudCredentialChain } from './cloud-credential-chain'

type Config = Readonly<Record<string, unknown>>

export const cloudClient: Tc3Recipe<Config> = {
  protocol: 'tc3',
  region: (c) => setting(c.region) ?? DEFAULT_CLOUD_REGION,
  scheme: (c) => setting(c.protocol),
  domain: (c) => setting(c.domain)?.trim() ?? DEFAULT_CLOUD_DOMAIN,
  keys: staticCloudKeys,
  chain: cloudCredentialChain,
  timeoutMs: () => 60_000,
  // the cloud counts each action per second (20) and sends no count back: a burst on top of 20 a
  // second lets one action past its limit, and every refusal's back-off refills the burst again
  budget: { capacity: 1, refillPerSecond: 18 },
}
