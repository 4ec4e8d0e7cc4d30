import fs from 'node:fs'
import path from 'node:path'
import { type BrowserContext, expect, type Page } from '@playwright/test'
import { SCREENSHOT_DIR } from './paths'

export const CHROMIUM_PATH = '/usr/bin/chromium'
export const hasChromium = fs.existsSync(CHROMIUM_PATH)
export const SKIP_REASON = `skipped: ${CHROMIUM_PATH} is absent (apt-get install -y chromium)`

/** Debian's Chromium as the tests launch it (playwright.config.ts); no browser is ever downloaded. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

export const DESKTOP = { width: 1280, height: 800 }
export const PHONE = { width: 375, height: 812 }
/** The README's screenshots of the settings pages: a wide desktop and the narrowest phone we support. */
export const WIDE_DESKTOP = { width: 1440, height: 900 }
export const NARROW_PHONE = { width: 360, height: 740 }

/** What the pages of one test printed and threw, every page of every context it opened. */
export type TBrowserLog = {
  errors: string[]
  console: string[]
  /** Content Security Policy reports the test provokes on purpose; every other one fails it. */
  expectPolicyReport(pattern: RegExp): void
  unexpectedPolicyReports(): string[]
  watch(context: BrowserContext): void
}

export function createBrowserLog(): TBrowserLog {
  const expected: RegExp[] = []
  const log: TBrowserLog = {
    errors: [],
    console: [],
    expectPolicyReport: (pattern) => expected.push(pattern),
    unexpectedPolicyReports: () =>
      log.console.filter(
        (line) => /Content Security Policy/i.test(line) && !expected.some((pattern) => pattern.test(line)),
      ),
    watch(context) {
      context.on('weberror', (error) => log.errors.push(error.error().message))
      context.on('console', (message) => log.console.push(`${message.type()}: ${message.text()}`))
    },
  }
  return log
}

/** Closes every toast and waits until none is left (a toast fading in is no subject for axe or a picture). */
export async function closeToasts(page: Page) {
  const toasts = page.locator('[data-sonner-toast]')
  for (const close of await toasts.locator('[data-close-button]').all()) {
    // A toast may leave on its own between the listing and the click.
    await close.click({ force: true }).catch(() => undefined)
  }
  await expect(toasts).toHaveCount(0)
}

/**
 * Screenshots of the app as it is (toasts closed), for the README when UPDATE_SCREENSHOTS=1: what the
 * viewport shows, or with `fullPage` the whole page.
 */
export async function saveScreenshot(page: Page, name: string, { fullPage = false } = {}) {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true })
  await closeToasts(page)
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), animations: 'disabled', fullPage })
}
