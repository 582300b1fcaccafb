/**
 * storeOf: the state store workspace options name — the given one, PostgreSQL (`stateUrl`) or
 * files (`stateDir`); emulated state lives apart, and each store refuses the other platform's states.
 */
import { emulatedStateDir } from '../../clients/emulators/emulated-paths'
import { fileStore } from '../state/file-store'
import { platformGuard } from '../state/platform-guard'
import { postgresStore } from '../state/postgres-store'
import type { StateStore } from '../state/state-store'
import { usageError } from './trellis-error'
import type { WorkspaceOptions } from './workspace'

export const storeOf = (opts: WorkspaceOptions, emulated: boolean): StateStore => {
  if (opts.stateDir !== undefined && opts.stateUrl !== undefined)
    throw usageError('workspace: give stateDir or stateUrl, not both')
  if (emulated && opts.stateUrl !== undefined)
    throw usageError('workspace: emulated state lives under stateDir; stateUrl is for the real platforms')
  if (opts.store) return opts.store
  const stateDir = opts.stateDir ?? '.trellis'
  if (emulated)
    return platformGuard(fileStore({ dir: emulatedStateDir(stateDir) }), 'emulated', {
      where: emulatedStateDir(stateDir),
      notStacks: ['endpoint'],
    })
  return platformGuard(
    opts.stateUrl ? postgresStore({ connectionString: opts.stateUrl }) : fileStore({ dir: stateDir }),
    'real',
    opts.stateUrl ? {} : { where: stateDir, notStacks: ['emulator'] },
  )
}
