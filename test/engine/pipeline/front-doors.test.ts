/**
 * The front doors' shape: 'trellis' has one `render` namespace (text, json, html, mermaid, dot), the
 * old root exports of the engine and the renderers carry `@deprecated` naming their new home, and
 * 'trellis/engine' holds the operations, stages, layers, handlers, plans, compile, stores and the
 * registry's extension points.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import * as root from '#trellis'
import * as engine from '#trellis/engine'
import { runMock } from '#trellis/testing'
import * as cost from '#trellis/cost'

const test = suite('front doors')
const planOf = async () => {
  const s = root
    .stack('books')
    .add(
      cost.folder('finance', { title: 'Finance', workspaceToken: 'wrkspc_default' }),
      cost.costReport('monthly', { title: 'Monthly', filter: "costs.provider = 'aws'" }),
    )
  return (await runMock(s)).plan
}

test('trellis has one render namespace: text, json, html, mermaid, dot, each showing the plan', async () => {
  const p = await planOf()
  assert.equal(Object.keys(root.render).sort(), ['dot', 'html', 'json', 'mermaid', 'text'])
  assert.match(root.render.text(p), /Plan for stack books/)
  assert.is(root.render.text(p), root.render.text(p, engine.registry), 'the built-in registry by default')
  const doc = root.render.json(p)
  assert.is(doc.stack, 'books')
  assert.equal(
    doc.steps.map((s) => s.address),
    p.steps.map((s) => s.address),
  )
  assert.match(root.render.html(p), /^<!doctype html>/i)
  assert.match(root.render.mermaid(p), /cost:Folder\/finance|finance/)
  assert.match(root.render.dot(p), /^digraph/)
})

test('each old root export of the engine and the renderers is @deprecated, naming its new home', () => {
  const text = readFileSync(fileURLToPath(new URL('../../../src/index.ts', import.meta.url)), 'utf8')
  const moved = ['plan', 'apply', 'destroy', 'refresh', 'makePlan', 'mockHandler', 'httpHandler', 'compile', 'mock']
  const renderers = ['renderPlan', 'planToJson', 'planToMermaid', 'planToDot', 'renderPlanHtml']
  for (const name of [...moved, ...renderers]) {
    const at = text.search(new RegExp(`\\nexport const ${name} =`))
    assert.ok(at > 0, `${name} is declared in src/index.ts`)
    const doc = text.slice(text.lastIndexOf('/**', at), at)
    assert.match(doc, /@deprecated (import from 'trellis\/(engine|testing)'|use `render\.\w+`)/, name)
  }
})

test('trellis/engine holds the operations, stages, layers, handlers, plans, compile, stores and extension points', () => {
  const fns = [
    ...['plan', 'apply', 'destroy', 'refresh', 'importResource', 'lookup'],
    ...['envFallbacks', 'compileStage', 'preflight', 'locked', 'load', 'planStage', 'confirmStage', 'runStage', 'save'],
    ...['liveEnv', 'emulatedEnv', 'mockEnv', 'mockHandler', 'httpHandler', 'mapHandler', 'makePlan', 'compile'],
    ...['fileStore', 'memoryStore', 'postgresStore', 'defineProvider', 'makeRegistry', 'buildersFor'],
  ]
  for (const f of fns) assert.type((engine as Record<string, unknown>)[f], 'function', f)
})

test.run()
