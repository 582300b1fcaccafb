/**
 * isCalendarDate reads YYYY-MM-DD digit by digit; it must answer as the regular expression and
 * Date round trip it replaced, for every day, month and year edge and malformed text.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { isCalendarDate } from '#src/core/codecs'

const test = suite('calendar date')

// what the codec answered before: a pattern, then the date read back through Date.UTC
const reference = (s: string): boolean => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s)
  if (!m) return false
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]))
  return d.getUTCFullYear() === +m[1] && d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3]
}

const pad = (n: number, w: number) => String(n).padStart(w, '0')

test('every day 00-32 of every month 00-13 of edge years answers as before', () => {
  let valid = 0
  for (const y of [0, 1, 4, 99, 100, 101, 200, 400, 1582, 1600, 1900, 1999, 2000, 2023, 2024, 2100, 2400, 9999])
    for (let m = 0; m <= 13; m++)
      for (let d = 0; d <= 32; d++) {
        const s = `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`
        assert.is(isCalendarDate(s), reference(s), s)
        if (reference(s)) valid++
      }
  // the leap days of 400, 1600, 2000, 2024, 2400 and none of 100, 200, 1900, 2100, 2023
  assert.ok(valid > 0)
  assert.ok(isCalendarDate('2024-02-29'))
  assert.not.ok(isCalendarDate('2023-02-29'))
  assert.not.ok(isCalendarDate('1900-02-29'))
  assert.ok(isCalendarDate('2000-02-29'))
})

test('malformed text answers as before', () => {
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
    assert.is(isCalendarDate(s), reference(s), JSON.stringify(s))
})

test.run()
