/**
 * Keystroke to frame in the ticket list's search box with 1,000 rows loaded (issue 24, item 7): from each
 * key's `keydown` to the frame after it (a `requestAnimationFrame`, then a task, so React's render and
 * commit of that key are in it). Against a real server on PGlite with the web app built into a temporary
 * directory, so a browser run on apps/web/dist is left alone. `npm run bench:web` prints it after the
 * bundle sizes; `npx tsx bench/web/list-keystrokes.ts` runs it alone. Needs /usr/bin/chromium.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from '@playwright/test'
import { ID, Teams } from 'appwrite'
import { build } from 'vite'
import { signUpUser } from '../../apps/server/src/testing/sdk-client'
import { startTestServer } from '../../apps/server/src/testing/test-server'

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const webRoot = path.join(repoRoot, 'apps/web')
const CHROMIUM = '/usr/bin/chromium'
const ROWS = 1000
const PAGE_SIZE = 50
/** What an agent types, twice over (the box is emptied between rounds): 60 keystrokes measured. */
const TYPED = ['invoice refund', 'password reset not ', 'export csv broken ']
const SUBJECTS = [
  'Invoice charged twice',
  'Password reset link expired',
  'Export to CSV is empty',
  'Cannot log in',
]

async function buildWeb(): Promise<string> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parsedesk-bench-web-'))
  await build({
    root: webRoot,
    configFile: path.join(webRoot, 'vite.config.ts'),
    logLevel: 'silent',
    build: { outDir, emptyOutDir: true },
  })
  return outDir
}

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0
}

/** Prints keystroke-to-frame figures at 1,000 loaded rows; skips without Chromium. */
export async function printListKeystrokes(): Promise<void> {
  if (!fs.existsSync(CHROMIUM)) {
    console.log(`list keystrokes: skipped, ${CHROMIUM} is absent`)
    return
  }
  const webDistDir = await buildWeb()
  // No worker: nothing analyses or changes the rows while keys are timed.
  const server = await startTestServer({ database: 'pglite', roles: ['http'], webDistDir })
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] })
  try {
    const owner = await signUpUser(server.url, 'Olive Owner')
    const teamId = (await new Teams(owner.client).list()).teams[0]?.$id ?? ''
    for (let at = 0; at < ROWS; at += 25) {
      await Promise.all(
        Array.from({ length: Math.min(25, ROWS - at) }, (_, index) =>
          owner.databases.createDocument({
            databaseId: 'main',
            collectionId: 'tickets',
            documentId: ID.unique(),
            data: {
              email: `customer${at + index}@customer-corp.example`,
              subject: `${SUBJECTS[(at + index) % SUBJECTS.length]} (${at + index})`,
              body: 'Please help.',
              teamId,
            },
          }),
        ),
      )
    }
    // Analysed as the worker would leave them: a list of unfinished tickets is read again every 2 s.
    await server.db.query(
      `update tickets set processing_status = 'completed', priority = 'medium', category = 'billing' where "teamId" = $1`,
      [teamId],
    )

    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1440, height: 900 } })
    await context.addCookies([
      { name: 'a_session_parsedesk', value: owner.client.config.session ?? '', url: server.url },
    ])
    const page = await context.newPage()
    await page.goto('/tickets')
    const rows = page.locator('table[aria-label="Recent tickets"] tbody tr[data-ticket-id]')
    await rows.first().waitFor()
    for (let pages = 1; pages < ROWS / PAGE_SIZE; pages++) {
      const loadMore = page.getByRole('button', { name: 'Load more' })
      await Promise.all([
        page.waitForResponse(
          (response) => response.url().includes('/collections/tickets/documents') && response.ok(),
        ),
        loadMore.click(),
      ])
      await page.getByRole('button', { name: 'Loading...' }).waitFor({ state: 'detached' })
    }
    await page.waitForLoadState('networkidle')
    const drawnRows = await rows.count()

    await page.evaluate(() => {
      const state = window as unknown as { __keys: number[] }
      state.__keys = []
      document.addEventListener(
        'keydown',
        () => {
          const started = performance.now()
          requestAnimationFrame(() => setTimeout(() => state.__keys.push(performance.now() - started), 0))
        },
        { capture: true },
      )
    })
    const search = page.getByLabel('Search tickets')
    for (const text of TYPED) {
      await search.click()
      await page.keyboard.type(text, { delay: 60 })
      await page.waitForLoadState('networkidle')
      await search.fill('')
      await page.waitForLoadState('networkidle')
    }
    const keys = await page.evaluate(() => (window as unknown as { __keys: number[] }).__keys)
    await context.close()
    const load = os.loadavg().map((value) => value.toFixed(2))
    console.log(
      `ticket list, keystroke to frame with ${ROWS} rows loaded (${drawnRows} drawn), ${keys.length} keys (aim: p95 under 16 ms):`,
    )
    console.log(
      `  median ${percentile(keys, 50).toFixed(1)} ms  p95 ${percentile(keys, 95).toFixed(1)} ms  max ${Math.max(...keys).toFixed(1)} ms  (load average ${load.join(' ')})`,
    )
  } finally {
    await browser.close()
    await server.stop()
    fs.rmSync(webDistDir, { recursive: true, force: true })
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await printListKeystrokes()
}
