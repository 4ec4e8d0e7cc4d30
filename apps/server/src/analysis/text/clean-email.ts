export type CleanEmailOptions = {
  text: string
  /** Keep the signature block (it often holds the sender's phone number) and cut only quoted history. */
  keepSignature?: boolean
}

// Lines that open the quoted part of a reply or forward; everything from there on is the earlier message.
// One pattern with an alternative per form, so each line is tested once.
const REPLY_HEADER = new RegExp(
  [
    String.raw`^\s*On\b.{0,200}\bwrote:\s*$`,
    String.raw`^\s*Am\b.{0,200}\bschrieb.{0,80}:\s*$`,
    String.raw`^\s*Le\b.{0,200}\ba écrit\s*:\s*$`,
    String.raw`^\s*El\b.{0,200}\bescribió:\s*$`,
    String.raw`^\s*Em\b.{0,200}\bescreveu:\s*$`,
    String.raw`^\s*Il\b.{0,200}\bha scritto:\s*$`,
    String.raw`^\s*Op\b.{0,200}\bschreef.{0,80}:\s*$`,
    String.raw`^\s*-{2,}\s*(?:Original Message|Forwarded message|Ursprüngliche Nachricht|Message d'origine|Mensaje original|Mensagem original|Messaggio originale|Oorspronkelijk bericht)\s*-{2,}\s*$`,
    String.raw`^\s*_{10,}\s*$`,
    String.raw`^\s*From:\s.+$`,
    String.raw`^\s*Von:\s.+$`,
    String.raw`^\s*(?:De|Da|Van)\s?:\s.+@.+$`,
  ].join('|'),
  'i',
)

// A sign-off ends the message body; what follows is the sender's name, title and contact lines.
// Written without two runs of spaces in a row (as in "\s*(?:best)?\s*"), which made a long line of
// spaces cost time in the square of its length.
const SIGN_OFF_PATTERN =
  /^\s*(?:(?:best|kind|warm|many thanks and)\s*)?(?:regards|wishes)\b[,!.]?\s*$|^\s*(?:sincerely|cheers|thanks|thank you|many thanks|best|yours(?: truly| sincerely)?|mit freundlichen grüßen|(?:danke und )?(?:viele|liebe|beste|herzliche|freundliche) grüße|(?:bien )?cordialement|bien à vous|merci(?: beaucoup)?|bonne (?:journée|soirée)|(?:un )?saludos?(?: cordiales)?|atentamente|(?:muchas )?gracias|atenciosamente|cumprimentos|(?:muito )?obrigad[oa]|(?:cordiali |distinti )?saluti|un (?:cordiale )?saluto|grazie(?: mille)?|(?:met )?vriendelijke groet(?:en)?|groeten|bedankt|dank (?:u|je) wel)\s*(?:[,!.]\s*)?$/i

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
  let keptText = false
  for (const [index, line] of lines.entries()) {
    if (MOBILE_FOOTER.test(line)) break
    if (SIGNATURE_DELIMITER.test(line) && !options.keepSignature) break
    if (keptText && REPLY_HEADER.test(line)) break
    if (
      !options.keepSignature &&
      keptText &&
      SIGN_OFF_PATTERN.test(line) &&
      isTail({ lines, from: index + 1 })
    )
      break
    if (/^\s*>/.test(line)) continue
    kept.push(line)
    if (!keptText && line.trim().length > 0) keptText = true
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

// A sign-off is only an ending when at most a short signature follows it, not more paragraphs. Reads no
// further than that, so a mail with many "Thanks" lines is not read to its end once for each.
function isTail(options: { lines: string[]; from: number }): boolean {
  let textLines = 0
  for (let index = options.from; index < options.lines.length; index++) {
    const line = options.lines[index]!
    if (line.trim().length === 0) continue
    textLines++
    if (textLines > 8 || line.length > 80) return false
  }
  return true
}
