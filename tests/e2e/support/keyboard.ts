import { expect, type Locator, type Page } from '@playwright/test'

/** Presses Tab until `target` has the focus, as someone without a mouse would; fails after `limit` presses. */
export async function tabTo(page: Page, target: Locator, limit = 60) {
  for (let presses = 0; presses < limit; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return
    await page.keyboard.press('Tab')
  }
  await expect(target).toBeFocused()
}
