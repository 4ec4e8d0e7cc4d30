import { describe, expect, it } from 'vitest'
import { contentDisposition, servedContentType } from './safe-content-type'

describe('serving sender-supplied files', () => {
  it('never lets a browser render markup or scripts in place', () => {
    for (const declared of [
      'text/html',
      'image/svg+xml',
      'application/xhtml+xml',
      'text/xml',
      'application/javascript',
      'TEXT/HTML; charset=utf-8',
    ]) {
      expect(servedContentType(declared)).toEqual({
        contentType: 'application/octet-stream',
        isInlineSafe: false,
      })
    }
  })

  it('shows images, PDFs and plain text as what they are', () => {
    expect(servedContentType('IMAGE/PNG')).toEqual({ contentType: 'image/png', isInlineSafe: true })
    expect(servedContentType('text/plain; charset=iso-8859-1')).toEqual({
      contentType: 'text/plain; charset=utf-8',
      isInlineSafe: true,
    })
  })

  it('keeps a non-ASCII file name intact and a quote from breaking the header', () => {
    expect(contentDisposition('attachment', 'naïve "plan".pdf')).toBe(
      `attachment; filename="na_ve _plan_.pdf"; filename*=UTF-8''na%C3%AFve%20%22plan%22.pdf`,
    )
  })
})
