/**
 * Cidr reads its text with an indexed split; it must answer as the destructuring version it
 * replaced, for addresses, ranges and malformed text.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { Cidr } from '#src/core/codecs'

const test = suite('cidr')

const isIpv4 = (s: string) =>
  /^(\d{1,3})(\.\d{1,3}){3}$/.test(s) && s.split('.').every((p) => +p <= 255 && String(+p) === p)
const isIpv6 = (s: string) =>
  /^[0-9a-fA-F:.]+$/.test(s) && s.includes(':') && (s.match(/::/g) ?? []).length <= 1 && s.split(':').length <= 8
// what the codec answered before
const reference = (s: string): boolean => {
  const [ip, bits, ...rest] = s.split('/')
  if (rest.length) return false
  if (isIpv4(ip)) return bits === undefined || (/^\d{1,2}$/.test(bits) && +bits <= 32)
  if (isIpv6(ip)) return bits === undefined || (/^\d{1,3}$/.test(bits) && +bits <= 128)
  return false
}

test('addresses, ranges and malformed text answer as before', () => {
  const ips = ['10.0.0.0', '192.168.1.1', '256.0.0.1', '01.2.3.4', '1.2.3', '::1', 'fe80::1', '2001:db8::', ':::', '']
  const suffixes = ['', '/', '/0', '/8', '/32', '/33', '/64', '/128', '/129', '/1/2', '//', '/x', '/08', '/ 8']
  let valid = 0
  for (const ip of ips)
    for (const sfx of suffixes) {
      const s = ip + sfx
      assert.is(Cidr.is(s), reference(s), JSON.stringify(s))
      if (reference(s)) valid++
    }
  assert.ok(valid > 10)
  assert.ok(Cidr.is('10.0.0.0/8'))
  assert.not.ok(Cidr.is('10.0.0.0/8/8'))
})

test.run()
