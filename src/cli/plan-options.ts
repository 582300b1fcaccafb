/** The plan options the command line gives: --refresh, --target and --replace (addresses normalized). */
import { normalizeAddress } from '../workspace/address'
import { bool, list, type Args } from './flag-readers'

export const planOptions = (args: Args) => ({
  ...(bool(args, 'refresh') ? { refresh: true } : {}),
  ...(list(args, 'target').length ? { targets: list(args, 'target').map(normalizeAddress) } : {}),
  ...(list(args, 'replace').length ? { replace: list(args, 'replace').map(normalizeAddress) } : {}),
})
