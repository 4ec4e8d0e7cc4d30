/**
 * The Clipboard API needs a secure context (https or localhost); a self-hosted install reached over plain
 * http on a LAN name has none, so the old selection-based copy stands in there.
 */
export async function copyText(text: string): Promise<void> {
  if (window.isSecureContext && navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text)
    return
  }
  const field = document.createElement('textarea')
  field.value = text
  field.setAttribute('readonly', '')
  field.style.position = 'fixed'
  field.style.opacity = '0'
  const focused = document.activeElement as HTMLElement | null
  document.body.append(field)
  field.select()
  const isCopied = document.execCommand('copy')
  field.remove()
  focused?.focus()
  if (!isCopied) throw new Error('The browser did not allow copying')
}
