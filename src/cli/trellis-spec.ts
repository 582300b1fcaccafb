/**
 * Where a new project installs trellis from: `init --trellis SPEC` (a tarball path, a git URL, a
 * registry range) is the contract. Without the flag, a registry range only when this trellis came
 * from a registry; otherwise init stops and names the flag (a range of an unpublished version
 * would make `npm install` fail with a 404), with the place this copy came from as a hint.
 */
import { existsSync, readFileSync } from 'node:fs'
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path'
import * as E from 'fp-ts/Either'

/** Where the running trellis is installed: its package.json's directory and version. */
export interface OwnInstall {
  readonly dir: string
  readonly version: string
}

// a path on disk rather than a package range or URL: npm reads these the same way
const LOCAL = /^(?:file:|\.{1,2}(?:[\\/]|$)|[\\/]|~[\\/]|[a-zA-Z]:[\\/])|\.(?:tgz|tar\.gz|tar)$/
const URL_LIKE = /^(?:[a-z+]+:\/\/|git\+|github:|gitlab:|bitbucket:|gist:)/i

/** The dependency spec for `--trellis SPEC`, given from `cwd`, written into the project in `project`. */
export const specFromFlag = (given: string, cwd: string, project: string): E.Either<string, string> => {
  const spec = given.trim()
  if (spec === '') return E.left('init: --trellis is empty; give a tarball path, a git URL or a version range')
  if (URL_LIKE.test(spec) || !LOCAL.test(spec)) return E.right(spec)
  const path = resolve(cwd, spec.replace(/^file:/, '').replace(/^~(?=[\\/])/, process.env['HOME'] ?? '~'))
  if (!existsSync(path)) return E.left(`init: --trellis ${given}: no such file or directory (looked at ${path})`)
  // relative to the project, so the project can be moved together with the tarball beside it
  const rel = relative(resolve(project), path).split(sep).join('/')
  return E.right(`file:${isAbsolute(rel) || rel.startsWith('.') ? rel : `./${rel}`}`)
}

/** What npm recorded about where this installed trellis came from (its `resolved`), if anything. */
const installedFrom = (own: OwnInstall): string | undefined => {
  if (basename(own.dir) !== 'trellis' || basename(dirname(own.dir)) !== 'node_modules') return undefined
  try {
    const lock = JSON.parse(readFileSync(join(dirname(own.dir), '.package-lock.json'), 'utf8')) as {
      readonly packages?: Readonly<Record<string, { readonly resolved?: string }>>
    }
    const resolved = lock.packages?.['node_modules/trellis']?.resolved
    if (resolved === undefined) return undefined
    // a tarball's path is relative to the project that installed it
    if (!resolved.startsWith('file:')) return resolved
    return resolve(dirname(dirname(own.dir)), resolved.slice('file:'.length))
  } catch {
    return undefined
  }
}

const FROM_REGISTRY = /^https?:\/\/[^#]*\/-\/[^/]+\.tgz$/

/** The spec init writes without `--trellis`: `^version` of a registry install, else an error naming the flag. */
export const defaultSpec = (own: OwnInstall): E.Either<string, string> => {
  const from = installedFrom(own)
  if (from !== undefined && FROM_REGISTRY.test(from)) return E.right(`^${own.version}`)
  const hint = from !== undefined ? `\nThis trellis was installed from ${from}.` : ''
  return E.left(
    `init: trellis ${own.version} is not installed from a package registry, so a version range would not ` +
      `install; say where the project gets trellis from:\n` +
      `  trellis init DIR --trellis ./trellis-${own.version}.tgz          # a packed tarball (npm run pack)\n` +
      `  trellis init DIR --trellis git+https://HOST/OWNER/trellis.git   # a git repository\n` +
      `  trellis init DIR --trellis ^${own.version}                       # a registry range${hint}`,
  )
}
