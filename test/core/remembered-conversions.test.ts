import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { makeProtector } from '#trellis/engine'
import { keysFromWire, keysToWire, toCamel, toSnake } from '#trellis/engine'
import { reveal } from '#trellis'

test('a protector gives one value one digest, however often it is asked, and others their own', () => {
  const p = makeProtector('salt')
  const first = p.digest('hunter2')
  assert.is(p.digest('hunter2'), first)
  assert.is.not(p.digest('hunter3'), first)
  // past the bound of remembered values, digests are still the same ones
  for (let i = 0; i < 5000; i++) p.digest(`value-${i}`)
  assert.is(p.digest('hunter2'), first)
  assert.is(makeProtector('salt').digest('hunter2'), first)
  assert.is.not(makeProtector('other salt').digest('hunter2'), first)
})

test('a protector with a passphrase still encrypts each protection afresh', () => {
  const p = makeProtector('salt', 'passphrase')
  const a = p.protect('hunter2')
  const b = p.protect('hunter2')
  assert.is(a.digest, b.digest)
  assert.is.not(a.enc, b.enc)
  assert.is(reveal(p.unprotect(a)!), 'hunter2')
  assert.is(reveal(p.unprotect(b)!), 'hunter2')
})

test('remembered name conversions give what the rule gives, each time and past the bound', () => {
  for (let round = 0; round < 2; round++) {
    assert.is(toSnake('costReportToken'), 'cost_report_token')
    assert.is(toCamel('cost_report_token'), 'costReportToken')
  }
  for (let i = 0; i < 5000; i++) toSnake(`field${i}Name`)
  assert.is(toSnake('chatAChannels'), 'chat_a_channels')
})

test('one renames table serves both directions, on every call', () => {
  const renames = { chatAChannels: 'slack_channels' }
  const wire = keysToWire({ chatAChannels: ['#a'], folderToken: 'f' }, renames)
  assert.equal(wire, { slack_channels: ['#a'], folder_token: 'f' })
  assert.equal(keysFromWire(wire, renames), { chatAChannels: ['#a'], folderToken: 'f' })
  assert.equal(keysFromWire(wire, renames), { chatAChannels: ['#a'], folderToken: 'f' })
  assert.equal(keysFromWire({ slack_channels: 1 }), { slackChannels: 1 })
})

test.run()
