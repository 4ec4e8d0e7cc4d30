import { gzipSync } from 'node:zlib'

/** The part of a Vite/Rolldown output chunk this measurement needs. */
export type TChunk = {
  fileName: string
  code: string
  isEntry: boolean
  facadeModuleId: string | null
  moduleIds: string[]
  imports: string[]
  importedCss: string[]
}

export type TRouteSpec = {
  route: string
  /** The modules the route loads to render (none when it is part of the entry chunk). */
  page: string[]
  /** Modules loaded after the first paint without any action (the session check, the toaster). */
  afterPaint: string[]
  /** Modules loaded only on demand (scrolling to the demo form, a signed-in header). */
  onDemand: string[]
}

export type TRouteSize = {
  route: string
  firstPaintJs: number
  afterPaintJs: number
  onDemandJs: number
  css: number
  firstPaintFiles: string[]
  modules: string[]
  /** Modules fetched right after the first paint, without any action. */
  afterPaintModules: string[]
}

const gzipSize = (text: string) => gzipSync(text).length

/** The chunk a module was bundled into (its own, or a shared one when several chunks import it). */
function chunkFor(chunks: TChunk[], moduleSuffix: string): TChunk {
  const chunk =
    chunks.find((candidate) => candidate.facadeModuleId?.endsWith(moduleSuffix)) ??
    chunks.find((candidate) => candidate.moduleIds.some((id) => id.endsWith(moduleSuffix)))
  if (!chunk) throw new Error(`no chunk is built for ${moduleSuffix}`)
  return chunk
}

/** A chunk plus everything it imports statically: what must arrive before it can run. */
function withStaticImports(chunks: TChunk[], start: TChunk, into = new Set<string>()): Set<string> {
  if (into.has(start.fileName)) return into
  into.add(start.fileName)
  for (const file of start.imports) {
    const imported = chunks.find((chunk) => chunk.fileName === file)
    if (imported) withStaticImports(chunks, imported, into)
  }
  return into
}

function sumGzip(chunks: TChunk[], files: Iterable<string>): number {
  let total = 0
  for (const file of files) total += gzipSize(chunks.find((chunk) => chunk.fileName === file)?.code ?? '')
  return total
}

function modulesOf(chunks: TChunk[], files: Iterable<string>): string[] {
  return [...files].flatMap((file) => chunks.find((chunk) => chunk.fileName === file)?.moduleIds ?? [])
}

/** Gzipped JavaScript per route, split by when it loads, plus the CSS the route pulls in. */
export function measureRoutes({
  chunks,
  cssByFile,
  routes,
}: {
  chunks: TChunk[]
  cssByFile: Map<string, string>
  routes: TRouteSpec[]
}): TRouteSize[] {
  const entry = chunks.find((chunk) => chunk.isEntry)
  if (!entry) throw new Error('the build has no entry chunk')
  return routes.map((spec) => {
    const firstPaint = withStaticImports(chunks, entry)
    for (const module of spec.page) withStaticImports(chunks, chunkFor(chunks, module), firstPaint)
    const afterPaint = new Set<string>()
    for (const module of spec.afterPaint) withStaticImports(chunks, chunkFor(chunks, module), afterPaint)
    for (const file of firstPaint) afterPaint.delete(file)
    const onDemand = new Set<string>()
    for (const module of spec.onDemand) withStaticImports(chunks, chunkFor(chunks, module), onDemand)
    for (const file of [...firstPaint, ...afterPaint]) onDemand.delete(file)
    const cssFiles = new Set(
      [...firstPaint].flatMap((file) => chunks.find((c) => c.fileName === file)?.importedCss ?? []),
    )
    return {
      route: spec.route,
      firstPaintJs: sumGzip(chunks, firstPaint),
      afterPaintJs: sumGzip(chunks, afterPaint),
      onDemandJs: sumGzip(chunks, onDemand),
      css: [...cssFiles].reduce((total, file) => total + gzipSize(cssByFile.get(file) ?? ''), 0),
      firstPaintFiles: [...firstPaint],
      modules: modulesOf(chunks, firstPaint),
      afterPaintModules: modulesOf(chunks, afterPaint),
    }
  })
}
