/**
 * When the browser suite runs, says it did not, or fails for want of a browser.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { CHROMIUM, decideBrowser } from './chromium'

test('Chromium present: the suite runs it', () => {
  assert.equal(
    decideBrowser({}, (p) => p === CHROMIUM),
    { kind: 'available', path: CHROMIUM },
  )
})

test('absent on a developer machine: not run, and it says why', () => {
  const d = decideBrowser({}, () => false)
  assert.is(d.kind, 'skip')
  if (d.kind === 'skip')
    assert.match(d.why, /no Chromium at \/usr\/bin\/chromium \(install it with: apt-get install -y chromium\)/)
})

test('absent under CI or TRELLIS_REQUIRE_BROWSER: a failure, never a skip', () => {
  assert.is(decideBrowser({ CI: 'true' }, () => false).kind, 'required')
  assert.is(decideBrowser({ TRELLIS_REQUIRE_BROWSER: '1' }, () => false).kind, 'required')
})

test.run()
