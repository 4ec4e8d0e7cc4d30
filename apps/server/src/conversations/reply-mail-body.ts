import { SendingLimits } from '@parsedesk/contracts'

/** An earlier message of the conversation, as the reply quotes it. */
export type TQuotedMessage = { at: Date; author: string; text: string }

export type TReplyMailParts = {
  /** What the agent wrote: the composer's text and, when formatted, its sanitised HTML. */
  body: string
  bodyHtml: string | null
  /** The signatures the reply ends with (sanitised HTML, placeholders filled), or null. */
  signatureHtml: string | null
  signatureText: string | null
  /** The earlier conversation, newest first. */
  quoted: TQuotedMessage[]
}

/**
 * A reply's mail as mail clients write one: the agent's text, the signature after `-- `, then the earlier
 * conversation under "On <date>, <name> wrote:" (a blockquote in HTML, `> ` lines in text). The text part
 * has one blank line between paragraphs and lines of at most 72 columns, so it reads as typed in any client.
 */
export function composeReplyMail(parts: TReplyMailParts): { text: string; html: string } {
  const text = [
    paragraphsOf(parts.body).map(wrapParagraph).join('\n\n'),
    ...(parts.signatureText
      ? [`-- \n${paragraphsOf(parts.signatureText).map(wrapParagraph).join('\n')}`]
      : []),
    ...parts.quoted.map(quoteText),
  ].join('\n\n')
  const html = [
    parts.bodyHtml ?? htmlParagraphs(parts.body),
    ...(parts.signatureHtml ? [`<div class="signature">${parts.signatureHtml}</div>`] : []),
    ...parts.quoted.map(quoteHtml),
  ].join('\n')
  return { text: `${text}\n`, html }
}

/** "On Sat, 28 Nov 2026 04:22 UTC, Maya Lindqvist wrote:" */
export function attribution(message: TQuotedMessage): string {
  const at = message.at
  const day = at.toLocaleDateString('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  })
  const time = at.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' })
  return `On ${day.replace(/^(\w+) /, '$1, ')} ${time} UTC, ${message.author} wrote:`
}

/** Paragraphs as the agent meant them: however many blank lines the composer left between them. */
function paragraphsOf(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n+/)
    .map((paragraph) => paragraph.replace(/[ \t]+$/gm, '').replace(/^\n+|\n+$/g, ''))
    .filter((paragraph) => paragraph.trim() !== '')
}

/** Each line of the paragraph broken at spaces before column 72; a longer word (a link) stays whole. */
export function wrapParagraph(paragraph: string): string {
  return paragraph
    .split('\n')
    .map((line) => wrapLine(line, SendingLimits.textColumns))
    .join('\n')
}

function wrapLine(line: string, columns: number): string {
  if (line.length <= columns) return line
  const indent = /^(>+ ?|[-*] |\d+\. )/.exec(line)?.[0] ?? ''
  const rest = indent.startsWith('>') ? indent : ' '.repeat(indent.length)
  const out: string[] = []
  let current = ''
  for (const word of line.slice(indent.length).split(/ +/)) {
    const prefix = out.length === 0 ? indent : rest
    if (current && prefix.length + current.length + 1 + word.length > columns) {
      out.push(prefix + current)
      current = word
    } else current = current ? `${current} ${word}` : word
  }
  out.push((out.length === 0 ? indent : rest) + current)
  return out.join('\n')
}

function quoteText(message: TQuotedMessage): string {
  const body = paragraphsOf(message.text)
    .map((paragraph) =>
      paragraph
        .split('\n')
        .map((line) => wrapLine(line, SendingLimits.textColumns - 2))
        .join('\n'),
    )
    .join('\n\n')
  return `${wrapLine(attribution(message), SendingLimits.textColumns)}\n${body
    .split('\n')
    .map((line) => (line ? `> ${line}` : '>'))
    .join('\n')}`
}

function quoteHtml(message: TQuotedMessage): string {
  return `<p>${escapeHtml(attribution(message))}</p>\n<blockquote type="cite" style="margin:0 0 0 .8ex;border-left:1px solid #ccc;padding-left:1ex">${htmlParagraphs(message.text)}</blockquote>`
}

function htmlParagraphs(text: string): string {
  return paragraphsOf(text)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('')
}

/** Text as HTML, in a text node or a quoted attribute; apostrophes stay as they are (`&apos;` is not HTML 4). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (char) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot' }[char]};`)
}
