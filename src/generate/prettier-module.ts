/**
 * A project's own prettier, imported on first use from the file it resolves to. The dynamic import
 * lives here, in a module the ESM build makes an entry of its own (tsup.config.ts), so the chunk
 * `import 'trellis'` loads holds none (see src/workspace/wiring-modules.ts).
 */
export const prettierModule = (url: string): Promise<unknown> => import(url)
