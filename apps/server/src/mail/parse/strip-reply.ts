export type TStrippedReply = {
  /** The new text: quoted history, reply headers and signature removed; the whole text when nothing new remains. */
  text: string
  /** True when quoted history or a reply header was found and removed. */
  hasQuotedReply: boolean
  /** True when a signature (`-- ` or a mobile "Sent from my ..." line) was removed. */
  hasSignature: boolean
}

export type TStripReplyOptions = {
  text: string
  /** A forward's subject (Fwd:, FW:, WG: ...) turns Outlook header blocks into content instead of history. */
  subject?: string
}

const WROTE = [
  'wrote',
  'writes',
  'a écrit',
  'schrieb',
  'escribió',
  'escreveu',
  'ha scritto',
  'scrisse',
  'schreef',
  'skrev',
  'kirjoitti',
  'írta',
  'yazdı',
  'napisał\\(a\\)',
  'napisała',
  'napisał',
  'napsal\\(a\\)',
  'napsal',
  'написал\\(а\\)',
  'написала',
  'написал',
  'έγραψε',
  'כתב',
  'كتب',
  '写道',
  '寫道',
  '작성',
].join('|')
const ATTRIBUTION_END = new RegExp(`(?:${WROTE})\\s*[:：]\\s*$`, 'iu')
/** German and Dutch put the name after the verb: "Am 3. März schrieb Ann <a@b.c>:". */
const ATTRIBUTION_VERB = new RegExp(`(?<!\\p{L})(?:${WROTE})(?!\\p{L}).*[:：]\\s*$`, 'iu')
const ATTRIBUTION_START =
  /^\s*(?:-{2,}\s*)?(?:(?:On|Am|Le|El|Em|Il|Op|Den|På|W dniu|Dne|Στις)(?=\s)|在|于|\d)/iu
/** Gmail in Japanese: "2012年4月2日 18:26 Name <a@b.c>:" has no verb at all. */
const CJK_ATTRIBUTION = /^\s*\d{4}年\d{1,2}月\d{1,2}日.{0,200}[:：]\s*$/u

const ORIGINAL_MESSAGE = new RegExp(
  `^\\s*-{2,}\\s*(?:${[
    'Original Message',
    'Ursprüngliche Nachricht',
    'Originalnachricht',
    "Message d'origine",
    'Mensaje original',
    'Messaggio originale',
    'Oorspronkelijk bericht',
    'Originalmeddelande',
    'Oprindelig meddelelse',
    'Opprinnelig melding',
    'Alkuperäinen viesti',
    'Původní zpráva',
    'Wiadomość oryginalna',
    'Исходное сообщение',
    'Оригинальное сообщение',
    'Mensagem original',
    'Eredeti üzenet',
  ].join('|')})\\s*-{2,}\\s*$`,
  'iu',
)
const FORWARD_RULES = [
  'Forwarded message',
  'Weitergeleitete Nachricht',
  'Message transféré',
  'Mensaje reenviado',
  'Messaggio inoltrato',
  'Doorgestuurd bericht',
  'Vidarebefordrat meddelande',
  'Videresendt melding',
  'Пересылаемое сообщение',
  'Mensagem encaminhada',
]
const FORWARD_INTROS = [
  'Begin forwarded message',
  'Anfang der weitergeleiteten Nachricht',
  'Début du message réexpédié',
  'Inicio del mensaje reenviado',
  'Inizio messaggio inoltrato',
  'Início da mensagem reencaminhada',
  'Begin doorgestuurd bericht',
]
const FORWARD_MARKER = new RegExp(
  `^\\s*(?:-{2,}\\s*(?:${FORWARD_RULES.join('|')})\\s*-{2,}|(?:${FORWARD_INTROS.join('|')})\\s*:)\\s*$`,
  'iu',
)
const REPLY_ABOVE_MARKER =
  /^\W{0,10}(?:please )?(?:type|write|reply|enter) (?:your )?(?:reply|response)? ?above this line/i
const OUTLOOK_RULE = /^\s*_{20,}\s*$/
/** postal-mime prints an inline message/rfc822 part as a dashed rule over its headers: content, not history. */
const EMBEDDED_MESSAGE_RULE = /^\s*-{20,}\s*$/
const HEADER_FROM = /^\s*\*?(?:From|Von|De|Da|Van|Från|Fra|Frå|Od|От|Kimden|Feladó|Lähettäjä)\s*\*?\s*:/iu
const HEADER_OTHER =
  /^\s*\*?(?:Sent|Date|To|Cc|Subject|Gesendet|Datum|An|Betreff|Envoyé|À|Objet|Enviado|Para|Asunto|Inviato|A|Oggetto|Verzonden|Aan|Onderwerp|Skickat|Till|Ämne|Sendt|Til|Emne|Wysłano|Do|Temat|Отправлено|Кому|Тема|Dátum|Tárgy)\s*\*?\s*:/iu
const SIGNATURE_DELIMITER = /^-- ?$/
const MOBILE_SIGNATURE = new RegExp(
  [
    '^(?:Sent|Posted) (?:from|with|via|using) (?:my |the |Mail |Outlook|Yahoo|Samsung|AOL|BlueMail|Spark|Sparrow|Windows|iPhone|iPad|Android|BlackBerry).{0,60}$',
    '^Get Outlook for .{1,30}$',
    '^(?:Envoyé|Enviado|Inviato|Verzonden|Verstuurd|Skickat|Sendt|Wysłane|Отправлено) (?:de|depuis|desde|do|da|vanaf|met|från|fra|z|с) (?:mon|ma|mi|meu|mio|mijn|min|mój|моего|my) .{1,40}$',
    '^Von meinem .{1,40} gesendet\\.?$',
  ].join('|'),
  'iu',
)
const FORWARD_SUBJECT = /^\s*(?:fwd?|fw|wg|tr|rv|i|doorst|vs|vb|enc|pd)\s*:/i

type TLineKind = 'content' | 'quote' | 'blank'

const isBlank = (line: string) => line.trim() === ''
const isQuoted = (line: string) => /^\s*>/.test(line)

/** Lines i..end form an attribution ("On <date>, <name> wrote:"), possibly wrapped over up to 3 lines. */
function findAttributionEnd(lines: string[], i: number): number | null {
  const first = lines[i] ?? ''
  if (first.length > 250) return null
  if (CJK_ATTRIBUTION.test(first)) return i
  const startsLikeAttribution = ATTRIBUTION_START.test(first)
  if (startsLikeAttribution && ATTRIBUTION_VERB.test(first)) return i
  if (ATTRIBUTION_END.test(first) && /[@\d<]/.test(first)) return i
  if (!startsLikeAttribution) return null
  let joined = first
  for (let end = i + 1; end <= i + 2 && end < lines.length; end++) {
    const next = lines[end] ?? ''
    if (isBlank(next) || isQuoted(next)) return null
    joined += ` ${next.trim()}`
    if (joined.length > 300) return null
    if (ATTRIBUTION_VERB.test(joined)) return end
  }
  return null
}

/** An Outlook-style header block: a From line followed by at least two more reply headers. */
function isHeaderBlock(lines: string[], i: number): boolean {
  if (!HEADER_FROM.test(lines[i] ?? '')) return false
  let others = 0
  for (let j = i + 1; j < lines.length && j <= i + 6; j++) {
    const line = lines[j] ?? ''
    if (isBlank(line)) break
    if (HEADER_OTHER.test(line)) others++
  }
  return others >= 2
}

function hasHistoryAfter(lines: string[], from: number): boolean {
  for (let j = from; j < lines.length; j++) {
    if (isQuoted(lines[j] ?? '') || findAttributionEnd(lines, j) !== null) return true
  }
  return false
}

function nextNonBlank(lines: string[], from: number): number {
  let j = from
  while (j < lines.length && isBlank(lines[j] ?? '')) j++
  return j
}

/**
 * The new text of a reply. Top-posted history (Gmail, Outlook, Apple Mail, Yahoo, AOL, Android ...)
 * is cut at its first marker; quoted blocks before or after the new text are dropped; quoted blocks
 * between new paragraphs stay, because an inline answer needs its question. A forward keeps the
 * forwarded message: it is what the customer wants us to read.
 */
export function stripReply({ text, subject = '' }: TStripReplyOptions): TStrippedReply {
  const lines = text.replace(/\r\n?/g, '\n').split('\n')
  const isForward = FORWARD_SUBJECT.test(subject)
  const kinds: TLineKind[] = []
  let hasContent = false
  let hasQuotedReply = false
  let hasSignature = false
  let forwardFrom = lines.length

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? ''
    if (isBlank(line)) {
      kinds.push('blank')
      continue
    }
    if (isQuoted(line)) {
      kinds.push('quote')
      continue
    }
    const isEmbeddedMessage =
      EMBEDDED_MESSAGE_RULE.test(line) && isHeaderBlock(lines, nextNonBlank(lines, i + 1))
    const isForwardedHistory = isForward && (isHeaderBlock(lines, i) || ORIGINAL_MESSAGE.test(line))
    if (FORWARD_MARKER.test(line) || isEmbeddedMessage || isForwardedHistory) {
      forwardFrom = i
      break
    }
    const attributionEnd = findAttributionEnd(lines, i)
    if (attributionEnd !== null) {
      const following = lines[nextNonBlank(lines, attributionEnd + 1)]
      if (following !== undefined && isQuoted(following)) {
        for (let j = i; j <= attributionEnd; j++) kinds.push('quote')
        i = attributionEnd
        continue
      }
      hasQuotedReply = true
      break
    }
    const startsHistory =
      ORIGINAL_MESSAGE.test(line) ||
      REPLY_ABOVE_MARKER.test(line) ||
      isHeaderBlock(lines, i) ||
      (OUTLOOK_RULE.test(line) && isHeaderBlock(lines, nextNonBlank(lines, i + 1)))
    if (startsHistory) {
      hasQuotedReply = true
      break
    }
    if (hasContent && (SIGNATURE_DELIMITER.test(line) || MOBILE_SIGNATURE.test(line.trim()))) {
      hasSignature = true
      // Mobile clients put the history under their footer ("Sent from my iPhone", then "On ... wrote:").
      hasQuotedReply = hasHistoryAfter(lines, i + 1)
      break
    }
    kinds.push('content')
    hasContent = true
  }

  const firstContent = kinds.indexOf('content')
  const lastContent = kinds.lastIndexOf('content')
  if (kinds.slice(0, Math.max(firstContent, 0)).includes('quote')) hasQuotedReply = true
  if (kinds.slice(lastContent + 1).includes('quote')) hasQuotedReply = true

  const kept = firstContent === -1 ? [] : lines.slice(firstContent, lastContent + 1)
  const forwarded = lines.slice(forwardFrom)
  const result = [...kept, ...(kept.length > 0 && forwarded.length > 0 ? [''] : []), ...forwarded]
    .map((l) => l.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()

  if (!result) return { text: text.trim(), hasQuotedReply: false, hasSignature: false }
  return { text: result, hasQuotedReply, hasSignature }
}
