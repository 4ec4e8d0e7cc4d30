import sanitizeHtml from 'sanitize-html'

/**
 * The composer's formatted text (TipTap's HTML) as we store and mail it: paragraphs, emphasis, lists,
 * quotes, code and links to web and mail addresses, nothing else. Everything else is dropped with its
 * markup (a script's or style's text too), so what reaches the customer is what the agent saw, and no
 * markup of a pasted page rides along. Undefined when nothing visible is left.
 */
export function sanitizeReplyHtml(html: string): string | undefined {
  const clean = sanitizeHtml(html, {
    allowedTags: ['p', 'br', 'strong', 'em', 'u', 's', 'a', 'ul', 'ol', 'li', 'blockquote', 'code', 'pre'],
    allowedAttributes: { a: ['href', 'rel'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesAppliedToAttributes: ['href'],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    // A link opens outside the mail client's page and tells the target nothing of where it came from.
    transformTags: {
      a: (tagName, attribs): sanitizeHtml.Tag => ({
        tagName,
        attribs: attribs.href ? { href: attribs.href, rel: 'noopener noreferrer' } : {},
      }),
    },
  })
  return clean.replace(/<[^>]*>|&nbsp;|\s/g, '') === '' ? undefined : clean
}
