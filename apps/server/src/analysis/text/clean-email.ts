export type CleanEmailOptions = {
  text: string
  /** Keep the signature block (it often holds the sender's phone number) and cut only quoted history. */
  keepSignature?: boolean
}

// Lines that open the quoted part of a reply or forward; everything from there on is the earlier message.
const REPLY_HEADER_PATTERNS = [
  /^\s*On\b.{0,200}\bwrote:\s*$/i,
  /^\s*Am\b.{0,200}\bschrieb.{0,80}:\s*$/i,
  /^\s*Le\b.{0,200}\ba écrit\s*:\s*$/i,
  /^\s*El\b.{0,200}\bescribió:\s*$/i,
  /^\s*-{2,}\s*(?:Original Message|Forwarded message|Ursprüngliche Nachricht|Message d'origine)\s*-{2,}\s*$/i,
  /^\s*_{10,}\s*$/,
  /^\s*From:\s.+$/i,
  /^\s*Von:\s.+$/i,
  /^\s*De\s?:\s.+@.+$/i,
]

// A sign-off ends the message body; what follows is the sender's name, title and contact lines.
const SIGN_OFF_PATTERN =
  /^\s*(?:best|kind|warm|many thanks and)?\s*(?:regards|wishes)\b[,!.]?\s*$|^\s*(?:sincerely|cheers|thanks|thank you|many thanks|best|yours(?: truly| sincerely)?|mit freundlichen grüßen|viele grüße|cordialement|saludos|atentamente)\s*[,!.]?\s*$/i

const SIGNATURE_DELIMITER = /^-- ?$/
const MOBILE_FOOTER = /^\s*Sent from my \w+/i

/**
 * Returns the text the customer wrote in this message: quoted replies, forwarded history,
 * the signature block and mobile footers removed. Falls back to the whole text when the
 * cut would leave nothing, so a message that is only a forward still has words to classify.
 */
export function cleanEmailText(options: CleanEmailOptions): string {
  const lines = unescapeNewlines(options.text).replace(/\r\n?/g, '\n').split('\n')
  const kept: string[] = []
  for (const [index, line] of lines.entries()) {
    if (MOBILE_FOOTER.test(line)) break
    if (SIGNATURE_DELIMITER.test(line) && !options.keepSignature) break
    if (REPLY_HEADER_PATTERNS.some((pattern) => pattern.test(line)) && hasText(kept)) break
    if (
      !options.keepSignature &&
      SIGN_OFF_PATTERN.test(line) &&
      hasText(kept) &&
      isTail({ lines, from: index + 1 })
    )
      break
    if (/^\s*>/.test(line)) continue
    kept.push(line)
  }
  const cleaned = kept
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
  return cleaned.length > 0 ? cleaned : options.text.trim()
}

// Text that went through JSON twice arrives with literal "\n" in place of line breaks.
function unescapeNewlines(text: string): string {
  return !text.includes('\n') && text.includes('\\n') ? text.replace(/(?:\\r)?\\n/g, '\n') : text
}

function hasText(lines: string[]): boolean {
  return lines.some((line) => line.trim().length > 0)
}

// A sign-off is only an ending when at most a short signature follows it, not more paragraphs.
function isTail(options: { lines: string[]; from: number }): boolean {
  const rest = options.lines.slice(options.from).filter((line) => line.trim().length > 0)
  return rest.length <= 8 && rest.every((line) => line.length <= 80)
}
