/**
 * processAlive: is a process of this host still there? `kill(pid, 0)` sends nothing and fails with
 * ESRCH when no such process exists; EPERM means it exists but belongs to someone else. Lock
 * holders (state files, the emulators' data file) are judged by it.
 */
export const processAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM'
  }
}
