/** Which input fields hold ids of other objects (by name: `zoneId`, `folderToken`, `reportTokens`). */

export const REF_FIELD = /(^id$|^token$|Id$|Token$|Ids$|Tokens$)/

/** the field a value sits in: the last key that is not an array index */
export const fieldOf = (path: ReadonlyArray<string>): string =>
  [...path].reverse().find((k) => !/^[0-9]+$/.test(k)) ?? ''
