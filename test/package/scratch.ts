/**
 * The package as users get it, once per run: the tarball packed (`npm run pack` rebuilds dist/ and
 * docs/api/ when older than the sources), and installed offline (from the npm cache `npm ci` filled) into one scratch project under
 * the system's temporary directory. The projects of each kind live in its subdirectories and share
 * its node_modules, so the slow part happens once.
 */
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

export const repo = resolve(new URL('../..', import.meta.url).pathname)

export interface Ran {
  readonly code: number | null
  readonly out: string
  readonly err: string
}

/** Run a command; it is killed after `timeoutMs` (the suite never waits unbounded). */
export const run = (
  cmd: string,
  args: ReadonlyArray<string>,
  opts: { readonly cwd: string; readonly timeoutMs?: number; readonly env?: NodeJS.ProcessEnv } = { cwd: repo },
): Promise<Ran> =>
  new Promise((done, fail) => {
    const env = { ...process.env, ...opts.env, npm_config_audit: 'false', npm_config_fund: 'false', NO_COLOR: '1' }
    const p = spawn(cmd, args, { cwd: opts.cwd, env, stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    let err = ''
    p.stdout.on('data', (d: Buffer) => (out += d.toString()))
    p.stderr.on('data', (d: Buffer) => (err += d.toString()))
    const timer = setTimeout(() => p.kill('SIGKILL'), opts.timeoutMs ?? 120_000)
    p.on('error', fail)
    p.on('close', (code) => {
      clearTimeout(timer)
      done({ code, out, err })
    })
  })

export const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'

/** Fails with the command's output when it did not exit 0. */
export const ok = (r: Ran, what: string): Ran => {
  if (r.code !== 0) throw new Error(`${what}: exit ${r.code}\n${r.out}\n${r.err}`)
  return r
}

export interface Packed {
  readonly tarball: string
  readonly files: ReadonlyArray<string>
  readonly size: number
  readonly unpackedSize: number
}

export const pack = async (dest: string): Promise<Packed> => {
  // as the package is released: from a staged copy with the checkout-only fields dropped (scripts/pack.mjs)
  const r = ok(
    await run(process.execPath, [join(repo, 'scripts', 'pack.mjs'), '--json', '--pack-destination', dest], {
      cwd: repo,
      timeoutMs: 900_000, // it builds dist/ and docs/api/ first when they are older than the sources
    }),
    'npm run pack',
  )
  const [j] = JSON.parse(r.out) as Array<{
    filename: string
    size: number
    unpackedSize: number
    files: Array<{ path: string }>
  }>
  if (!j) throw new Error(`npm pack printed no result: ${r.out}`)
  return {
    tarball: join(dest, j.filename),
    files: j.files.map((f) => f.path),
    size: j.size,
    unpackedSize: j.unpackedSize,
  }
}

/** The version the repository's lockfile pins for a package (the npm cache holds it). */
export const pinned = (name: string): string => {
  const lock = JSON.parse(readFileSync(join(repo, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { version?: string }>
  }
  const v = lock.packages[`node_modules/${name}`]?.version
  if (!v) throw new Error(`${name} is not in package-lock.json`)
  return v
}

export const write = (dir: string, files: Readonly<Record<string, string>>): void => {
  for (const [f, text] of Object.entries(files)) {
    mkdirSync(join(dir, f, '..'), { recursive: true })
    writeFileSync(join(dir, f), text)
  }
}

export interface Scratch {
  readonly root: string
  readonly packed: Packed
  readonly installMs: number
}

/** Build, pack and install once; the projects are made by the tests in subdirectories of `root`. */
/** `npm install` in `cwd` from the npm cache, the registry only for what the cache lacks. */
export const installOffline = async (cwd: string): Promise<Ran> => {
  const args = ['install', '--ignore-scripts', '--no-audit', '--no-fund', '--no-package-lock']
  const r = await run(npm, [...args, '--offline'], { cwd, timeoutMs: 300_000 })
  if (r.code === 0 || !/ENOTCACHED/.test(r.err)) return r
  return run(npm, [...args, '--prefer-offline'], { cwd, timeoutMs: 300_000 })
}

export const scratch = async (): Promise<Scratch> => {
  const root = mkdtempSync(join(tmpdir(), 'trellis-package-'))
  const packed = await pack(root)
  const project = join(root, 'project')
  write(project, {
    'package.json': JSON.stringify({
      name: 'scratch',
      private: true,
      type: 'module',
      dependencies: {
        trellis: `file:${packed.tarball}`,
        typescript: pinned('typescript'),
        '@types/node': pinned('@types/node'),
      },
    }),
  })
  const t0 = Date.now()
  ok(await installOffline(project), 'npm install of the tarball')
  return { root: project, packed, installMs: Date.now() - t0 }
}
