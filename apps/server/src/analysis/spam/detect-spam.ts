import type { TAnalysisHeader } from '@parsedesk/contracts'
import { matchesOf } from '../text/matches-of'
import { PHISHING_REQUEST, PHISHING_THREAT, SALES_PITCH } from './scam-wording'

export type TSpamVerdict = {
  /** What gave it away, read after "spam": "bulk mail: List-Unsubscribe header". */
  reason: string
}

export type DetectSpamOptions = { subject: string; body: string; headers?: readonly TAnalysisHeader[] }

// Only the start of a body is read for wording: spam shows its hand early, and a long mail stays cheap.
const MAX_BODY_CHARS = 20_000
const GTUBE = 'XJS*C4JDBQADN1.NSBN3*2IDNEN*GTUBE-STANDARD-ANTI-UBE-TEST-EMAIL*C.34X'
// Subject tags a spam filter upstream writes, and the "ADV:" some laws require of unsolicited ads.
const FILTER_SUBJECT_TAG = /^\s*(?:\*{3,}\s*spam\s*\*{3,}|\[spam\]|\{spam\})/i
const ADVERTISEMENT_SUBJECT = /^\s*adv\s*:/i
const FORWARD_SUBJECT = /^\s*(?:fwd?|wg|tr|rv)\s*:/i
// Bulk senders' own headers: the campaign ids of Mailchimp, Constant Contact and Brevo.
const CAMPAIGN_HEADERS = [
  'x-campaign',
  'x-campaignid',
  'x-campaign-id',
  'x-roving-campaignid',
  'x-mailin-campaign',
]
const BULK_MAILER =
  /\b(?:mailchimp|phplist|mailerlite|getresponse|aweber|constant ?contact|campaign ?monitor|sendblaster|interspire|mass ?mailer|bulk ?mailer)\b/i

// What only a sender of bulk mail writes: the opt-out footer. Two points each.
const OPT_OUT =
  /\b(?:click here to (?:unsubscribe|opt[- ]?out|be removed)|to (?:unsubscribe|opt[- ]?out|be removed)\b[^.\n]{0,40}\b(?:click|visit|reply|send|go to|follow)|unsubscribe from (?:this|our) (?:list|newsletter|mailing)|opt[- ]?out instructions|you (?:are|were) receiving this (?:e-?mail|message|newsletter|mailing)|(?:this|the) (?:e-?mail|message|newsletter) (?:was|is|has been) sent to you because|if you (?:no longer |do not |don't )?(?:wish|want) (?:not )?to receive|you will be (?:permanently )?removed from (?:the|our|this) (?:mailing )?list|(?:view|read) (?:this e-?mail|it|this message) (?:in|on) (?:your|a) (?:web )?browser|manage your (?:e-?mail |subscription )?preferences)\b/gi
// Sales pitch, prize and pharmacy wording, in whole words of any alphabet ("cialis" is no part of French
// "spécialisée"). One point each.
const PITCH =
  /(?<![\p{L}\p{N}])(?:act now|limited[- ]time (?:offer|only)|special (?:offer|promotion|deal)|order (?:now|today)|buy now|call now|100% (?:free|natural|guaranteed)|risk[- ]free|no (?:credit card|charge card|prescription) (?:needed|required)|lowest prices?|dear friend|make money|earn (?:extra )?(?:cash|money|\$)|work(?:ing)? from home|(?:you(?: have)? been|you are) (?:specially )?selected|congratulations,? you|claim your (?:prize|reward|gift)|you(?:'ve| have)? won|winner|free (?:gift|trial offer|vacation)|viagra|cialis|pharmacy|weight loss|casino|this is not spam|seo (?:services|agency|experts?)|first page of google|rank(?:ing)? (?:higher )?(?:on|in) google|(?:increase|boost|drive) (?:your )?(?:website )?traffic|backlinks|guest posts?|lead generation|click here)(?![\p{L}\p{N}])/giu
// The customer's own words about mail they received: such a mail quotes a footer or an offer, and is a
// request to act on, never spam.
const CUSTOMER_REQUEST =
  /\b(?:(?:unsubscribe|remove|delete|take) me\b|stop (?:sending|emailing|contacting)|i (?:never|did not|didn't|have not|haven't) (?:signed? up|subscribed?|agreed?|consented?|asked)|(?:your|the) (?:newsletter|marketing e-?mails?|offers?) (?:keep|keeps|still)|i (?:tried|want|would like|wish) to (?:unsubscribe|opt[- ]?out))/i
const POINTS_FOR_SPAM = 3
// Precedence: bulk is no proof on its own: old mailing lists (Majordomo, fml) put it on every post they
// relay, a person's question included. It counts as much as an opt-out footer.
const BULK_PRECEDENCE_POINTS = 2
const QUOTED_PHRASES = 3

/**
 * Spam and bulk mail, told apart before any analysis: from the markers mail servers and bulk senders
 * put in headers, then from the wording only a bulk sender uses. A customer's mail filed as spam goes
 * unanswered, which is worse than a newsletter left in the queue, so every rule is one a customer's own
 * mail does not meet: a discussion list (a support alias on Google Groups or Mailman, which carries
 * List-Unsubscribe and Precedence: list on every customer's mail) is known by its List-Post header and
 * judged by its wording alone, forwarded mail is judged by its headers alone, and wording needs several
 * bulk-sender phrases with no request of the customer's among them.
 */
export function detectSpam(options: DetectSpamOptions): TSpamVerdict | null {
  const headers = options.headers ?? []
  const header = (name: string) => headers.find((h) => h.Name.toLowerCase() === name)?.Value.trim() ?? null
  const spamFlag = header('x-spam-flag')
  if (spamFlag && /^yes\b/i.test(spamFlag))
    return { reason: 'marked as spam by the receiving mail server: X-Spam-Flag: YES' }
  const spamStatus = header('x-spam-status')
  if (spamStatus && /^yes\b/i.test(spamStatus))
    return { reason: 'marked as spam by the receiving mail server: X-Spam-Status: Yes' }
  const body = options.body.slice(0, MAX_BODY_CHARS)
  if (body.includes(GTUBE) || options.subject.includes(GTUBE)) return { reason: 'the GTUBE spam test string' }
  const subjectTag = FILTER_SUBJECT_TAG.exec(options.subject)
  if (subjectTag)
    return { reason: `marked as spam by a mail filter in the subject: "${subjectTag[0].trim()}"` }
  const advertisement = ADVERTISEMENT_SUBJECT.exec(options.subject)
  if (advertisement)
    return { reason: `the subject marks it as an advertisement: "${advertisement[0].trim()}"` }

  const listPost = header('list-post')
  const isDiscussionList = listPost !== null && !/^no\b/i.test(listPost)
  if (!isDiscussionList) {
    const bulk = findBulkMarker({ header, headers })
    if (bulk) return { reason: bulk }
  }
  if (FORWARD_SUBJECT.test(options.subject)) return null
  const precedence = isDiscussionList ? undefined : header('precedence')?.toLowerCase()
  return judgeWording({
    text: `${options.subject}\n${body}`,
    bulkPrecedence: precedence === 'bulk' || precedence === 'junk' ? precedence : null,
  })
}

function findBulkMarker(options: {
  header: (name: string) => string | null
  headers: readonly TAnalysisHeader[]
}): string | null {
  const { header, headers } = options
  if (header('list-unsubscribe') !== null) return 'bulk mail: List-Unsubscribe header'
  const campaign = headers.find((h) => CAMPAIGN_HEADERS.includes(h.Name.toLowerCase()))
  if (campaign) return `bulk mail: ${campaign.Name} header`
  const mailer = header('x-mailer')
  const bulkMailer = mailer ? BULK_MAILER.exec(mailer) : null
  if (bulkMailer) return `bulk mail: sent with ${bulkMailer[0]}`
  const autoSubmitted = header('auto-submitted')
  if (autoSubmitted && !/^no\b/i.test(autoSubmitted))
    return `automated mail: Auto-Submitted: ${autoSubmitted}`
  return null
}

function judgeWording(options: { text: string; bulkPrecedence: string | null }): TSpamVerdict | null {
  const { text, bulkPrecedence } = options
  if (CUSTOMER_REQUEST.test(text)) return null
  const optOuts = distinctMatches({ pattern: OPT_OUT, text })
  const pitches = [
    ...distinctMatches({ pattern: PITCH, text }),
    ...distinctMatches({ pattern: SALES_PITCH, text }),
  ]
  const requests = distinctMatches({ pattern: PHISHING_REQUEST, text })
  // A threat alone is a customer's worry ("will my account be closed?"); beside a request for a click, phishing.
  const threats = requests.length > 0 ? distinctMatches({ pattern: PHISHING_THREAT, text }) : []
  const points =
    (bulkPrecedence ? BULK_PRECEDENCE_POINTS : 0) +
    optOuts.length * 2 +
    threats.length * 2 +
    requests.length +
    pitches.length
  if (points < POINTS_FOR_SPAM) return null
  const quoted = [...threats, ...requests, ...optOuts, ...pitches]
    .slice(0, QUOTED_PHRASES)
    .map((phrase) => `"${phrase}"`)
    .join(', ')
  return {
    reason: bulkPrecedence
      ? `bulk mail: Precedence: ${bulkPrecedence} and the wording ${quoted}`
      : `bulk-mail wording: ${quoted}`,
  }
}

// Enough different phrases to decide and to quote; the same phrase twice counts once.
function distinctMatches(options: { pattern: RegExp; text: string }): string[] {
  const seen = new Map<string, string>()
  for (const match of matchesOf(options.pattern, options.text)) {
    const phrase = match[0].replace(/\s+/g, ' ')
    seen.set(phrase.toLowerCase(), phrase)
    if (seen.size >= POINTS_FOR_SPAM) break
  }
  return [...seen.values()]
}
