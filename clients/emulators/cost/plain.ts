/** The collections the emulator only stores, lists and serves as seeded (made on the platform, not by trellis). */
import type { Collection, Collections } from './collection'

const STORED_ONLY = [
  'billing_profiles',
  'dashboards',
  'report_notifications',
  'resource_reports',
  'saved_filters',
  'segments',
  'teams',
  'users',
  'workspaces',
]

export const plainCollections = (): Collections => ({
  ...Object.fromEntries(STORED_ONLY.map((name): [string, Collection] => [name, { prefix: `${name.slice(0, 4)}_` }])),
  virtual_tag_configs: { prefix: 'vtag_', paged: false },
})
