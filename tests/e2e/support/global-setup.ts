import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import { requireAll } from '../../../apps/server/src/testing/require-all'
import { CHROMIUM_PATH, hasChromium, SKIP_REASON } from './browser'
import { REPO_ROOT, WEB_DIST_INDEX } from './paths'

/** The browser tests run against the built app the server serves; build it once if it is missing. */
export default async function globalSetup() {
  await requireAll([
    {
      name: `Chromium at ${CHROMIUM_PATH}`,
      install: 'apt-get install chromium',
      isPresent: () => hasChromium,
    },
  ])
  if (!hasChromium) {
    console.warn(`\n[e2e] ${SKIP_REASON}\n`)
    return
  }
  if (fs.existsSync(WEB_DIST_INDEX)) return
  console.log('[e2e] apps/web/dist is missing: building the web app')
  // A test runner may have set NODE_ENV=test, which would make Vite bundle React's development build.
  execFileSync('npm', ['run', 'build', '--workspace', 'apps/web'], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  })
}
