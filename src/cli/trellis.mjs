#!/usr/bin/env node
// The `trellis` command. From a checkout it runs the TypeScript source through tsx (for `import`
// and `require`); the build (tsup.config.ts) defines __TRELLIS_COMPILED__, drops that branch and
// bundles main.ts into dist/trellis.mjs, which registers tsx only to load a TypeScript program.
/* global __TRELLIS_COMPILED__ */
if (typeof __TRELLIS_COMPILED__ === 'undefined') {
  const [esm, cjs] = await Promise.all([import('tsx/esm/api'), import('tsx/cjs/api')])
  esm.register()
  cjs.register()
}
await import('./main.ts')
