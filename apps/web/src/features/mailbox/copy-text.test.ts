import { afterEach, describe, expect, it, vi } from 'vitest'
import { copyText } from './copy-text'

type TFakeField = { value: string; select: () => void; remove: () => void }

/** A browser reduced to what copying touches; `execCommand` reports whether the copy happened. */
function stubBrowser(options: { isSecureContext: boolean; isCopyAllowed?: boolean }) {
  const written: string[] = []
  const fields: TFakeField[] = []
  let selected = ''
  vi.stubGlobal('window', { isSecureContext: options.isSecureContext })
  vi.stubGlobal('navigator', { clipboard: { writeText: async (text: string) => void written.push(text) } })
  vi.stubGlobal('document', {
    activeElement: null,
    body: { append: (field: TFakeField) => fields.push(field) },
    createElement: () => {
      const field: TFakeField = {
        value: '',
        select: () => {
          selected = field.value
        },
        remove: () => fields.splice(fields.indexOf(field), 1),
      }
      return Object.assign(field, { setAttribute: () => undefined, style: {} })
    },
    execCommand: (command: string) => {
      if (command === 'copy' && options.isCopyAllowed) written.push(selected)
      return !!options.isCopyAllowed
    },
  })
  return { written, fields }
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('copyText', () => {
  it('uses the Clipboard API in a secure context', async () => {
    const browser = stubBrowser({ isSecureContext: true })
    await copyText('ada-k7m2q9xv4p@inbound.example.com')
    expect(browser.written).toEqual(['ada-k7m2q9xv4p@inbound.example.com'])
  })

  it('copies through a selection where the Clipboard API is missing, and leaves nothing behind', async () => {
    const browser = stubBrowser({ isSecureContext: false, isCopyAllowed: true })
    await copyText('secret-value')
    expect(browser.written).toEqual(['secret-value'])
    expect(browser.fields).toEqual([])
  })

  it('fails loudly when the browser refuses to copy', async () => {
    const browser = stubBrowser({ isSecureContext: false, isCopyAllowed: false })
    await expect(copyText('secret-value')).rejects.toThrow('did not allow copying')
    expect(browser.fields).toEqual([])
  })
})
