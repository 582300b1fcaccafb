/**
 * The memory store against the StateStore conformance suite. It keeps nothing durable and has no
 * holder process to lose, so one instance stands for every "process" and the lock, backup and
 * restore cases that need storage are left out (the suite prints which).
 */
import { memoryStore } from '../../src/state/memory-store'
import { storeConformance } from './store-conformance'

storeConformance(
  'memory store',
  async () => {
    const store = memoryStore()
    return { store, reopen: () => store }
  },
  { waits: true, recovers: false, backups: false },
)
