import { describe, expect, it } from 'vitest'
import { sanitizeReplyHtml } from './sanitize-reply-html'

describe('sanitizeReplyHtml', () => {
  it('keeps the composer’s formatting: paragraphs, emphasis, lists, quotes, code and links', () => {
    const html =
      '<p>Hello <strong>Carol</strong>, <em>sorry</em> <u>for</u> <s>that</s>.</p><ul><li>one</li></ul>' +
      '<ol><li>two</li></ol><blockquote><p>quoted</p></blockquote><pre><code>npm i</code></pre>' +
      '<p><a href="https://example.com/help">help</a> <a href="mailto:help@example.com">mail</a><br></p>'
    expect(sanitizeReplyHtml(html)).toBe(
      html
        .replace(
          'href="https://example.com/help"',
          'href="https://example.com/help" rel="noopener noreferrer"',
        )
        .replace('href="mailto:help@example.com"', 'href="mailto:help@example.com" rel="noopener noreferrer"')
        .replace('<br>', '<br />'),
    )
  })

  it('drops scripts, styles, handlers, images, other schemes and unknown tags with their markup', () => {
    const clean = sanitizeReplyHtml(
      '<p onclick="x()" style="color:red" class="c">Hi</p><script>alert(1)</script><style>p{}</style>' +
        '<img src="https://tracker.example/p.gif"><a href="javascript:alert(1)">bad</a>' +
        '<a href="data:text/html,x">data</a><a href="//evil.example">rel</a><iframe src="x"></iframe><h1>Big</h1>',
    )
    expect(clean).toBe(
      '<p>Hi</p><a rel="noopener noreferrer">bad</a><a rel="noopener noreferrer">data</a><a rel="noopener noreferrer">rel</a>Big',
    )
  })

  it('is undefined when nothing visible is left', () => {
    expect(sanitizeReplyHtml('<p></p><p>&nbsp;</p><script>x</script>')).toBeUndefined()
  })
})
