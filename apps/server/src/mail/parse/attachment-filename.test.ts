import { describe, expect, it } from 'vitest'
import { sanitiseAttachmentFilename } from './attachment-filename'

const safe = (filename: string | null, contentType = 'application/octet-stream', position = 1) =>
  sanitiseAttachmentFilename({ filename, contentType, position })

describe('sanitiseAttachmentFilename', () => {
  it('keeps only the last path segment, whatever the separator', () => {
    expect(safe('1234/../../1234.txt')).toBe('1234.txt')
    expect(safe('..\\..\\windows\\system32\\evil.dll')).toBe('evil.dll')
    expect(safe('/etc/passwd')).toBe('passwd')
  })

  it('removes control and direction-override characters and leading dots', () => {
    expect(safe('report\n2024.pdf')).toBe('report 2024.pdf')
    expect(safe('invoice\u202Efdp.exe')).toBe('invoice fdp.exe')
    expect(safe('.htaccess')).toBe('htaccess')
    expect(safe('a<b>c:d|e?.txt')).toBe('a_b_c_d_e_.txt')
  })

  it('defuses names Windows refuses', () => {
    expect(safe('CON.txt')).toBe('_CON.txt')
  })

  it('caps the length and keeps the extension', () => {
    const name = safe(`${'x'.repeat(300)}.pdf`)
    expect(name).toHaveLength(200)
    expect(name.endsWith('.pdf')).toBe(true)
  })

  it('names a nameless part after its position and type', () => {
    expect(safe(null, 'image/png', 3)).toBe('attachment-3.png')
    expect(safe('../..', 'message/rfc822', 2)).toBe('attachment-2.eml')
    expect(safe('  ', 'application/x-unknown', 1)).toBe('attachment-1.bin')
  })
})
