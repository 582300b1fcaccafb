/**
 * The cloud wire helpers the specs share: the CRC-32 and the ids hash a listing's id is made of.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { crc32 as zlibCrc32 } from 'node:zlib'
import { crc32, idsHash } from '#src/providers/cloud/shared/wire'

test('crc32 and the ids hash match the engine (CRC-32 IEEE of "id-" joined)', () => {
  assert.is(crc32('123456789'), '3421780262')
  assert.is(idsHash(['a', 'b']), crc32('a-b-'))
})

test('crc32 agrees with node:zlib on any text', () => {
  for (const s of ['', 'a', 'ipmg-1-', 'ü€𝄞', 'x'.repeat(1000)]) assert.is(crc32(s), String(zlibCrc32(s)), s)
})

test.run()
