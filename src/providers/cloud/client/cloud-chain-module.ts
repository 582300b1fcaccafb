/**
 * The cloud's credential chain, imported when a run first needs it. The dynamic import lives here,
 * in a module the ESM build makes an entry of its own (tsup.config.ts), so the chunk
 * `import 'trellis'` loads holds none (see src/workspace/wiring-modules.ts).
 */
export const cloudChainModule = () => import('./cloud-key-chain')
