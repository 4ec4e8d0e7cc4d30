import type { TTicketEntities } from '@parsedesk/contracts'
import { addressStart } from '../text/address-start'
import { cleanEmailText } from '../text/clean-email'
import { matchesOf } from '../text/matches-of'

/** What a ticket mentions that an agent would otherwise copy out by hand. */
export type TEntities = TTicketEntities

const MAX_PER_KIND = 10
const MAX_SCANNED_CHARS = 20_000

const URL_PATTERN = /\b(?:https?:\/\/|www\.)[^\s<>"'()[\]{}]+[^\s<>"'()[\]{}.,;:!?]/gi
// Tried only where an address can start (see addressStart), hence sticky.
const EMAIL_PATTERN = /\b[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}\b/uy
// The words before an order or invoice number in English and the six other languages the analysis reads
// ("Bestellung 12345", "commande n° 12345", "pedido 12345", "Rechnung RE-2024-0815", "factuur 2024-118").
const ORDER_PATTERN =
  /\b(?:order|purchase|shipment|tracking|booking|reservation|bestell(?:ung|nummer)|auftrag(?:snummer)?|commande|pedido|encomenda|ordine|bestelling)(?:\s+(?:number|no\.?|nr\.?|n[°º]|id|#|ref(?:erence)?))?\s*[:#]?\s*#?(?<id>(?=[A-Z-]*\d)[A-Z0-9][A-Z0-9-]{3,29})\b/gi
const HASH_ID_PATTERN = /(?<![\w&])#(?<id>\d{4,20})\b/g
const INVOICE_PATTERN =
  /\b(?:invoice|bill|receipt|rechnung(?:snummer)?|facture|factura|fattura|factuur|fatura)(?:\s+(?:number|no\.?|nr\.?|id|#|ref(?:erence)?))?\s*[:#]?\s*#?(?<id>(?=[A-Z-]*\d)[A-Z0-9][A-Z0-9-]{2,29})\b/gi
const SYMBOLS: Record<string, string> = { $: 'USD', '€': 'EUR', '£': 'GBP', '¥': 'JPY', '₹': 'INR' }
const AMOUNT_NUMBER = String.raw`\d{1,3}(?:[,.' ]\d{3})*(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?`
const SYMBOL = '[$€£¥₹]'
const CODES = 'USD|EUR|GBP|CHF|JPY|CAD|AUD|INR|SEK|NOK|DKK|PLN'
const CURRENCY_WORDS = 'dollars?|euros?|pounds?'
const AMOUNT_PATTERN = new RegExp(
  String.raw`(?<pre>${SYMBOL}|\b(?:${CODES})\b)\s?(?<a>${AMOUNT_NUMBER})|(?<b>${AMOUNT_NUMBER})\s?(?<post>${SYMBOL}|\b(?:${CODES}|${CURRENCY_WORDS})\b)`,
  'gi',
)
// Every amount holds a digit and one of these. The amount pattern is tried at every digit, which is slow on
// texts full of numbers (phone lists, part numbers), so a text without both is not searched for amounts.
const DIGIT = /\d/
const CURRENCY_MARK = new RegExp(`${SYMBOL}|${CODES}|${CURRENCY_WORDS}`, 'i')
const PHONE_PATTERN = /(?<![\w.-])(?:\+|00|\()?\d[\d \t().-]{6,18}\d(?![\w.-])/g
// Tried only where a name can start (see versionedProducts), hence sticky.
// A name and its version stand on one line: the subject above the body is no part of the name.
const VERSIONED_PRODUCT_PATTERN =
  /\b(?<name>(?:[A-Z][\w+.-]*|[a-z]+[A-Z][\w+.-]*)(?:[ \t]+[A-Z][\w+-]*){0,3})[ \t]+(?<version>v?\d+(?:\.\d+){0,3}(?:\s?(?:Pro|Max|Plus|Ultra|Mini|SE|LTS))?)\b/y
const NAME_START = /\b(?:[A-Z]|[a-z]+[A-Z])/g
const NAME_CHARACTER = /[\w+.-]/
const VERSION_PATTERN = /\b(?:version|ver\.?|v)\s?(?<version>\d+(?:\.\d+){1,3})\b/gi
const ERROR_CODE_PATTERNS = [
  /\b0x[0-9A-Fa-f]{6,8}\b/g,
  /\bERR(?:OR)?_[A-Z0-9_]{2,40}\b/g,
  // "error", "code" and "status" in English and the six other languages the analysis reads; a negative
  // number is an error code only right after such a word ("error -14").
  /\b(?:[Ee]rror|ERROR|[Cc]ode|CODE|[Ss]tatus|HTTP|[Ff]ehler(?:code)?|[Ee]rreur|[Ee]rrore|[Ee]rro|[Ff]out(?:code)?|[Cc][óo]digo|[Cc]odice)\s*(?:code\s*)?[:#]?\s*(?<code>[45]\d\d\b|[A-Z]{1,5}[-_]?\d{2,6}\b|0x[0-9A-Fa-f]{6,8}\b|-\d{1,6}\b)/g,
  // An HTTP status a server answered with: "the API returns 422", not "the search returned 400 results".
  /\b(?:returns?|returned|responds? with|responded with|throws?|threw)\s+(?:an?\s+)?(?:HTTP\s+)?(?<code>[45]\d\d)\b(?!\s*(?:%|units?|items?|products?|records?|rows?|results?|entries|orders?|users?|times))/g,
]

const MONTHS =
  'January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec'
const MONATE = 'Januar|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember'
// French, Spanish, Italian, Dutch and Portuguese months, written in lower case after the day ("3 mars 2024",
// "3 de marzo de 2024", "3 maart 2024"): only after a day number, so "mai" or "mayo" alone is never a date.
const MOIS = [
  ...new Set(
    (
      'janvier|février|fevrier|mars|avril|mai|juin|juillet|août|aout|septembre|octobre|novembre|décembre|decembre|' +
      'enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|setiembre|octubre|noviembre|diciembre|' +
      'gennaio|febbraio|aprile|maggio|giugno|luglio|settembre|ottobre|dicembre|' +
      'januari|februari|maart|april|mei|juni|juli|augustus|september|oktober|november|december|' +
      'janeiro|fevereiro|março|marco|maio|junho|julho|setembro|outubro|novembro|dezembro'
    ).split('|'),
  ),
].join('|')
// Words that look like a product name before a number but are dates, quantities, places, laws or ticket
// fields: "Order 12345", "Article 17", "Suite 4", "Step 2", "Since 3 days".
const NOT_PRODUCT = new Set(
  [
    'order',
    'purchase',
    'invoice',
    'ticket',
    'case',
    'number',
    'account',
    'customer',
    'error',
    'code',
    'http',
    'status',
    'version',
    'step',
    'page',
    'room',
    'floor',
    'suite',
    'unit',
    'building',
    'box',
    'apt',
    'street',
    'road',
    'avenue',
    'article',
    'art',
    'artikel',
    'section',
    'paragraph',
    'clause',
    'chapter',
    'gdpr',
    'dsgvo',
    'rgpd',
    'option',
    'item',
    'line',
    'day',
    'week',
    'month',
    'year',
    'plan',
    'tier',
    'level',
    'phase',
    'part',
    'postcode',
    'zip',
    'plz',
    'tel',
    'phone',
    'fax',
    'mobile',
    'monday',
    'tuesday',
    'wednesday',
    'thursday',
    'friday',
    'saturday',
    'sunday',
    'i',
    'we',
    'they',
    'it',
    'this',
    'that',
    'these',
    'those',
    'there',
    'here',
    'the',
    'a',
    'an',
    'my',
    'our',
    'your',
    'all',
    'every',
    'each',
    'some',
    'on',
    'at',
    'in',
    'for',
    'by',
    'to',
    'of',
    'with',
    'within',
    'after',
    'before',
    'until',
    'since',
    'about',
    'around',
    'almost',
    'approximately',
    'over',
    'under',
    'only',
    'just',
    'still',
    'also',
    'and',
    'but',
    'or',
    'so',
    'then',
    'now',
    'already',
    'last',
    'next',
    'first',
    'dear',
    'hello',
    'hi',
    'tried',
    'got',
    'have',
    'has',
    'had',
    'paid',
    'ordered',
    'bought',
    'booking',
    'reservation',
    'shipment',
    'tracking',
    'bill',
    'receipt',
    'ref',
    'no',
    'nr',
    'rechnung',
    'bestellung',
    'auftrag',
    'fehler',
    'facture',
    'commande',
    'erreur',
    'factura',
    'pedido',
    'fattura',
    'ordine',
    'errore',
    'factuur',
    'bestelling',
    'fout',
    'fatura',
    'encomenda',
    'erro',
    'usd',
    'eur',
    'gbp',
    'chf',
    'jpy',
    'cad',
    'aud',
    'inr',
    'sek',
    'nok',
    'dkk',
    'pln',
    // A month before a year is a date: "March 2024", "Mai 2024".
    ...`${MONTHS}|${MONATE}|${MOIS}`.split('|'),
  ].map((word) => word.toLowerCase()),
)
// A street or square, read as a name before a house number: "Hauptstraße 5", "Keizersgracht 12".
const PLACE_NAME =
  /(?:stra(?:ss|ß)e|str\.?|weg|gasse|platz|allee|ring|damm|gracht|laan|plein|straat|street|road|lane)$/i
// A version or model is a dotted number or a number of up to four digits (Office 365, Office 2019, RTX 3060):
// five and more digits after a name are a postcode or an order number (postcodes of four digits come before
// the town).
const VERSION_LIKE = /^v?(?:\d+(?:\.\d+){1,3}|\d{1,4})(?:\s?(?:Pro|Max|Plus|Ultra|Mini|SE|LTS))?$/
// What follows a count or an amount, not a version: "after 2 days", "Only 3 users", "USD 1,299.99".
const COUNTED =
  /^(?:[.,']\d|\s*(?:%|percent|days?|hours?|hrs?|minutes?|mins?|seconds?|secs?|weeks?|months?|years?|times?|users?|people|persons?|employees?|seats?|licen[cs]es?|items?|pieces?|pcs|units?|orders?|tickets?|emails?|messages?|pages?|kg|g|km|m|cm|mm|gb|mb|tb|kb)\b)/i

// Dates as written: ISO, numeric with a four-digit year (or a two-digit one after a slash), and month names:
// English and German capitalised, so "may" the verb is not read as May, the other languages' after a day.
const DATE_PATTERN = new RegExp(
  [
    String.raw`\b(?:19|20)\d\d-[01]\d-[0-3]\d\b`,
    String.raw`(?<![\d.])[0-3]?\d\.[01]?\d\.(?:19|20)\d\d\b`,
    String.raw`(?<![\d/])[01]?\d/[0-3]?\d/(?:(?:19|20)\d\d|\d\d)\b(?!/)`,
    String.raw`\b(?:${MONTHS})\.? [0-3]?\d(?:st|nd|rd|th)?\b(?:,? (?:19|20)\d\d\b)?`,
    String.raw`\b[0-3]?\d(?:st|nd|rd|th)? (?:of )?(?:${MONTHS})\b(?:,? (?:19|20)\d\d\b)?`,
    String.raw`\b[0-3]?\d\. (?:${MONATE})\b(?: (?:19|20)\d\d\b)?`,
    String.raw`\b(?:1er|[0-3]?\d)(?: de)? (?:${MOIS})(?![a-zà-ÿ])(?:(?: de)? (?:19|20)\d\d\b)?`,
  ].join('|'),
  'g',
)

// A capitalised word of a name: "Anna", "O'Brien", "Müller-Lüdenscheidt".
const NAME_WORD = String.raw`[A-Z\u00C0-\u00DE][a-z\u00DF-\u00FF]+(?:['-][A-Z\u00C0-\u00DE]?[a-z\u00DF-\u00FF]+)?`
// People the customer names: after a title, or after words that introduce a person ("my colleague", "spoke
// to", "your agent"). Never a name standing alone: capitalised words are too often products or places.
const TITLES = String.raw`(?:Mr|Mrs|Ms|Dr|Prof|Herr|Frau|Mme|Mlle|Sr|Sra|Sig|Dhr|Mevr)\.? `
const PERSON_CUES = `(?:colleague|manager|boss|agent|technician|engineer|supervisor|assistant|contact person|representative|consultant|Kollegin|Kollege|coll[eè]gue|collega)(?: named| called|,)? |(?:spoke|talked|chatted|spoken|talking|speaking) (?:to|with) |(?:cc(?:'d|ed)?:?|CC:?) `
const PERSON_PATTERN = new RegExp(
  String.raw`\b(?:${PERSON_CUES}|(?=${TITLES}))(?<title>${TITLES})?(?<name>${NAME_WORD}(?: ${NAME_WORD}){0,2})`,
  'g',
)
// Capitalised words that follow those cues but name no one.
const NOT_A_NAME =
  /^(?:Support|Customer|Service|Sales|Team|Billing|Technical|Help|Helpdesk|Desk|The|Your|Our|Their|His|Her|Someone|Somebody|Nobody|Everyone|Today|Yesterday|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|Google|Microsoft|Apple|Amazon)\b/
// Companies: capitalised words before a legal form ("Acme GmbH", "Smith & Sons Ltd", "Van Dijk B.V."), and
// the carriers, marketplaces and payment providers customers name by themselves.
const LEGAL_FORMS = String.raw`GmbH(?: & Co\. KG)?|AG|KG|OHG|UG|e\.V\.|Ltd\.?|Limited|Inc\.?|LLC|LLP|Corp\.?|Corporation|plc|PLC|S\.A\.S?\.?|SAS|SARL|S\.L\.|S\.p\.A\.|S\.r\.l\.|B\.V\.|N\.V\.|BV|NV|Pty Ltd|Oy|AB|AS|A\/S|ApS`
const KNOWN_COMPANIES =
  'DHL|UPS|FedEx|DPD|GLS|Hermes|USPS|Royal Mail|PostNL|La Poste|Correos|PayPal|Stripe|Klarna|Mastercard|American Express|Amazon'
const COMPANY_PATTERN = new RegExp(
  String.raw`\b(?<name>(?:[A-Z][\w&'.-]*|&)(?: (?:[A-Z][\w&'.-]*|&|and|und|of)){0,4}),? (?<form>${LEGAL_FORMS})(?![\w])|\b(?<known>${KNOWN_COMPANIES})\b`,
  'g',
)
// The company pattern is tried at every capital letter; a text with no legal form or known name is not searched.
const COMPANY_MARK = new RegExp(String.raw`(?:${LEGAL_FORMS})(?![\w])|\b(?:${KNOWN_COMPANIES})\b`)

/** Finds order and invoice numbers, amounts, contact details, links, products, error codes, dates, people and companies. */
export function extractEntities(options: { text: string }): TEntities {
  const fields = extractFields(options)
  return {
    ...fields,
    ...extractContacts({
      text: options.text,
      known: new Set([...fields.orderNumbers, ...fields.invoiceNumbers]),
    }),
  }
}

// Everything but the contact details, which a ticket reads from a larger part of the mail.
function extractFields(options: { text: string }): Omit<TEntities, 'emails' | 'phones'> {
  const text = options.text
  const urls = collect(matchesOf(URL_PATTERN, text), (m) => m[0], 2000)
  // Links and addresses are taken out first so their digits are not read as order numbers or dates.
  const rest = withoutAddresses(text.replace(URL_PATTERN, ' '))
  const invoiceNumbers = collect(matchesOf(INVOICE_PATTERN, rest), (m) => idOf(m.groups?.id))
  const orderNumbers = collect(
    chain([matchesOf(ORDER_PATTERN, rest), matchesOf(HASH_ID_PATTERN, rest)]),
    (m) => idOf(m.groups?.id),
  ).filter((id) => !invoiceNumbers.includes(id))
  const hasDigit = DIGIT.test(rest)
  const amounts = hasDigit && CURRENCY_MARK.test(rest) ? collectAmounts(rest) : []
  const errorCodes = collect(
    chain(ERROR_CODE_PATTERNS.map((pattern) => matchesOf(pattern, rest))),
    (m) => m.groups?.code ?? m[0],
  ).filter((code) => !/^\d{1,3}$/.test(code) || /^[45]\d\d$/.test(code))
  const products = collectProducts(rest)
  const dates = hasDigit ? collect(matchesOf(DATE_PATTERN, rest), (m) => m[0]) : []
  const people = collect(matchesOf(PERSON_PATTERN, rest), personOf)
  const companies = COMPANY_MARK.test(rest) ? collect(matchesOf(COMPANY_PATTERN, rest), companyOf) : []
  return { orderNumbers, invoiceNumbers, amounts, urls, products, errorCodes, dates, people, companies }
}

/**
 * Entities of a ticket: what the customer wrote in the subject and this message, never the quoted history
 * (its numbers and names belong to earlier messages) nor the signature (its postcode, street, company and
 * name are the sender's, not what the ticket is about). Only the contact details, emails and phone
 * numbers, are also read from the signature, where they usually are.
 */
export function extractTicketEntities(options: { subject: string; body: string }): TEntities {
  const subject = options.subject.slice(0, MAX_SCANNED_CHARS)
  const body = options.body.slice(0, MAX_SCANNED_CHARS)
  const fields = extractFields({
    text: `${subject}\n${withoutContactBlock(cleanEmailText({ text: body }))}`,
  })
  const contacts = extractContacts({
    text: `${subject}\n${cleanEmailText({ text: body, keepSignature: true })}`,
    known: new Set([...fields.orderNumbers, ...fields.invoiceNumbers]),
  })
  return { ...fields, ...contacts }
}

// A signature with no sign-off above it ("John Miller / Senior Buyer | Miller Logistics Ltd / +44 20 ...") is
// not known to the cleaner, which must not cut a customer's last paragraph on a guess. For the extraction it
// is cut here when the last paragraph opens with a name alone on its line and holds a phone number, an
// address or a link in a few short lines: the sender's contact block, whose company and street are not what
// the ticket is about.
const CONTACT_LINE = /(?:\+|\b00)\d[\d ()/.-]{6,}|\b(?:tel|phone|fax|mobile|mob)\b|@|\bwww\.|https?:\/\//i
const NAME_LINE = /^\s*[A-Z][\p{L}'.-]*(?: [A-Z][\p{L}'.-]*){0,3}\s*$/u
function withoutContactBlock(text: string): string {
  const start = text.lastIndexOf('\n\n')
  if (start < 0) return text
  const lines = text
    .slice(start + 2)
    .split('\n')
    .filter((line) => line.trim().length > 0)
  const isBlock =
    lines.length >= 2 &&
    lines.length <= 7 &&
    NAME_LINE.test(lines[0]!) &&
    lines.every((line) => line.length <= 80) &&
    lines.some((line) => CONTACT_LINE.test(line))
  return isBlock ? text.slice(0, start) : text
}

function extractContacts(options: { text: string; known: Set<string> }) {
  const emails = collect(addressesIn(options.text), (m) => m[0].toLowerCase())
  const rest = withoutAddresses(options.text.replace(URL_PATTERN, ' '))
  const phones = collect(matchesOf(PHONE_PATTERN, rest), (m) => m[0].trim()).filter((phone) =>
    isPhoneLike({ phone, known: options.known }),
  )
  return { emails, phones }
}

function personOf(match: RegExpExecArray): string | undefined {
  const name = match.groups?.name ?? ''
  if (NOT_A_NAME.test(name)) return undefined
  const title = match.groups?.title
  return title ? `${title}${name}` : name
}

function companyOf(match: RegExpExecArray): string | undefined {
  const known = match.groups?.known
  if (known) return known
  // A sentence's first word is capitalised whatever it is: "Yesterday Acme Ltd" names Acme Ltd.
  const words = (match.groups?.name ?? '').split(' ')
  while (words.length > 1 && NOT_PRODUCT.has(words[0]!.toLowerCase())) words.shift()
  const name = words.join(' ')
  if (!name || NOT_PRODUCT.has(name.toLowerCase())) return undefined
  return `${name} ${match.groups?.form ?? ''}`.trim()
}

// The matches a global search for EMAIL_PATTERN would find, tried once for each "@" only.
function* addressesIn(text: string): Generator<RegExpExecArray> {
  let from = 0
  for (let at = text.indexOf('@'); at >= 0; at = text.indexOf('@', Math.max(at + 1, from))) {
    const start = addressStart({ text, at, from })
    if (start < 0) continue
    EMAIL_PATTERN.lastIndex = start
    const match = EMAIL_PATTERN.exec(text)
    if (!match) continue
    from = start + match[0].length
    yield match
  }
}

// The text with each address replaced by a space, as text.replace(EMAIL_PATTERN, ' ') with a global pattern.
function withoutAddresses(text: string): string {
  let result = ''
  let copied = 0
  for (const match of addressesIn(text)) {
    result += `${text.slice(copied, match.index)} `
    copied = match.index + match[0].length
  }
  return copied === 0 ? text : result + text.slice(copied)
}

// Matches are read lazily, one list after the other, so collecting stops once it has enough.
function* chain<T>(lists: Iterable<T>[]): Generator<T> {
  for (const list of lists) yield* list
}

function collect<T>(matches: Iterable<T>, pick: (match: T) => string | undefined, maxLength = 300): string[] {
  const found: string[] = []
  for (const match of matches) {
    const value = pick(match)?.slice(0, maxLength)
    if (value && !found.includes(value)) found.push(value)
    if (found.length >= MAX_PER_KIND) break
  }
  return found
}

// An id must hold a digit, so "order status" or "purchase history" are not read as numbers.
function idOf(id: string | undefined): string | undefined {
  if (!id || !/\d/.test(id)) return undefined
  return id.toUpperCase()
}

function collectAmounts(text: string): TEntities['amounts'] {
  const amounts: TEntities['amounts'] = []
  for (const match of matchesOf(AMOUNT_PATTERN, text)) {
    const groups = match.groups ?? {}
    const value = (groups.a ?? groups.b ?? '').trim()
    const currency = currencyOf(groups.pre ?? groups.post ?? '')
    if (value && !amounts.some((amount) => amount.value === value && amount.currency === currency)) {
      amounts.push({ value, currency })
    }
    if (amounts.length >= MAX_PER_KIND) break
  }
  return amounts
}

function currencyOf(mark: string): string {
  const lower = mark.toLowerCase()
  if (SYMBOLS[mark]) return SYMBOLS[mark]
  if (lower.startsWith('dollar')) return 'USD'
  if (lower.startsWith('euro')) return 'EUR'
  if (lower.startsWith('pound')) return 'GBP'
  return mark.toUpperCase()
}

function isPhoneLike(options: { phone: string; known: Set<string> }): boolean {
  const { phone, known } = options
  const digits = phone.replace(/\D/g, '')
  if (digits.length < 7 || digits.length > 15) return false
  if ([...known].some((id) => id.replace(/\D/g, '').includes(digits))) return false
  // A bare run of digits is an id more often than a phone number; a phone is written with a + or separators.
  if (/^\d+$/.test(phone)) return false
  // Dates such as 2024-05-01 and amounts such as 1.234.567 are not phone numbers.
  if (/^\d{4}-\d{2}-\d{2}$/.test(phone) || /^\d{1,3}(?:[.,]\d{3})+$/.test(phone)) return false
  return true
}

function collectProducts(text: string): string[] {
  const products: string[] = []
  for (const match of versionedProducts(text)) {
    const name = trimLeadingStopWords(match.groups?.name ?? '')
    const version = match.groups?.version ?? ''
    if (
      !isProduct({
        name,
        version,
        after: text.slice(match.index + match[0].length, match.index + match[0].length + 12),
      })
    )
      continue
    const product = `${name} ${version}`.trim()
    if (!products.includes(product)) products.push(product)
    if (products.length >= MAX_PER_KIND) return products
  }
  for (const match of matchesOf(VERSION_PATTERN, text)) {
    const version = `version ${match.groups?.version ?? ''}`
    if (
      !products.some((product) => product.endsWith(match.groups?.version ?? '-')) &&
      !products.includes(version)
    ) {
      products.push(version)
    }
    if (products.length >= MAX_PER_KIND) break
  }
  return products
}

// The matches a global search for VERSIONED_PRODUCT_PATTERN would find. A name's first word runs to the end
// of its run of [\w+.-] characters (a space must follow it), so once the pattern fails from one start in a
// run it fails from every later start in it: those are skipped, rather than each read to the end of the run,
// which on a long run like "A.A.A.A…" cost time in the square of its length.
function* versionedProducts(text: string): Generator<RegExpExecArray> {
  NAME_START.lastIndex = 0
  for (let start = NAME_START.exec(text); start; start = NAME_START.exec(text)) {
    VERSIONED_PRODUCT_PATTERN.lastIndex = start.index
    const match = VERSIONED_PRODUCT_PATTERN.exec(text)
    if (match) {
      NAME_START.lastIndex = start.index + match[0].length
      yield match
    } else {
      let runEnd = start.index
      while (runEnd < text.length && NAME_CHARACTER.test(text[runEnd]!)) runEnd++
      NAME_START.lastIndex = runEnd
    }
  }
}

function isProduct(options: { name: string; version: string; after: string }): boolean {
  const { name, version } = options
  if (!name || !VERSION_LIKE.test(version) || COUNTED.test(options.after)) return false
  const words = name.split(/\s+/)
  // A name ending in a full stop ends a sentence or an abbreviation ("Acme Corp. 3 incidents").
  if (name.endsWith('.') || words.some((word) => NOT_PRODUCT.has(word.toLowerCase()))) return false
  return !PLACE_NAME.test(words.at(-1) ?? '')
}

function trimLeadingStopWords(name: string): string {
  const words = name.split(/\s+/)
  while (words.length > 0 && NOT_PRODUCT.has(words[0]!.toLowerCase())) words.shift()
  return words.join(' ')
}
