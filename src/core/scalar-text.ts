/**
 * A wire value as text: strings as they are, numbers and booleans printed, null/undefined empty, and
 * anything else as JSON — never the `[object Object]` that `String()` makes of an object.
 */
export const scalarText = (u: unknown): string =>
  typeof u === 'string'
    ? u
    : typeof u === 'number' || typeof u === 'boolean' || typeof u === 'bigint'
      ? String(u)
      : u === undefined || u === null
        ? ''
        : (JSON.stringify(u) ?? '')
