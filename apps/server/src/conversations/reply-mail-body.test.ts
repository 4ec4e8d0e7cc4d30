import { describe, expect, it } from 'vitest'
import { attribution, composeReplyMail, escapeHtml, wrapParagraph } from './reply-mail-body'

const QUOTED = {
  at: new Date('2026-11-23T09:15:00Z'),
  author: 'Carol Customer <carol@customer.example>',
  text: 'Exports fail.\n\n\nCan you help?',
}

describe('a reply as mail clients write one', () => {
  it('keeps one blank line between paragraphs however many the composer left', () => {
    const { text } = composeReplyMail({
      body: 'Hello,\n\n\n\nFixed.\r\n\r\n\r\nBest',
      bodyHtml: null,
      signatureHtml: null,
      signatureText: null,
      quoted: [],
    })
    expect(text).toBe('Hello,\n\nFixed.\n\nBest\n')
  })

  it('wraps lines at 72 columns at spaces, keeping a long link whole and a list item indented', () => {
    const words = 'word '.repeat(30).trim()
    const wrapped = wrapParagraph(`${words}\n- ${words}\nhttps://example.com/${'x'.repeat(80)}`)
    const lines = wrapped.split('\n')
    expect(lines.filter((line) => !line.startsWith('https')).every((line) => line.length <= 72)).toBe(true)
    expect(lines).toContain(`https://example.com/${'x'.repeat(80)}`)
    expect(lines.filter((line) => line.startsWith('  word')).length).toBeGreaterThan(0)
  })

  it('puts the signature after "-- " and quotes the earlier mail under who wrote it and when', () => {
    const { text, html } = composeReplyMail({
      body: 'Fixed.',
      bodyHtml: '<p>Fixed.</p>',
      signatureHtml: '<p>Best,<br />Ada</p>',
      signatureText: 'Best,\nAda',
      quoted: [QUOTED],
    })
    expect(text).toBe(
      'Fixed.\n\n-- \nBest,\nAda\n\nOn Mon, 23 Nov 2026 09:15 UTC, Carol Customer <carol@customer.example>\nwrote:\n> Exports fail.\n>\n> Can you help?\n',
    )
    expect(html).toBe(
      '<p>Fixed.</p>\n<div class="signature"><p>Best,<br />Ada</p></div>\n<p>On Mon, 23 Nov 2026 09:15 UTC, Carol Customer &lt;carol@customer.example&gt; wrote:</p>\n<blockquote type="cite" style="margin:0 0 0 .8ex;border-left:1px solid #ccc;padding-left:1ex"><p>Exports fail.</p><p>Can you help?</p></blockquote>',
    )
  })

  it('writes the plain text as HTML when the reply has no formatting, escaped', () => {
    expect(
      composeReplyMail({
        body: 'a < b & "c"\nd',
        bodyHtml: null,
        signatureHtml: null,
        signatureText: null,
        quoted: [],
      }).html,
    ).toBe('<p>a &lt; b &amp; &quot;c&quot;<br>d</p>')
    expect(escapeHtml("Maya's")).toBe("Maya's")
    expect(attribution(QUOTED)).toBe(
      'On Mon, 23 Nov 2026 09:15 UTC, Carol Customer <carol@customer.example> wrote:',
    )
  })
})
