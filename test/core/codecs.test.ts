/**
 * The field codecs read their text by hand, for speed; each must answer as the simpler version it
 * replaced. isCalendarDate reads YYYY-MM-DD digit by digit (against the regular expression and Date
 * round trip), Cidr reads its text with an indexed split (against the destructuring version), and
 * parseDuration gives milliseconds or undefined for any text.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import fc from 'fast-check'
import { Cidr, isCalendarDate, parseDuration } from '#src/core/codecs'

const test = suite('field codecs')

// ── isCalendarDate ───────────────────────────────────────────────────────────
// what the codec answered before: a pattern, then the date read back through Date.UTC
const referenceDate = (s: string): boolean => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s)
  if (!m) return false
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]))
  return d.getUTCFullYear() === +m[1] && d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3]
}

const pad = (n: number, w: number) => String(n).padStart(w, '0')

test('isCalendarDate: every day 00-32 of every month 00-13 of edge years answers as before', () => {
  let valid = 0
  for (const y of [0, 1, 4, 99, 100, 101, 200, 400, 1582, 1600, 1900, 1999, 2000, 2023, 2024, 2100, 2400, 9999])
    for (let m = 0; m <= 13; m++)
      for (let d = 0; d <= 32; d++) {
        const s = `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`
        assert.is(isCalendarDate(s), referenceDate(s), s)
        if (referenceDate(s)) valid++
      }
  // the leap days of 400, 1600, 2000, 2024, 2400 and none of 100, 200, 1900, 2100, 2023
  assert.ok(valid > 0)
  assert.ok(isCalendarDate('2024-02-29'))
  assert.not.ok(isCalendarDate('2023-02-29'))
  assert.not.ok(isCalendarDate('1900-02-29'))
  assert.ok(isCalendarDate('2000-02-29'))
})

test('isCalendarDate: malformed text answers as before', () => {
  for (const s of [
    '',
    '2024-1-01',
    '2024-01-1',
    '24-01-01',
    '2024/01/01',
    '2024-01-01 ',
    ' 2024-01-01',
    '2024-01-01\n',
    '2024-01-01T00:00:00Z',
    '２０２４-01-01',
    '2024-0a-01',
    '20x4-01-01',
    '2024--1-01',
    '+024-01-01',
    '2024-01-+1',
    '0000-00-00',
    '9999-12-31',
    '0099-12-31',
    '0100-01-01',
  ])
    assert.is(isCalendarDate(s), referenceDate(s), JSON.stringify(s))
})

// ── Cidr ─────────────────────────────────────────────────────────────────────
const isIpv4 = (s: string) =>
  /^(\d{1,3})(\.\d{1,3}){3}$/.test(s) && s.split('.').every((p) => +p <= 255 && String(+p) === p)
const isIpv6 = (s: string) =>
  /^[0-9a-fA-F:.]+$/.test(s) && s.includes(':') && (s.match(/::/g) ?? []).length <= 1 && s.split(':').length <= 8
// what the codec answered before
const referenceCidr = (s: string): boolean => {
  const [ip, bits, ...rest] = s.split('/')
  if (rest.length) return false
  if (isIpv4(ip)) return bits === undefined || (/^\d{1,2}$/.test(bits) && +bits <= 32)
  if (isIpv6(ip)) return bits === undefined || (/^\d{1,3}$/.test(bits) && +bits <= 128)
  return false
}

test('Cidr: addresses, ranges and malformed text answer as before', () => {
  const ips = ['10.0.0.0', '192.168.1.1', '256.0.0.1', '01.2.3.4', '1.2.3', '::1', 'fe80::1', '2001:db8::', ':::', '']
  const suffixes = ['', '/', '/0', '/8', '/32', '/33', '/64', '/128', '/129', '/1/2', '//', '/x', '/08', '/ 8']
  let valid = 0
  for (const ip of ips)
    for (const sfx of suffixes) {
      const s = ip + sfx
      assert.is(Cidr.is(s), referenceCidr(s), JSON.stringify(s))
      if (referenceCidr(s)) valid++
    }
  assert.ok(valid > 10)
  assert.ok(Cidr.is('10.0.0.0/8'))
  assert.not.ok(Cidr.is('10.0.0.0/8/8'))
})

// ── parseDuration ────────────────────────────────────────────────────────────
test('parseDuration: any string gives milliseconds or undefined', () => {
  fc.assert(
    fc.property(
      fc.oneof(fc.string(), fc.stringMatching(/^\s*(\d{0,4}h)?(\d{0,4}m)?(\d{0,4}s)?(\d{0,4}ms)?\s*$/)),
      (s) => {
        const ms = parseDuration(s)
        assert.ok(ms === undefined || (Number.isFinite(ms) && ms >= 0), `${JSON.stringify(s)} → ${ms}`)
      },
    ),
    { seed: 424242, numRuns: 1000 },
  )
  assert.is(parseDuration('1h2m3s'), 3_723_000)
  assert.is(parseDuration(''), undefined)
})

test.run()
