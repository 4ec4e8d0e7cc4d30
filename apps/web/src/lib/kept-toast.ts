export type TKeptToast = { title: string; description?: string | undefined }

const KEPT_TOAST_KEY = 'parsedesk:kept-toast'

/** A toast shown just before a full reload would vanish with the page, so it is kept for the next one. */
export function keepToastAcrossReload(toast: TKeptToast) {
  try {
    sessionStorage.setItem(KEPT_TOAST_KEY, JSON.stringify(toast))
  } catch {
    // Storage can be unavailable (private mode); the toast is then only seen before the reload.
  }
}

export function takeKeptToast(): TKeptToast | null {
  try {
    const raw = sessionStorage.getItem(KEPT_TOAST_KEY)
    sessionStorage.removeItem(KEPT_TOAST_KEY)
    return raw ? (JSON.parse(raw) as TKeptToast) : null
  } catch {
    return null
  }
}
