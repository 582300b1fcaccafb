/**
 * The cloud starter pack: API gateway services open to the internet are guarded, releases say
 * what they release, API keys are not left switched off.
 */
import { policyPack, resourcePolicy, type PolicyPack } from '../policy/policy'

/** A service reachable from outside (`netTypes` holds OUTER) has an IP strategy or a usage plan bound to it. */
export const outerServiceGuarded = resourcePolicy({
  name: 'cloud-outer-service-guarded',
  description: 'an API gateway service open to the internet has an IP strategy or a usage plan bound to it',
  enforcement: 'mandatory',
  token: 'cloud:ApiGatewayService',
  check: (step, ctx) => {
    if (!step.inputs.netTypes.includes('OUTER')) return []
    const guards = ctx
      .refsTo(step.address)
      .filter((s) => s.token === 'cloud:ApiGatewayIpStrategy' || s.token === 'cloud:ApiGatewayUsagePlanAttachment')
    return guards.length > 0
      ? []
      : [{ path: 'netTypes', message: 'is open to the internet (OUTER) with no IP strategy and no usage plan bound' }]
  },
})

/** A release's description is not empty. */
export const releaseDescribed = resourcePolicy({
  name: 'cloud-release-described',
  description: 'a service release says what it releases (its description is not empty)',
  enforcement: 'mandatory',
  token: 'cloud:ApiGatewayServiceRelease',
  check: (step) =>
    step.inputs.releaseDesc.trim() === '' ? [{ path: 'releaseDesc', message: 'is empty: say what is released' }] : [],
})

/** An API key is not left `off`. */
export const apiKeyOn = resourcePolicy({
  name: 'cloud-api-key-on',
  description: 'an API key is not left switched off (status `off`): delete it instead',
  enforcement: 'mandatory',
  token: 'cloud:ApiGatewayApiKey',
  check: (step) =>
    step.inputs.status === 'off' ? [{ path: 'status', message: 'is off: delete the key rather than keep it' }] : [],
})

/** The cloud starter pack: guarded outer services, described releases, no API key left off. */
export const cloudPack: PolicyPack = policyPack('trellis-cloud', [outerServiceGuarded, releaseDescribed, apiKeyOn])
