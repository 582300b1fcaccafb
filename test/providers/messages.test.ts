/**
 * Every error message a spec can produce, read once: the invalid examples of every resource and
 * lookup through compile, malformed import ids (as the `importId` option and as `trellis import`
 * give them), provider configurations that break each documented rule, and replies that are not
 * what the platform sends. Each rendered message must read as one sentence: one "expected", one
 * "got", a reason before them that ends in a full stop, and no clause said twice.
 * `TRELLIS_PRINT_MESSAGES=1 npx tsx test/providers/messages.test.ts` prints them all.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { isLeft, isRight } from 'fp-ts/Either'
import { stack, providerInstance } from '#trellis'
import { resourceNode, lookupNode } from '#trellis/engine'
import { secret } from '#trellis'
import { formatIssue } from '#trellis'
import { compileWith as compile } from '#trellis/engine'
import { registry } from '#trellis'

const CONFIGS: Record<string, Record<string, unknown>> = {
  cost: { apiToken: secret('t') },
  hosting: { token: secret('t'), defaultTeamId: 'team1' },
  cloud: { region: 'ap-guangzhou', secretId: 'AKID', secretKey: secret('k') },
}
const providersOf = (over: Record<string, Record<string, unknown>> = {}) =>
  Object.fromEntries(Object.entries({ ...CONFIGS, ...over }).map(([p, c]) => [p, providerInstance(p, c)]))

/** A stack whose provider `p` has configuration `c`, with a node that uses it (configs are checked when used). */
const withConfig = (p: string, c: Record<string, unknown>) => {
  const spec = [...registry.resources.values()].find((r) => r.provider === p)!
  return stack('m', { providers: providersOf({ [p]: c }) }).add(
    resourceNode(spec.token, 'n', spec.examples.valid as never),
  )
}

const compileIssues = (st: ReturnType<typeof stack>): string[] => {
  const r = compile(registry)(st)
  return isRight(r) ? [] : r.left.issues.map(formatIssue)
}

/** Malformed import ids: empty, spaced, too many parts of each separator, empty parts. */
const BAD_IDS = ['', ' ', 'a b', 'a:b:c:d:e:f:g', 'a#b#c#d#e#f#g#h', ':', '#', 'a::b', 'a##b', '##', 'x#y']

const collect = (): Array<[string, string]> => {
  const out: Array<[string, string]> = []
  const add = (what: string, messages: ReadonlyArray<string>) => {
    for (const m of messages) out.push([what, m])
  }
  for (const spec of registry.resources.values()) {
    for (const [inputs] of spec.examples.invalid)
      add(
        `${spec.token} invalid example`,
        compileIssues(stack('m', { providers: providersOf() }).add(resourceNode(spec.token, 'n', inputs as never))),
      )
    for (const id of BAD_IDS) {
      if (!isLeft(spec.identity.parseImportId(id))) continue
      const node = resourceNode(spec.token, 'n', spec.examples.valid as never, { importId: id })
      add(
        `${spec.token} importId ${JSON.stringify(id)}`,
        compileIssues(stack('m', { providers: providersOf() }).add(node)),
      )
    }
    for (const reply of [{}, null, 'text', []]) {
      let d
      try {
        d = spec.wire.decode(reply, { config: {}, inputs: {} })
      } catch (e) {
        add(`${spec.token} decode ${JSON.stringify(reply)} (thrown)`, [String((e as Error).message)])
        continue
      }
      if (isLeft(d)) add(`${spec.token} decode ${JSON.stringify(reply)}`, [d.left])
    }
  }
  for (const spec of registry.lookups.values()) {
    for (const [args] of spec.examples.invalid)
      add(
        `${spec.token} invalid example`,
        compileIssues(stack('m', { providers: providersOf() }).add(lookupNode(spec.token, 'n', args as never))),
      )
    for (const reply of [{}, null, 'text']) {
      let d
      try {
        d = spec.wire.decode(reply, spec.examples.valid, { config: {} })
      } catch (e) {
        add(`${spec.token} decode ${JSON.stringify(reply)} (thrown)`, [String((e as Error).message)])
        continue
      }
      if (isLeft(d)) add(`${spec.token} decode ${JSON.stringify(reply)}`, [d.left])
    }
  }
  // a provider configuration that breaks each documented rule
  const badConfigs: Record<string, ReadonlyArray<Record<string, unknown>>> = {
    cost: [{ apiToken: 3 }],
    hosting: [{ token: secret('t'), defaultTeamId: 'a', defaultTeamSlug: 'b' }],
    cloud: [
      { ...CONFIGS.cloud, allowedAccountIds: ['1'], forbiddenAccountIds: ['2'] },
      {
        ...CONFIGS.cloud,
        allowedAccountIds: ['1'],
        assumeRoleWithSaml: { samlAssertion: secret('s'), principalArn: 'p', roleArn: 'r', sessionName: 's' },
      },
      { region: 'ap-guangzhou', secretId: 'AKID' },
      { ...CONFIGS.cloud, assumeRole: { roleArn: 'r', sessionName: 's', sessionDuration: 99999 } },
    ],
  }
  for (const [p, list] of Object.entries(badConfigs))
    for (const c of list) add(`${p} configuration`, compileIssues(withConfig(p, c)))
  return out
}

/** What makes a message read as more than one sentence, or as a sentence said twice. */
export const problemsOf = (m: string): string[] => {
  const problems: string[] = []
  const count = (re: RegExp) => (m.match(re) ?? []).length
  if (count(/\bexpected\b/g) > 1) problems.push('says "expected" more than once')
  if (count(/\bgot\b/g) > 1) problems.push('says "got" more than once')
  // the reason before "expected" is a sentence of its own: it ends in a full stop
  const before = /`?: (.+?) expected /.exec(m)
  if (before && !/[.)]$/.test(before[1].trim()) && !/^(warning: )?$/.test(before[1]))
    problems.push(`the reason "${before[1]}" runs into "expected" without a full stop`)
  if (/\.\./.test(m.replace(/\.\.\./g, '…'))) problems.push('has a doubled full stop')
  if (/ {2}| ,| \./.test(m)) problems.push('has stray spaces')
  const words = m
    .toLowerCase()
    .split(/[^a-z0-9<>_]+/)
    .filter((w) => /[a-z]/.test(w))
  for (let i = 0; i + 4 <= words.length; i++) {
    const run = words.slice(i, i + 4).join(' ')
    if (
      words
        .slice(i + 4)
        .join(' ')
        .includes(run)
    ) {
      problems.push(`repeats "${run}"`)
      break
    }
  }
  return problems
}

test('every error message a spec can produce reads as one sentence', () => {
  const all = collect()
  if (process.env.TRELLIS_PRINT_MESSAGES) for (const [what, m] of all) console.log(`${what}\n  ${m}`)
  // every kind of source produced messages (a collector that found nothing would pass anything)
  assert.ok(all.length > 300, `only ${all.length} messages`)
  for (const source of ['invalid example', 'importId', 'decode', 'configuration'])
    assert.ok(
      all.some(([w]) => w.includes(source)),
      `no message from ${source}`,
    )
  const bad = all.flatMap(([what, m]) => problemsOf(m).map((p) => `${what}: ${p}\n    ${m}`))
  assert.equal(bad, [], bad.join('\n'))
})

test('the import-id error names the reason once, then what was expected and given', () => {
  const node = resourceNode(
    'hosting:EnvironmentVariable',
    'n',
    { key: 'K', values: [{ context: 'all', value: 'x' }] },
    { importId: 'a:b:c:d' },
  )
  assert.equal(compileIssues(stack('m', { providers: providersOf() }).add(node)), [
    'hosting:EnvironmentVariable "n" field `options.importId`: has 4 parts separated by ":", not 2 or 3. expected <team_id>:<key> or <team_id>:<site_id>:<key>, got "a:b:c:d"',
  ])
})

test('the cloud conflict message is punctuated', () => {
  const msgs = compileIssues(
    withConfig('cloud', { ...CONFIGS.cloud, allowedAccountIds: ['1'], forbiddenAccountIds: ['2'] }),
  ).filter((m) => m.startsWith('provider'))
  assert.equal(msgs, [
    'provider cloud field `forbiddenAccountIds`: allowedAccountIds and forbiddenAccountIds exclude each other. expected nothing when allowedAccountIds is set, got ["2"]',
  ])
})

test.run()
