/**
 * The ticket page's layout shift (CLS), as Chrome counts it (shifts without recent input), from a fresh
 * load until everything the page loads has arrived: the ticket, its conversation and analysis, the
 * composer's chunk, the requester's name and two teammates' pills, "is replying" and "is viewing" (which
 * once pushed the whole page down). Against a real server on PGlite, with the web app built into a temporary directory so
 * a browser run on apps/web/dist is left alone. `npm run bench:web` prints it after the bundle sizes;
 * `npx tsx bench/web/ticket-page-cls.ts` runs it alone. Needs /usr/bin/chromium.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { type Browser, chromium } from '@playwright/test'
import { ID } from 'appwrite'
import { build } from 'vite'
import { joinByInvitation, signUpOwnerAndAgent } from '../../apps/server/src/teams/team.test-kit'
import { signUpUser } from '../../apps/server/src/testing/sdk-client'
import { startTestServer } from '../../apps/server/src/testing/test-server'

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const webRoot = path.join(repoRoot, 'apps/web')
const CHROMIUM = '/usr/bin/chromium'
const VIEWPORTS = [
  { name: 'desktop 1440x900', width: 1440, height: 900 },
  { name: 'phone 390x844', width: 390, height: 844 },
]
const RUNS = 3
const BODY =
  'Hello, my card was charged twice for the annual plan this morning (2 x 480 EUR, invoice INV-2041). Please refund the second charge before Friday.'

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

/** CLS of one fresh load of `url` in a browser signed in with `session`, once the page has settled. */
async function clsOfOneLoad(options: {
  browser: Browser
  baseURL: string
  url: string
  session: string
  viewport: { width: number; height: number }
}): Promise<number> {
  const context = await options.browser.newContext({ baseURL: options.baseURL, viewport: options.viewport })
  await context.addCookies([{ name: 'a_session_parsedesk', value: options.session, url: options.baseURL }])
  const page = await context.newPage()
  await page.addInitScript(() => {
    const state = window as unknown as { __cls: number }
    state.__cls = 0
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number
        hadRecentInput: boolean
      })[]) {
        if (!entry.hadRecentInput) state.__cls += entry.value
      }
    }).observe({ type: 'layout-shift', buffered: true })
  })
  await page.goto(options.url, { waitUntil: 'networkidle' })
  await page.getByRole('textbox', { name: 'Reply text' }).waitFor()
  await page.locator('[data-presence="viewing"]').waitFor()
  await page.locator('[data-presence="replying"]').waitFor()
  await page.getByRole('heading', { name: 'Ticket Analysis' }).waitFor()
  await page.waitForLoadState('networkidle')
  const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls)
  await context.close()
  return cls
}

/** Prints the ticket page's CLS per viewport (each the worst of a few fresh loads); skips without Chromium. */
export async function printTicketPageCls(): Promise<void> {
  if (!fs.existsSync(CHROMIUM)) {
    console.log(`ticket page CLS: skipped, ${CHROMIUM} is absent`)
    return
  }
  const webDistDir = await buildWeb()
  const server = await startTestServer({ database: 'pglite', webDistDir })
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] })
  try {
    const { owner, agent, teamId } = await signUpOwnerAndAgent(server.url, {
      owner: 'Olive Owner',
      agent: 'Ada Agent',
    })
    const replier = await signUpUser(server.url, 'Ben Replier')
    await joinByInvitation({ serverUrl: server.url, owner, member: replier, teamId, roles: ['agent'] })
    const ticket = await owner.databases.createDocument({
      databaseId: 'main',
      collectionId: 'tickets',
      documentId: ID.unique(),
      data: {
        email: 'dana@customer-corp.example',
        subject: 'Charged twice for the annual plan after upgrading from monthly billing last week',
        body: BODY,
      },
    })
    await owner.databases.createDocument({
      databaseId: 'main',
      collectionId: 'messages',
      documentId: ID.unique(),
      data: { ticketId: ticket.$id, note: true, body: 'Refund approved by finance, waiting for the bank.' },
    })
    // Measured once analysed: the analysis is part of what the page shows.
    let analysed = ticket
    for (let tries = 0; analysed.processing_status !== 'completed'; tries++) {
      if (tries > 300) throw new Error('the ticket was not analysed within a minute')
      await new Promise((resolve) => setTimeout(resolve, 200))
      analysed = await owner.databases.getDocument({
        databaseId: 'main',
        collectionId: 'tickets',
        documentId: ticket.$id,
      })
    }
    const session = owner.client.config.session
    console.log('ticket page CLS (Chrome layout-shift entries without recent input; aim: under 0.1):')
    for (const viewport of VIEWPORTS) {
      const runs: number[] = []
      for (let run = 0; run < RUNS; run++) {
        // One teammate viewing, one replying; presence lasts 45 s, so it is written again before each load.
        for (const [member, state] of [
          [agent, 'viewing'],
          [replier, 'replying'],
        ] as const) {
          await member.databases.createDocument({
            databaseId: 'main',
            collectionId: 'presence',
            documentId: ID.unique(),
            data: { ticketId: ticket.$id, state },
          })
        }
        runs.push(
          await clsOfOneLoad({
            browser,
            baseURL: server.url,
            url: `/tickets/${analysed.number}`,
            session,
            viewport,
          }),
        )
      }
      console.log(
        `  ${viewport.name.padEnd(18)} worst ${Math.max(...runs).toFixed(3)}  (runs: ${runs.map((cls) => cls.toFixed(3)).join(', ')})`,
      )
    }
  } finally {
    await browser.close()
    await server.stop()
    fs.rmSync(webDistDir, { recursive: true, force: true })
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await printTicketPageCls()
}
