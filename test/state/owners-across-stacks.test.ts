/**
 * Ownership across stacks on the stores that processes share — files and PostgreSQL: the claims'
 * compare-and-set lets one stack of two take an object, whichever asks first, and two processes
 * applying two stacks that declare the same team firewall rules at once end with one applied and
 * the other refused naming it; a later plan of the second is refused at plan, naming the first.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import * as E from 'fp-ts/Either'
import { fileStore, postgresStore, stack, type StateStore } from '#trellis'
import { formatEngineError, plan } from '#trellis/engine'
import { mockEnv } from '#trellis/testing'
import * as hosting from '#trellis/hosting'
import { adminQuery, testPg } from './postgres-server'

const root = resolve(new URL('../..', import.meta.url).pathname)

interface Kind {
  readonly name: string
  /** a fresh store location: child arguments, a store opener, and cleanup */
  readonly make: () => Promise<{ args: string[]; open: () => StateStore; done: () => Promise<void> }>
}

const fileKind: Kind = {
  name: 'file store',
  make: async () => {
    const dir = mkdtempSync(join(tmpdir(), 'trellis-owners-'))
    return { args: ['file', dir], open: () => fileStore({ dir }), done: async () => rmSync(dir, { recursive: true }) }
  },
}

const pg = testPg()
const pgKind: Kind | undefined =
  pg.kind === 'available'
    ? {
        name: 'postgres store',
        make: async () => {
          const url = await pg.url()
          const schema = `o_${randomBytes(6).toString('hex')}`
          const opened: Array<{ close: () => Promise<void> }> = []
          return {
            args: ['postgres', url, schema],
            open: () => {
              const s = postgresStore({ connectionString: url, schema })
              opened.push(s)
              return s
            },
            done: async () => {
              for (const s of opened) await s.close()
              await adminQuery(url, `DROP SCHEMA IF EXISTS "${schema}" CASCADE`)
            },
          }
        },
      }
    : undefined
if (pg.kind === 'skip') console.log(`ownership on postgres: tests not run: ${pg.why}`)

/** a child that applies `name` once told to; resolves with what it printed at the end */
const child = (args: ReadonlyArray<string>, name: string) => {
  const p = spawn(
    process.execPath,
    ['--import', 'tsx', join(root, 'test/state/owners-apply-child.ts'), ...args, name],
    {
      cwd: root,
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  )
  let out = ''
  let err = ''
  let readyNow!: () => void
  const ready = new Promise<void>((r) => (readyNow = r))
  p.stdout.on('data', (d) => {
    out += String(d)
    if (out.includes('READY')) readyNow()
  })
  p.stderr.on('data', (d) => (err += String(d)))
  const ended = new Promise<string>((ok, fail) => {
    p.on('exit', () => (/DONE|REFUSED/.test(out) ? ok(out.replace('READY\n', '').trim()) : fail(new Error(out + err))))
    setTimeout(() => {
      p.kill('SIGKILL')
      fail(new Error(`child ${name} did not end within 60 s: ${out}${err}`))
    }, 60_000).unref()
  })
  return { ready, go: () => p.stdin.end('go\n'), ended }
}

const rules = (name: string) =>
  hosting.teamFirewallTrafficRules(name, {
    teamId: 'team-1',
    published: { defaultAction: 'allow' },
    unpublished: { defaultAction: 'deny' },
  })

for (const kind of [fileKind, ...(pgKind ? [pgKind] : [])]) {
  const test = suite(`ownership across stacks: ${kind.name}`)

  test('compare-and-set: of two stores claiming one key at once, exactly one stack gets it', async () => {
    const at = await kind.make()
    try {
      const [a, b] = [at.open(), at.open()]
      const [ra, rb] = await Promise.all([
        a.owners!.claim('edge', [{ key: 'k1', address: 'x:T/a' }])(),
        b.owners!.claim('shop', [{ key: 'k1', address: 'x:T/b' }])(),
      ])
      const taken = [ra, rb].map((r) => (E.isRight(r) ? r.right.length : -1))
      assert.equal([...taken].sort(), [0, 1])
      const all = await a.owners!.list()()
      assert.is(E.isRight(all) && all.right.length, 1)
    } finally {
      await at.done()
    }
  })

  test('two processes applying two stacks with the same team firewall rules: one applies, the other is refused naming it', async () => {
    const at = await kind.make()
    try {
      const one = child(at.args, 'edge')
      const two = child(at.args, 'shop')
      await Promise.all([one.ready, two.ready])
      one.go()
      two.go()
      const outs = await Promise.all([one.ended, two.ended])
      const won = outs.findIndex((o) => o === 'DONE')
      assert.ok(won >= 0, outs.join(' | '))
      const [winner, loser] = won === 0 ? ['edge', 'shop'] : ['shop', 'edge']
      assert.match(outs[1 - won], `REFUSED state: stack "${loser}": hosting:TeamFirewallTrafficRules/rules-of-${loser}`)
      assert.match(outs[1 - won], `stack "${winner}" owns (as hosting:TeamFirewallTrafficRules/rules-of-${winner}`)
      // and the loser's plan, later, is refused at plan naming the winner
      const p = await plan(stack(loser).add(rules(`rules-of-${loser}`)))({ ...mockEnv(), store: at.open() })()
      assert.ok(E.isLeft(p))
      if (E.isLeft(p)) assert.match(formatEngineError(p.left), `stack "${winner}" owns`)
    } finally {
      await at.done()
    }
  })

  test.run()
}
