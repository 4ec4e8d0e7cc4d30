import { describe, expect, it } from 'vitest'
import { htmlToText } from './html-to-text'

describe('htmlToText', () => {
  it('turns blocks, line breaks and lists into lines', () => {
    const html =
      '<html><body><p>Hello&nbsp;Ann,</p><div>Line one<br>Line two</div><ul><li>first</li><li>second</li></ul><ol><li>a</li><li>b</li></ol></body></html>'
    expect(htmlToText(html)).toBe('Hello Ann,\n\nLine one\nLine two\n\n- first\n- second\n\n1. a\n2. b')
  })

  it('drops head, styles, scripts and comments', () => {
    const html =
      '<head><title>t</title><style>p{color:red}</style></head><!-- note --><script>alert(1)</script><p>Only this</p>'
    expect(htmlToText(html)).toBe('Only this')
  })

  it('decodes entities and collapses source whitespace', () => {
    expect(htmlToText('<p>Fish &amp; chips\n   for &lt;two&gt; &#8364;5 &eacute;</p>')).toBe(
      'Fish & chips for <two> €5 é',
    )
  })

  it('quotes blockquotes with > so reply stripping sees them', () => {
    const html =
      'Thanks<div class="gmail_quote">On Mon, Bob wrote:<blockquote>Hi<br>there<blockquote>deeper</blockquote></blockquote></div>'
    expect(htmlToText(html)).toBe('Thanks\nOn Mon, Bob wrote:\n> Hi\n> there\n>> deeper')
  })

  it('shows where a link points when its text does not say so', () => {
    expect(htmlToText('<a href="https://example.com/reset">Reset password</a>')).toBe(
      'Reset password <https://example.com/reset>',
    )
    expect(htmlToText('<a href="https://example.com">https://example.com</a>')).toBe('https://example.com')
  })

  it('keeps preformatted text as it is', () => {
    expect(htmlToText('<pre>a  b\n  c</pre>')).toBe('a  b\n  c')
  })

  it('reads broken markup the way a browser shows it', () => {
    expect(htmlToText('1 < 2 and 3 > 2')).toBe('1 < 2 and 3 > 2')
    expect(htmlToText('<p>shown</p><!-- never closed <p>hidden</p>')).toBe('shown')
    expect(htmlToText('<p>shown</p><style>p { color: red }')).toBe('shown')
    expect(htmlToText('<a title="x > y" href="https://example.com/a">link</a>')).toBe(
      'link <https://example.com/a>',
    )
    expect(htmlToText('<p>text <b')).toBe('text <b')
    expect(htmlToText('ou<!-- c -->r aff<!foo>ili<! bar>ate part<!>ners')).toBe('our affiliate partners')
  })

  it('keeps the text after a tag whose quotes do not pair up, as a browser does', () => {
    // Outlook and bulk mailers write such attributes; the corpus has both of these.
    const html =
      '<div style=""background: " #cccccc\\?>----- Forwarded Message -----</div><p style="color:red; color="#333">Body</p>'
    expect(htmlToText(html)).toBe('----- Forwarded Message -----\n\nBody')
  })
})
