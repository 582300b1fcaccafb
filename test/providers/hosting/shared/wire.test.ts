/**
 * The hosting wire helpers the specs share: the team id a request names.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { teamIdOr } from '#src/providers/hosting/shared/wire'

test('teamIdOr: an unresolved default slug is named in the error', () => {
  assert.throws(() => teamIdOr(undefined, { defaultTeamSlug: 'acme' }, 'x'), /"acme" has not been resolved/)
  assert.is(teamIdOr(undefined, { defaultTeamId: 'id1' }, 'x'), 'id1')
})

test.run()
