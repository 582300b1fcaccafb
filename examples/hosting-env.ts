/**
 * Environment variables per deploy context: a team-wide build setting, a site-level URL that
 * differs for production, deploy previews and the `staging` branch, and a secret database
 * password (write-only on the platform, never printed, stored only protected).
 * `npx trellis plan examples/hosting-env.ts --emulate` runs it against the built-in emulator.
 */
import * as hosting from 'trellis/hosting'
import { stack, secret } from 'trellis'

const token = process.env.HOST_API_TOKEN

const team = hosting.getTeam('team', { slug: 'acme' })
const site = hosting.getSite('site', { name: 'acme-www', teamSlug: 'acme' })

const nodeVersion = hosting.environmentVariable('node-version', {
  key: 'NODE_VERSION',
  teamId: team.out.id,
  scopes: ['builds'],
  values: [{ context: 'all', value: '20' }],
})

const apiUrl = hosting.environmentVariable('api-url', {
  key: 'API_URL',
  teamId: team.out.id,
  siteId: site.out.id,
  values: [
    { context: 'production', value: 'https://api.acme.test' },
    { context: 'deploy-preview', value: 'https://preview-api.acme.test' },
    { context: 'branch', contextParameter: 'staging', value: 'https://staging-api.acme.test' },
  ],
})

// secrets must name their scopes: the post-processing scope cannot read secrets
const dbPassword = hosting.environmentVariable('db-password', {
  key: 'DATABASE_PASSWORD',
  teamId: team.out.id,
  siteId: site.out.id,
  scopes: ['builds', 'functions', 'runtime'],
  secretValues: [
    { context: 'production', value: secret(process.env.DATABASE_PASSWORD ?? 'change-me-in-production') },
    { context: 'deploy-preview', value: secret(process.env.PREVIEW_DATABASE_PASSWORD ?? 'change-me-in-previews') },
  ],
})

export default stack('hosting-env', {
  providers: { hosting: hosting.provider(token ? { token: secret(token) } : {}) },
}).add(team, site, nodeVersion, apiUrl, dbPassword)
