/**
 * The handlers moved to src/workspace (the embedding API builds them; the CLI is its client); kept
 * here as re-exports for scripts and tests that import them from the CLI.
 */
export { realHandler } from '../workspace/real-handler'
export { emulatedHandler, type Emulated, type Emulators } from '../workspace/emulated-handler'
