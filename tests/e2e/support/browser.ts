import fs from 'node:fs'
import path from 'node:path'
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core'
import { SCREENSHOT_DIR } from './paths'

export const CHROMIUM_PATH = '/usr/bin/chromium'
export const hasChromium = fs.existsSync(CHROMIUM_PATH)
export const SKIP_REASON = `skipped: ${CHROMIUM_PATH} is absent (apt-get install -y chromium)`

export const DESKTOP = { width: 1280, height: 800 }
export const PHONE = { width: 375, height: 812 }

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
}

export type TBrowserLog = { errors: string[]; console: string[] }

/** A fresh context (its own cookies and storage, like another person's browser) and one page in it. */
export async function openPage(
  browser: Browser,
  { viewport = DESKTOP }: { viewport?: { width: number; height: number } } = {},
): Promise<{ context: BrowserContext; page: Page; log: TBrowserLog }> {
  const context = await browser.newContext({
    viewport,
    locale: 'en-US',
    timezoneId: 'UTC',
    reducedMotion: 'reduce',
  })
  context.setDefaultTimeout(15_000)
  const page = await context.newPage()
  const log: TBrowserLog = { errors: [], console: [] }
  page.on('pageerror', (error) => log.errors.push(error.message))
  page.on('console', (message) => log.console.push(`${message.type()}: ${message.text()}`))
  return { context, page, log }
}

/** Screenshots of the app as it is (toasts closed), for the README when UPDATE_SCREENSHOTS=1. */
export async function saveScreenshot(page: Page, name: string) {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true })
  const toasts = page.locator('[data-sonner-toast]')
  for (const close of await page.locator('[data-sonner-toast] [data-close-button]').all()) {
    await close.click({ force: true }).catch(() => undefined)
  }
  await toasts
    .first()
    .waitFor({ state: 'detached', timeout: 5000 })
    .catch(() => undefined)
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), animations: 'disabled' })
}
