import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
export const WEB_DIST_INDEX = path.join(REPO_ROOT, 'apps/web/dist/index.html')
// Every run takes the screenshots; only UPDATE_SCREENSHOTS=1 puts them in the README's folder, so a test run
// leaves the working tree clean (they carry dates and ids that differ on each run).
export const SCREENSHOT_DIR = path.join(
  REPO_ROOT,
  process.env.UPDATE_SCREENSHOTS === '1' ? 'docs/screenshots' : 'test-results/screenshots',
)
