#!/usr/bin/env node
// The `trellis` command: registers tsx so programs (and trellis itself) load as TypeScript.
import { register } from 'tsx/esm/api'

register()
await import('./main.ts')
