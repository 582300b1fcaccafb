/**
 * The modules a workspace loads when a run first needs a platform (the clients, the emulators and
 * their wiring), each behind a function. The dynamic imports live here, in a module the ESM build
 * makes an entry of its own (tsup.config.ts), so the chunk `import 'trellis'` loads holds none: tsx,
 * loading a program's modules, runs a lexer over every JavaScript file that holds a dynamic import
 * and writes it a source map.
 */
export const wiringModules = {
  emulatedHandler: () => import('./emulated-handler'),
  localPlatforms: () => import('../../clients/emulators/local-platforms'),
  realHandler: () => import('./real-handler'),
}
