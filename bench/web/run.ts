import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build, type Rolldown } from 'vite'
import { printListKeystrokes } from './list-keystrokes'
import { measureRoutes, type TChunk, type TRouteSpec } from './measure-routes'
import { printTicketPageCls } from './ticket-page-cls'

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const webRoot = path.join(repoRoot, 'apps/web')

/** Loaded right after the first paint on every route: the SDK, for the session check. */
const AFTER_PAINT = ['src/lib/appwrite.ts']
/** Loaded beside every screen that fetches data: TanStack Query and the app's query client. */
const QUERIES = 'src/app/query-provider.tsx'
/** Loaded with the first toast. */
const TOASTER = 'src/app/app-toaster.tsx'
/** The signed-in header's workspace switcher (not on the landing page). */
const SWITCHER = 'src/features/workspaces/components/workspace-switcher.tsx'

const ROUTES: TRouteSpec[] = [
  {
    route: '/',
    page: [],
    afterPaint: AFTER_PAINT,
    onDemand: ['src/features/landing/components/demo-form.tsx', QUERIES, TOASTER],
  },
  {
    route: '/auth',
    page: ['src/features/auth/routes/auth-page.tsx', QUERIES],
    afterPaint: AFTER_PAINT,
    onDemand: [TOASTER],
  },
  {
    route: '/tickets',
    page: ['src/features/tickets/routes/dashboard-page.tsx', QUERIES],
    afterPaint: [...AFTER_PAINT, 'src/components/layout/logout-button.tsx', SWITCHER],
    onDemand: [TOASTER, 'src/features/tickets/components/raw-json-panel.tsx'],
  },
  {
    route: '/settings/workspace',
    page: ['src/features/workspaces/routes/workspace-settings-page.tsx', QUERIES],
    afterPaint: [...AFTER_PAINT, 'src/components/layout/logout-button.tsx', SWITCHER],
    onDemand: [TOASTER],
  },
  {
    route: '/invite',
    page: ['src/features/workspaces/routes/invite-page.tsx', QUERIES],
    afterPaint: AFTER_PAINT,
    onDemand: [TOASTER],
  },
  {
    route: '/error',
    page: ['src/features/errors/routes/error-page.tsx'],
    afterPaint: AFTER_PAINT,
    onDemand: [],
  },
  {
    route: '/<404>',
    page: ['src/features/errors/routes/not-found-page.tsx'],
    afterPaint: AFTER_PAINT,
    onDemand: [],
  },
]

const LANDING_BUDGET_KB = 120
const kb = (bytes: number) => (bytes / 1024).toFixed(1)

async function buildInMemory() {
  const started = performance.now()
  const result = await build({
    root: webRoot,
    configFile: path.join(webRoot, 'vite.config.ts'),
    logLevel: 'silent',
    build: { write: false },
  })
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[]
  const chunks: TChunk[] = []
  const cssByFile = new Map<string, string>()
  for (const item of outputs.flatMap((output) => output.output)) {
    if (item.type === 'chunk') {
      chunks.push({
        fileName: item.fileName,
        code: item.code,
        isEntry: item.isEntry,
        facadeModuleId: item.facadeModuleId,
        moduleIds: item.moduleIds,
        imports: item.imports,
        importedCss: [...(item.viteMetadata?.importedCss ?? [])],
      })
    } else if (item.fileName.endsWith('.css')) {
      cssByFile.set(item.fileName, String(item.source))
    }
  }
  return { chunks, cssByFile, buildMs: performance.now() - started }
}

const { chunks, cssByFile, buildMs } = await buildInMemory()
const sizes = measureRoutes({ chunks, cssByFile, routes: ROUTES })

const cpu = os.cpus()[0]?.model ?? 'unknown CPU'
console.log(
  `machine: ${cpu}, ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, node ${process.version}`,
)
console.log(`vite build (in memory): ${(buildMs / 1000).toFixed(1)} s, ${chunks.length} JS chunks`)
console.log('gzipped KB (zlib default level) per route:')
console.log(`${'route'.padEnd(20)} first-paint JS  +after paint  +on demand   CSS`)
for (const size of sizes) {
  console.log(
    `${size.route.padEnd(20)} ${kb(size.firstPaintJs).padStart(14)}  ${kb(size.afterPaintJs).padStart(12)}  ${kb(size.onDemandJs).padStart(10)}  ${kb(size.css).padStart(5)}`,
  )
}
const landing = sizes.find((size) => size.route === '/')
if (landing) {
  const isScreenModule = (id: string) => /features\/(tickets|workspaces)\//.test(id)
  const dashboardModules = landing.modules.filter(isScreenModule)
  const isZod = (id: string) => /node_modules\/zod\//.test(id)
  const zodModules = landing.modules.filter(isZod)
  const contractsModules = landing.modules
    .filter((id) => id.includes('/packages/contracts/'))
    .map((id) => path.basename(id))
  console.log(
    `landing first paint: ${kb(landing.firstPaintJs)} KB of JS (budget ${LANDING_BUDGET_KB} KB), ${dashboardModules.length} dashboard or workspace modules, ${zodModules.length} zod modules, contracts modules: ${contractsModules.join(', ') || 'none'}, files: ${landing.firstPaintFiles.join(', ')}`,
  )
  console.log(
    `landing with everything it loads unasked: ${kb(landing.firstPaintJs + landing.afterPaintJs)} KB (budget ${LANDING_BUDGET_KB} KB), ${landing.afterPaintModules.filter(isZod).length} zod and ${landing.afterPaintModules.filter(isScreenModule).length} dashboard or workspace modules after paint`,
  )
}

await printTicketPageCls()

await printListKeystrokes()
