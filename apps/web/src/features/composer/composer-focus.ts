import type { TComposerMode } from './draft-store'

/**
 * Opens the composer's Reply or Internal note tab and puts the cursor in its text, as the ticket page's
 * `r` and `n` keys do. The composer is found on the page, so a page holding it needs no handle on its state.
 */
export function focusComposer(mode: TComposerMode): boolean {
  const slot = document.querySelector<HTMLElement>('[data-testid="ticket-composer-slot"]')
  const tab = slot?.querySelector<HTMLButtonElement>(`[role="tab"][data-mode="${mode}"]`)
  if (!slot || !tab) return false
  tab.click()
  // The tab's panel renders on the next frame; the editor is the same element in both tabs.
  requestAnimationFrame(() => {
    const text = slot.querySelector<HTMLElement>('[contenteditable="true"]')
    text?.focus()
    text?.scrollIntoView({ block: 'nearest' })
  })
  return true
}
