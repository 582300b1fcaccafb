/**
 * trellis/policies: starter policy packs, one per provider. Use them as they are, with options,
 * or pick single policies into a pack of your own.
 * @example
 * import { cloudPack, hostingPack, costPack } from 'trellis/policies'
 * export const policies = [cloudPack, hostingPack({ dnsTtl: { min: 300, max: 3600 } }), costPack]
 *
 * @module trellis/policies
 */
export { cloudPack, outerServiceGuarded, releaseDescribed, apiKeyOn } from './cloud-pack'
export { hostingPack, secretEnvScoped, dnsTtlInRange, wafNotPassive, type HostingPackOptions } from './hosting-pack'
export { costPack, reportInFolder, budgetHasPeriods, alertHasRecipient } from './cost-pack'
