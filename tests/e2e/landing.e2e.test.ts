import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { delayNextRequest, visibleToastCount, waitForToast } from './support/app'
import { findAccessibilityViolations } from './support/axe'
import { hasChromium, launchChromium, openPage, PHONE, SKIP_REASON, saveScreenshot } from './support/browser'
import { startParsedesk, type TParsedesk } from './support/server'

const WAITLIST_PATH = '/v1/databases/main/collections/waitlist/documents'

describe.skipIf(!hasChromium)(`landing page, signed out${hasChromium ? '' : ` (${SKIP_REASON})`}`, () => {
  let server: TParsedesk
  let browser: Browser

  beforeAll(async () => {
    ;[server, browser] = await Promise.all([startParsedesk(), launchChromium()])
  })
  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })

  it('offers Get Started and Start Free Trial, every section in order, and loads no dashboard code', async () => {
    const { context, page, log } = await openPage(browser)
    const scripts: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
    })
    await page.goto(`${server.url}/`)

    const header = page.locator('header')
    const hero = page.locator('section[aria-labelledby="hero-title"]')
    const getStarted = header.getByRole('link', { name: 'Get Started' })
    await getStarted.waitFor()
    expect(await getStarted.getAttribute('href')).toBe('/auth')
    const trial = hero.getByRole('link', { name: 'Start Free Trial' })
    await trial.waitFor()
    expect(await trial.getAttribute('href')).toBe('/auth')
    const requestDemo = hero.getByRole('link', { name: 'Request Demo' })
    expect(await requestDemo.getAttribute('href')).toBe('#contact')
    expect(await header.getByRole('link', { name: 'Parsedesk' }).getAttribute('href')).toBe('/')

    const sectionIds = await page
      .locator('main section[id]')
      .evaluateAll((sections) => sections.map((s) => s.id))
    expect(sectionIds).toEqual(['features', 'how-it-works', 'testimonials', 'contact'])
    expect(await page.locator('#features li').count()).toBe(5)
    expect(await page.locator('#how-it-works li').count()).toBe(4)
    expect(await page.locator('#testimonials figure').count()).toBe(3)
    expect(await page.getByRole('img', { name: 'Rated 5 out of 5 stars' }).count()).toBe(3)
    await page.getByText('98%').first().waitFor()
    await page.getByText('© 2025 Parsedesk').waitFor()
    await page.evaluate(() => window.scrollTo(0, 0))
    const mock = page.getByRole('figure', { name: 'An incoming email becoming a high-priority ticket' })
    for (const text of [
      'Ticket #',
      'High Priority',
      'Customer',
      'Email',
      'Issue',
      'Assignee',
      'Support Team',
    ]) {
      await mock
        .getByText(text, { exact: text !== 'Ticket #' })
        .first()
        .waitFor()
    }
    expect(await mock.getByText('View Ticket').count()).toBe(1)
    await saveScreenshot(page, 'landing-desktop')

    const sections = page.getByRole('navigation', { name: 'Sections' })
    for (const [label, id] of [
      ['Features', 'features'],
      ['How It Works', 'how-it-works'],
      ['Testimonials', 'testimonials'],
    ] as const) {
      await sections.getByRole('link', { name: label }).click()
      await page.waitForURL(`${server.url}/#${id}`)
      await expect
        .poll(() => page.locator(`#${id}`).evaluate((el) => el.getBoundingClientRect().top))
        .toBeLessThan(200)
    }
    await requestDemo.click()
    await page.waitForURL(`${server.url}/#contact`)
    await page.getByRole('button', { name: 'Request a Demo' }).waitFor()

    await trial.click()
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor()
    expect(scripts.some((script) => /dashboard|tickets/i.test(script))).toBe(false)
    expect(log.errors).toEqual([])
    await context.close()
  })

  it('folds the section links into a menu below the md breakpoint (375 px)', async () => {
    const { context, page } = await openPage(browser, { viewport: PHONE })
    await page.goto(`${server.url}/`)
    const toggle = page.getByRole('button', { name: 'Open menu' })
    await toggle.waitFor()
    await page.getByRole('link', { name: 'Start Free Trial' }).waitFor()
    await saveScreenshot(page, 'landing-phone')
    const header = page.locator('header')
    expect(await header.getByRole('link', { name: 'Features' }).isVisible()).toBe(false)
    await toggle.click()
    expect(await page.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded')).toBe('true')
    const menu = header.getByRole('navigation', { name: 'Sections' })
    for (const label of ['Features', 'How It Works', 'Testimonials']) {
      expect(await menu.getByRole('link', { name: label }).isVisible()).toBe(true)
    }
    await menu.getByRole('link', { name: 'Testimonials' }).click()
    await page.waitForURL(`${server.url}/#testimonials`)
    expect(await menu.isVisible()).toBe(false)
    expect(await header.getByRole('link', { name: 'Get Started' }).isVisible()).toBe(true)
    for (const width of [375, 360]) {
      await page.setViewportSize({ width, height: 740 })
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      expect(overflow).toBe(0)
    }
    await context.close()
  })

  it('shows each validation message of the demo form', async () => {
    const { context, page } = await openPage(browser)
    await page.goto(`${server.url}/#contact`)
    const submit = page.getByRole('button', { name: 'Request a Demo' })
    await submit.waitFor()
    expect(await page.locator('select option[disabled]').textContent()).toBe('Select volume')
    const options = await page.locator('select option:not([disabled])').allTextContents()
    expect(options).toEqual(['Less than 100', '100 - 500', '500 - 1,000', 'More than 1,000'])

    await submit.click()
    for (const message of [
      'Name must be at least 2 characters',
      'Invalid email',
      'Company name must be at least 2 characters',
      'Please select a valid volume',
    ]) {
      await page.getByText(message, { exact: true }).waitFor()
    }
    await page.getByLabel('Work Email').fill('jane@GMAIL.com')
    await page.getByLabel('Full Name').fill('Jane Cooper')
    await submit.click()
    await page.getByText('Please use a work email address').waitFor()
    expect(await page.getByText('Name must be at least 2 characters', { exact: true }).count()).toBe(0)
    expect(await findAccessibilityViolations(page)).toEqual([])
    await context.close()
  })

  it('accepts three demo requests, then blocks the fourth with a toast and sends nothing', async () => {
    const { context, page } = await openPage(browser)
    const sent: string[] = []
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === WAITLIST_PATH)
        sent.push(request.url())
    })
    await page.goto(`${server.url}/#contact`)
    const form = page.getByRole('form', { name: 'Request a demo' })
    await form.waitFor()

    const fill = async (n: number) => {
      await page.getByLabel('Full Name').fill(`Jane Cooper ${n}`)
      await page.getByLabel('Work Email').fill(`jane${n}@acme-corp.example`)
      await page.getByLabel('Company Name').fill('Acme Corp')
      await page.getByLabel('Monthly Support Tickets').selectOption('500-1000')
    }

    for (let n = 1; n <= 3; n++) {
      await fill(n)
      if (n === 1) await delayNextRequest(page, { method: 'POST', pathname: WAITLIST_PATH })
      await form.getByRole('button', { name: 'Request a Demo' }).click()
      if (n === 1) {
        const submitting = form.getByRole('button', { name: 'Submitting...' })
        await submitting.waitFor()
        expect(await submitting.isDisabled()).toBe(true)
      }
      const toast = await waitForToast(page, 'Thanks for your interest!')
      expect(await toast.textContent()).toContain(
        "We'll be in touch soon with more information about how our email parsing solution can help your business.",
      )
      const submitted = form.getByRole('button', { name: 'Submitted' })
      await submitted.waitFor()
      expect(await submitted.isDisabled()).toBe(true)
      expect(await page.getByLabel('Full Name').inputValue()).toBe('')
      expect(await visibleToastCount(page)).toBeLessThanOrEqual(1)
    }
    expect(sent).toHaveLength(3)

    await fill(4)
    const blocked = form.getByRole('button', { name: 'Request a Demo' })
    expect(await blocked.getAttribute('aria-disabled')).toBe('true')
    await page.getByLabel('Company Name').press('Enter')
    const toast = await waitForToast(page, 'Submission limit reached')
    expect(await toast.textContent()).toContain(
      'Please try again later. You can submit up to 3 times per hour.',
    )
    await page.waitForTimeout(500)
    expect(sent).toHaveLength(3)
    expect(await visibleToastCount(page)).toBe(1)
    await context.close()
  })
})
