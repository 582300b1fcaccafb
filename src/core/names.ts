/**
 * The rules for names a user gives: stack names become file names under the state directory (and
 * keys of a shared store), so they are a safe file name and nothing else — no separator, no `..`,
 * no leading dot. Node names are free text, but never hold control or bidirectional-override
 * characters, which could forge or hide lines wherever a name is printed (a plan, a log).
 */

/** letters, digits, `.`, `_`, `-`; starts with a letter or digit; at most 100 characters */
export const STACK_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/

/** What is wrong with a stack name, or undefined when it is fine. */
export const stackNameProblem = (name: unknown): string | undefined =>
  typeof name !== 'string'
    ? `a stack name must be a string, got ${name === null ? 'null' : typeof name}`
    : STACK_NAME.test(name)
      ? undefined
      : `stack name ${JSON.stringify(name)}: expected 1 to 100 letters, digits, '.', '_' or '-', starting with a letter or digit (it names files under the state directory)`

/** C0 and C1 controls, line and paragraph separators, bidirectional overrides and isolates */
// eslint-disable-next-line no-control-regex
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/

/** What is wrong with a node name, or undefined when it is fine. */
export const nodeNameProblem = (name: unknown): string | undefined =>
  typeof name !== 'string'
    ? `a node name must be a string, got ${name === null ? 'null' : typeof name}`
    : name === ''
      ? 'a node name must not be empty'
      : UNPRINTABLE.test(name)
        ? `node name ${JSON.stringify(name)} holds a control or bidirectional character, which could forge or hide lines where it is printed`
        : undefined

/** Text with every unprintable character (as above) written as a `\uXXXX` escape. */
export const printable = (s: string): string => {
  const text = String(s)
  // the common case, nothing to escape, answered by a test: a replace with a callback takes a
  // slow path even when nothing matches, and every node's label comes through here
  return UNPRINTABLE.test(text) ? escapeUnprintable(text) : text
}

const escapeUnprintable = (s: string): string =>
  // eslint-disable-next-line no-control-regex
  s.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, (c) =>
    c === '\n'
      ? '\\n'
      : c === '\t'
        ? '\\t'
        : c === '\r'
          ? '\\r'
          : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )

/** printable ASCII but `"` and `\`: what JSON.stringify leaves as it is */
const PLAIN_NAME = /^[ !#-[\]-~]*$/

/**
 * A name as printed: in double quotes, quotes and backslashes escaped, nothing unprintable left. A
 * plain name is answered by one test (every node's label comes through here): JSON.stringify's copy
 * and a test of that give the same.
 */
export const quoteName = (name: string): string =>
  typeof name === 'string' && PLAIN_NAME.test(name) ? `"${name}"` : printable(JSON.stringify(name))
