/**
 * The cloud's credential check: sts:GetCallerIdentity, the platform's "who am I", signed with the
 * resolved credentials (a static key pair is otherwise never tried before the first change), sent
 * by preflight before any plan.
 */
import { action } from '../../../core/wire'
import type { VerifyRequest } from '../../../core/provider'
import type { CloudConfig } from '../config'

export const verifyCredentials: VerifyRequest<CloudConfig> = {
  request: () => action('sts', '2018-08-13', 'GetCallerIdentity', {}),
  credential: ['secretId', 'secretKey'],
  endpoint: 'domain',
}
