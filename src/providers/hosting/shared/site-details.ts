/**
 * What the platform fills in a site besides what the spec's site item names (getSite, getSites):
 * its addresses, state and plan, its team's id and name, its build settings — from
 * docs/wire/hosting.md's site object, each under the camelCase of its wire name (the build settings
 * nested as on the wire; `processing_settings.html.pretty_urls` as prettyUrls). Absent or null on
 * the wire: left out.
 */
import * as t from 'io-ts'
import { asObject, bool, str, strings, type Json } from './wire'

export const SiteBuildSettings = t.exact(
  t.partial({
    /** The git host the site builds from (`github`, `gitlab`, …). */
    provider: t.string,
    /** Id of the deploy key the site reads its repository with. */
    deployKeyId: t.string,
    /** The repository as owner/name. */
    repoPath: t.string,
    /** The branch production deploys build from. */
    repoBranch: t.string,
    /** The repository's web address. */
    repoUrl: t.string,
    /** Branches that get branch deploys. */
    allowedBranches: t.array(t.string),
    /** Whether the repository is public. */
    publicRepo: t.boolean,
    /** Whether build logs are hidden from the public. */
    privateLogs: t.boolean,
    /** Whether builds are stopped (no deploys on push). */
    stopBuilds: t.boolean,
  }),
  'SiteBuildSettings',
)

/** Not exact itself: it is a part of the exact site item and getSite's result. */
export const SiteDetails = t.partial(
  {
    /** The site's platform address (`https://<name>.netlify.app`). */
    url: t.string,
    /** The site's https address. */
    sslUrl: t.string,
    /** The site's page in the platform's web console. */
    adminUrl: t.string,
    /** The address of the site's latest deploy. */
    deployUrl: t.string,
    /** The site's state (`current` once deployed). */
    state: t.string,
    /** The site's billing plan. */
    plan: t.string,
    /** Id of the user who made the site. */
    userId: t.string,
    /** Whether the site is served over https. */
    ssl: t.boolean,
    /** Whether the platform's DNS serves the site's custom domain. */
    managedDns: t.boolean,
    /** The git host the site is linked to. */
    gitProvider: t.string,
    /** The site's address under its id. */
    idDomain: t.string,
    /** The build image its builds run on. */
    buildImage: t.string,
    /** The region its functions run in. */
    functionsRegion: t.string,
    /** Whether production deploys from outside git are refused. */
    preventNonGitProdDeploys: t.boolean,
    /** Whether real-user monitoring is on. */
    rumEnabled: t.boolean,
    /** Whether pretty URLs are on (the platform's processing settings, html). */
    prettyUrls: t.boolean,
    /** When the site was made (ISO 8601). */
    createdAt: t.string,
    /** When the site last changed (ISO 8601). */
    updatedAt: t.string,
    /** Id of the team the site belongs to. */
    accountId: t.string,
    /** Display name of the team the site belongs to. */
    accountName: t.string,
    /** The site's build settings as the platform holds them. */
    buildSettings: SiteBuildSettings,
  },
  'SiteDetails',
)
export type SiteDetails = t.TypeOf<typeof SiteDetails>

/** Only the fields with a value (a lookup's result holds no undefined). */
const defined = <A extends object>(o: A): A =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as A

const buildSettingsOf = (u: unknown): t.TypeOf<typeof SiteBuildSettings> | undefined => {
  const b = asObject(u)
  if (!b) return undefined
  return defined({
    provider: str(b.provider),
    deployKeyId: str(b.deploy_key_id),
    repoPath: str(b.repo_path),
    repoBranch: str(b.repo_branch),
    repoUrl: str(b.repo_url),
    allowedBranches: strings(b.allowed_branches),
    publicRepo: bool(b.public_repo),
    privateLogs: bool(b.private_logs),
    stopBuilds: bool(b.stop_builds),
  })
}

/** A platform site's details. */
export const siteDetailsOf = (s: Json): SiteDetails =>
  defined({
    url: str(s.url),
    sslUrl: str(s.ssl_url),
    adminUrl: str(s.admin_url),
    deployUrl: str(s.deploy_url),
    state: str(s.state),
    plan: str(s.plan),
    userId: str(s.user_id),
    ssl: bool(s.ssl),
    managedDns: bool(s.managed_dns),
    gitProvider: str(s.git_provider),
    idDomain: str(s.id_domain),
    buildImage: str(s.build_image),
    functionsRegion: str(s.functions_region),
    preventNonGitProdDeploys: bool(s.prevent_non_git_prod_deploys),
    rumEnabled: bool(s.rum_enabled),
    prettyUrls: bool(asObject(asObject(s.processing_settings)?.html)?.pretty_urls),
    createdAt: str(s.created_at),
    updatedAt: str(s.updated_at),
    accountId: str(s.account_id),
    accountName: str(s.account_name),
    buildSettings: buildSettingsOf(s.build_settings),
  })
