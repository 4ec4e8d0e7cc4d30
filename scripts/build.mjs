// The production build: the server bundled into apps/server/dist (run with plain `node`), the web app
// into apps/web/dist.
//   --if-stale   what `npm start` runs first: builds only an output that is missing or older than its
//                sources; a copy without sources (a production install) then never builds.
//   --out DIR    builds into DIR instead, with the manifests `npm ci --omit=dev` needs there: DIR is then
//                what goes to production, and the working tree's own outputs are left alone.
// Plain JavaScript: it must run where only production dependencies are installed.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import { builtinModules } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const at = (...parts) => path.join(ROOT, ...parts)

// What a production copy holds besides the two outputs: the lock file and every workspace's manifest
// (npm ci checks the lock against them), this script, which `npm start` runs first, and the container's
// health check.
const MANIFESTS = [
  'package.json',
  'package-lock.json',
  'scripts/build.mjs',
  'scripts/healthcheck.mjs',
  ...['apps', 'packages'].flatMap((folder) =>
    fs
      .readdirSync(at(folder))
      .map((name) => `${folder}/${name}/package.json`)
      .filter((manifest) => fs.existsSync(at(manifest))),
  ),
]

const SERVER = {
  name: 'server',
  output: 'apps/server/dist',
  entry: 'main.js',
  // The first is the sources' folder, whose absence marks a production copy.
  sources: ['apps/server/src', 'apps/server/package.json', 'packages/contracts/src'],
  build: buildServer,
}
const WEB = {
  name: 'web app',
  output: 'apps/web/dist',
  entry: 'index.html',
  sources: [
    'apps/web/src',
    'apps/web/public',
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    'apps/web/package.json',
    'packages/contracts/src',
  ],
  build: buildWeb,
}

/** The newest modification time under `paths`. */
function newestMtime(paths) {
  let newest = 0
  for (const entry of paths.map((relative) => at(relative))) {
    if (!fs.existsSync(entry)) continue
    const stat = fs.statSync(entry)
    if (!stat.isDirectory()) {
      newest = Math.max(newest, stat.mtimeMs)
      continue
    }
    for (const name of fs.readdirSync(entry, { recursive: true })) {
      newest = Math.max(newest, fs.statSync(path.join(entry, name)).mtimeMs)
    }
  }
  return newest
}

function isStale(target) {
  const entry = at(target.output, target.entry)
  if (!fs.existsSync(entry)) return true
  // A production copy has the manifests but no sources: nothing there can be newer than what was built.
  if (!fs.existsSync(at(target.sources[0]))) return false
  return newestMtime(target.sources) > fs.statSync(entry).mtimeMs
}

async function buildServer(outdir) {
  // Loaded here, not at the top: a production install has no esbuild, and needs none while dist is fresh.
  const esbuild = await import('esbuild')
  const serverPackage = JSON.parse(fs.readFileSync(at('apps/server/package.json'), 'utf8'))
  const runtime = Object.keys(serverPackage.dependencies)
  fs.rmSync(outdir, { recursive: true, force: true })
  await esbuild.build({
    // The embedded database's thread (decision 034) starts from a file of its own, beside main.js.
    entryPoints: {
      main: at('apps/server/src/main.ts'),
      'pglite-worker': at('apps/server/src/db/pglite-worker.ts'),
    },
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [keepDependenciesExternal(runtime)],
  })
  // What the bundle reads beside itself at run time, as the sources read it beside theirs.
  fs.cpSync(at('apps/server/src/db/migrations'), path.join(outdir, 'migrations'), { recursive: true })
  fs.mkdirSync(path.join(outdir, 'model'))
  fs.copyFileSync(
    at('apps/server/src/analysis/model/default.model.json'),
    path.join(outdir, 'model/default.model.json'),
  )
}

/**
 * The workspace packages (`@parsedesk/*`, TypeScript sources) go into the bundle; every other package stays
 * an import that `npm ci --omit=dev` must satisfy, so one the server imports without declaring it in
 * apps/server's dependencies stops the build instead of failing in production.
 */
function keepDependenciesExternal(runtime) {
  return {
    name: 'keep-dependencies-external',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.path.startsWith('node:') || args.path.startsWith('@parsedesk/')) return undefined
        const name = args.path.startsWith('@')
          ? args.path.split('/').slice(0, 2).join('/')
          : args.path.split('/')[0]
        if (runtime.includes(name) || builtinModules.includes(name))
          return { path: args.path, external: true }
        return {
          errors: [
            {
              text: `"${name}" is imported by the server but is not in apps/server/package.json dependencies`,
            },
          ],
        }
      })
    },
  }
}

function buildWeb(outdir) {
  // A test runner's NODE_ENV=test would make Vite bundle React's development build.
  execFileSync('npm', ['run', 'build', '--workspace', 'apps/web', '--', '--outDir', outdir], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  })
}

const args = process.argv.slice(2)
const onlyStale = args.includes('--if-stale')
const outFlag = args.indexOf('--out')
const outRoot = outFlag === -1 ? ROOT : path.resolve(args[outFlag + 1] ?? '')
if (outFlag !== -1 && (args[outFlag + 1] === undefined || outRoot === ROOT)) {
  console.error('--out: give a folder other than the working tree, e.g. --out /tmp/parsedesk')
  process.exit(1)
}

for (const target of [SERVER, WEB]) {
  if (onlyStale && outRoot === ROOT && !isStale(target)) continue
  const started = performance.now()
  await target.build(path.join(outRoot, target.output))
  console.log(`built the ${target.name} in ${Math.round(performance.now() - started)} ms`)
}
if (outRoot !== ROOT) {
  for (const file of MANIFESTS) {
    fs.mkdirSync(path.dirname(path.join(outRoot, file)), { recursive: true })
    fs.copyFileSync(at(file), path.join(outRoot, file))
  }
  console.log(`${outRoot} is ready: npm ci --omit=dev there, then npm start`)
}
