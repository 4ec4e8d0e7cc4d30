import { fetchCount, holdNextRequest, installPageProbe, toast, visibleToasts } from './support/app'
import { findAccessibilityViolations } from './support/axe'
import { hasChromium, PHONE, SKIP_REASON, saveScreenshot } from './support/browser'
import { expect, test } from './support/fixtures'

const WAITLIST_PATH = '/v1/databases/main/collections/waitlist/documents'

test.skip(!hasChromium, SKIP_REASON)

test.describe('landing page, signed out', () => {
  test('offers Get Started and Start Free Trial, every section in order, and loads no dashboard code', async ({
    page,
    baseURL,
  }) => {
    const scripts: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
    })
    await page.goto('/')

    const header = page.locator('header')
    const hero = page.locator('section[aria-labelledby="hero-title"]')
    await expect(header.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/auth')
    const trial = hero.getByRole('link', { name: 'Start Free Trial' })
    await expect(trial).toHaveAttribute('href', '/auth?mode=sign-up')
    const requestDemo = hero.getByRole('link', { name: 'Request Demo' })
    await expect(requestDemo).toHaveAttribute('href', '#contact')
    await expect(header.getByRole('link', { name: 'Parsedesk' })).toHaveAttribute('href', '/')

    await expect
      .poll(() => page.locator('main section[id]').evaluateAll((sections) => sections.map((s) => s.id)))
      .toEqual(['features', 'how-it-works', 'testimonials', 'contact'])
    await expect(page.locator('#features li')).toHaveCount(5)
    await expect(page.locator('#how-it-works li')).toHaveCount(4)
    await expect(page.locator('#testimonials figure')).toHaveCount(3)
    await expect(page.getByRole('img', { name: 'Rated 5 out of 5 stars' })).toHaveCount(3)
    await expect(page.getByText('98%').first()).toBeVisible()
    await expect(page.getByText('© 2025 Parsedesk')).toBeVisible()
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
      await expect(mock.getByText(text, { exact: text !== 'Ticket #' }).first()).toBeVisible()
    }
    await expect(mock.getByText('View Ticket')).toHaveCount(1)
    await saveScreenshot(page, 'landing-desktop')

    const sections = page.getByRole('navigation', { name: 'Sections' })
    for (const [label, id] of [
      ['Features', 'features'],
      ['How It Works', 'how-it-works'],
      ['Testimonials', 'testimonials'],
    ] as const) {
      await sections.getByRole('link', { name: label }).click()
      await expect(page).toHaveURL(`${baseURL}/#${id}`)
      await expect
        .poll(() => page.locator(`#${id}`).evaluate((el) => el.getBoundingClientRect().top))
        .toBeLessThan(200)
    }
    await requestDemo.click()
    await expect(page).toHaveURL(`${baseURL}/#contact`)
    await expect(page.getByRole('button', { name: 'Request a Demo' })).toBeVisible()

    await trial.click()
    await expect(page.getByRole('heading', { name: 'Create Your Account' })).toBeVisible()
    // Every chunk the auth page needs has arrived by now: none of them may be the dashboard's.
    expect(scripts.filter((script) => /dashboard|tickets/i.test(script))).toEqual([])
  })

  test.describe('on a phone', () => {
    test.use({ viewport: PHONE })

    test('folds the section links into a menu below the md breakpoint (375 px)', async ({
      page,
      baseURL,
    }) => {
      await page.goto('/')
      const toggle = page.getByRole('button', { name: 'Open menu' })
      await expect(toggle).toBeVisible()
      await expect(page.getByRole('link', { name: 'Start Free Trial' })).toBeVisible()
      await saveScreenshot(page, 'landing-phone')
      const header = page.locator('header')
      await expect(header.getByRole('link', { name: 'Features' })).toBeHidden()
      await toggle.click()
      await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true')
      const menu = header.getByRole('navigation', { name: 'Sections' })
      for (const label of ['Features', 'How It Works', 'Testimonials']) {
        await expect(menu.getByRole('link', { name: label })).toBeVisible()
      }
      await menu.getByRole('link', { name: 'Testimonials' }).click()
      await expect(page).toHaveURL(`${baseURL}/#testimonials`)
      await expect(menu).toBeHidden()
      await expect(header.getByRole('link', { name: 'Get Started' })).toBeVisible()
      for (const width of [375, 360]) {
        await page.setViewportSize({ width, height: 740 })
        await expect
          .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
          .toBe(0)
      }
    })
  })

  test('shows each validation message of the demo form', async ({ page }) => {
    await page.goto('/#contact')
    const submit = page.getByRole('button', { name: 'Request a Demo' })
    await expect(submit).toBeVisible()
    await expect(page.locator('select option[disabled]')).toHaveText('Select volume')
    await expect(page.locator('select option:not([disabled])')).toHaveText([
      'Less than 100',
      '100 - 500',
      '500 - 1,000',
      'More than 1,000',
    ])

    await submit.click()
    for (const message of [
      'Name must be at least 2 characters',
      'Invalid email',
      'Company name must be at least 2 characters',
      'Please select a valid volume',
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible()
    }
    await page.getByLabel('Work Email').fill('jane@GMAIL.com')
    await page.getByLabel('Full Name').fill('Jane Cooper')
    await submit.click()
    await expect(page.getByText('Please use a work email address')).toBeVisible()
    await expect(page.getByText('Name must be at least 2 characters', { exact: true })).toHaveCount(0)
    expect(await findAccessibilityViolations(page)).toEqual([])
  })

  test('accepts three demo requests, then blocks the fourth with a toast and sends nothing', async ({
    page,
  }) => {
    await installPageProbe(page)
    const sent: string[] = []
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === WAITLIST_PATH)
        sent.push(request.url())
    })
    await page.goto('/#contact')
    const form = page.getByRole('form', { name: 'Request a demo' })
    await expect(form).toBeVisible()

    const fill = async (n: number) => {
      await page.getByLabel('Full Name').fill(`Jane Cooper ${n}`)
      await page.getByLabel('Work Email').fill(`jane${n}@acme-corp.example`)
      await page.getByLabel('Company Name').fill('Acme Corp')
      await page.getByLabel('Monthly Support Tickets').selectOption('500-1000')
    }

    for (let n = 1; n <= 3; n++) {
      await fill(n)
      const held = n === 1 ? await holdNextRequest(page, { method: 'POST', pathname: WAITLIST_PATH }) : null
      await form.getByRole('button', { name: 'Request a Demo' }).click()
      if (held) {
        const submitting = form.getByRole('button', { name: 'Submitting...' })
        await expect(submitting).toBeVisible()
        await expect(submitting).toBeDisabled()
        await held.release()
      }
      await expect(toast(page, 'Thanks for your interest!')).toContainText(
        "We'll be in touch soon with more information about how our email parsing solution can help your business.",
      )
      const submitted = form.getByRole('button', { name: 'Submitted' })
      await expect(submitted).toBeVisible()
      await expect(submitted).toBeDisabled()
      await expect(page.getByLabel('Full Name')).toHaveValue('')
      await expect.poll(() => visibleToasts(page).count()).toBeLessThanOrEqual(1)
    }
    expect(sent).toHaveLength(3)

    await fill(4)
    const blocked = form.getByRole('button', { name: 'Request a Demo' })
    await expect(blocked).toHaveAttribute('aria-disabled', 'true')
    await page.getByLabel('Company Name').press('Enter')
    await expect(toast(page, 'Submission limit reached')).toContainText(
      'Please try again later. You can submit up to 3 times per hour.',
    )
    // The submit handler that shows this toast is the one that would have sent the request: the page's
    // own record of its fetches has it by now if it did.
    expect(await fetchCount(page, 'POST', WAITLIST_PATH)).toBe(3)
    expect(sent).toHaveLength(3)
    await expect(visibleToasts(page)).toHaveCount(1)
  })
})
