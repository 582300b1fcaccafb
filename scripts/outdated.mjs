// Whether a build output is older than what it is made from: `npm run pack` rebuilds dist/ and the
// API reference only then, so a pack never ships a stale build and a second pack costs nothing.
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

/** The newest modification time under `p` (a file or a folder, recursively). */
const newest = (p) => {
  if (!existsSync(p)) return 0
  const s = statSync(p)
  if (!s.isDirectory()) return s.mtimeMs
  return readdirSync(p).reduce((m, f) => Math.max(m, newest(join(p, f))), s.mtimeMs)
}

/** True when `stamp` (under `root`) is missing or older than any of `sources`. */
export const outdated = (root, stamp, sources) =>
  !existsSync(join(root, stamp)) ||
  statSync(join(root, stamp)).mtimeMs <= Math.max(...sources.map((s) => newest(join(root, s))))
