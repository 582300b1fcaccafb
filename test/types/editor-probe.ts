/**
 * What an editor asks TypeScript about a program: the hover text (quick info: signature and doc)
 * at a marked place, and the program's errors, through the language service as editors use it.
 * Shared by the source-level test and the package suite (which asks of the packed tarball).
 */
import ts from 'typescript'
import { join } from 'node:path'

/** The program users write, with `/*@name*\/` markers just before the identifiers to hover. */
export const PROBE = `import { stack } from 'trellis'
import * as cost from 'trellis/cost'
import * as hosting from 'trellis/hosting'

const site = hosting.getSite('www', { /*@arg*/name: 'docs' })
const finance = cost.folder('finance', { /*@field*/title: 'Finance' })
const monthly = cost
  .costReport('monthly', { title: 'Monthly' })
  ./*@setter*/folderToken(finance.out./*@out*/token)
export default stack('s').add(site, finance, monthly)
`

/** Two mistakes: a misspelt optional field beside a right one, and a builder added without its required title. */
export const MISTAKES = `import { stack } from 'trellis'
import * as cost from 'trellis/cost'

const finance = cost.folder('finance', { title: 'F', workspaceTokn: 'w' })
const untitled = cost.folder('untitled').workspaceToken('w')
export default stack('s').add(finance, untitled)
`

export interface Probe {
  /** the hover text (display and documentation) at each marker */
  readonly hover: (name: string) => string
  /** every error of the file, flattened as tsc prints them */
  readonly errors: () => ReadonlyArray<string>
}

/** A language service over one in-memory file `dir/probe.ts` with `options`; other files from disk. */
export const probe = (dir: string, text: string, options: ts.CompilerOptions): Probe => {
  const file = join(dir, 'probe.ts')
  const markers = new Map<string, number>()
  const clean = text.replace(/\/\*@(\w+)\*\//g, (_, name: string, at: number) => {
    markers.set(name, at - [...markers.keys()].reduce((n, k) => n + `/*@${k}*/`.length, 0))
    return ''
  })
  const host: ts.LanguageServiceHost = {
    getCompilationSettings: () => options,
    getScriptFileNames: () => [file],
    getScriptVersion: () => '1',
    getScriptSnapshot: (f) => {
      const t = f === file ? clean : ts.sys.readFile(f)
      return t === undefined ? undefined : ts.ScriptSnapshot.fromString(t)
    },
    getCurrentDirectory: () => dir,
    getDefaultLibFileName: (o) => ts.getDefaultLibFilePath(o),
    fileExists: (f) => f === file || ts.sys.fileExists(f),
    readFile: (f) => (f === file ? clean : ts.sys.readFile(f)),
    readDirectory: (...a) => ts.sys.readDirectory(...a),
    directoryExists: (d) => ts.sys.directoryExists(d),
    getDirectories: (d) => ts.sys.getDirectories(d),
  }
  const service = ts.createLanguageService(host)
  return {
    hover: (name) => {
      const at = markers.get(name)
      if (at === undefined) throw new Error(`no marker ${name}`)
      const info = service.getQuickInfoAtPosition(file, at + 1)
      return `${ts.displayPartsToString(info?.displayParts)}\n${ts.displayPartsToString(info?.documentation)}`
    },
    errors: () =>
      [...service.getSyntacticDiagnostics(file), ...service.getSemanticDiagnostics(file)].map((d) =>
        ts.flattenDiagnosticMessageText(d.messageText, '\n'),
      ),
  }
}
