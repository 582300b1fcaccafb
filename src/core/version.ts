/**
 * The version of this trellis, as its package.json says (the one place it is written): the build
 * inlines it, so an installed copy reports its own version wherever it is asked.
 */
import { version } from '../../package.json'

/** This trellis's version, as its package.json says (`trellis --version` prints it). */
export const VERSION: string = version
