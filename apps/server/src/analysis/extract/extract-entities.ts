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
const ORDER_PATTERN =
  /\b(?:order|purchase|shipment|tracking|booking|reservation)(?:\s+(?:number|no\.?|nr\.?|id|#|ref(?:erence)?))?\s*[:#]?\s*#?(?<id>[A-Z0-9][A-Z0-9-]{3,29})\b/gi
const HASH_ID_PATTERN = /(?<![\w&])#(?<id>\d{4,20})\b/g
const INVOICE_PATTERN =
  /\b(?:invoice|bill|receipt)(?:\s+(?:number|no\.?|nr\.?|id|#|ref(?:erence)?))?\s*[:#]?\s*#?(?<id>(?=[A-Z-]*\d)[A-Z0-9][A-Z0-9-]{2,29})\b/gi
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
const VERSIONED_PRODUCT_PATTERN =
  /\b(?<name>(?:[A-Z][\w+.-]*|[a-z]+[A-Z][\w+.-]*)(?:\s+[A-Z][\w+-]*){0,3})\s+(?<version>v?\d+(?:\.\d+){0,3}(?:\s?(?:Pro|Max|Plus|Ultra|Mini|SE|LTS))?)\b/y
const NAME_START = /\b(?:[A-Z]|[a-z]+[A-Z])/g
const NAME_CHARACTER = /[\w+.-]/
const VERSION_PATTERN = /\b(?:version|ver\.?|v)\s?(?<version>\d+(?:\.\d+){1,3})\b/gi
const ERROR_CODE_PATTERNS = [
  /\b0x[0-9A-Fa-f]{6,8}\b/g,
  /\bERR(?:OR)?_[A-Z0-9_]{2,40}\b/g,
  /\b(?:[Ee]rror|ERROR|[Cc]ode|CODE|[Ss]tatus|HTTP|[Ff]ehler)\s*(?:code\s*)?[:#]?\s*(?<code>[45]\d\d\b|[A-Z]{1,5}[-_]?\d{2,6}\b|0x[0-9A-Fa-f]{6,8}\b)/g,
]

// Words that look like a product name before a number but are dates, quantities or ticket fields.
const NOT_PRODUCT = new Set(
  [
    'order',
    'purchase',
    'invoice',
    'ticket',
    'case',
    'number',
    'account',
    'error',
    'code',
    'http',
    'status',
    'version',
    'step',
    'page',
    'room',
    'floor',
    'january',
    'february',
    'march',
    'april',
    'may',
    'june',
    'july',
    'august',
    'september',
    'october',
    'november',
    'december',
    'monday',
    'tuesday',
    'wednesday',
    'thursday',
    'friday',
    'saturday',
    'sunday',
    'i',
    'we',
    'the',
    'my',
    'our',
    'on',
    'at',
    'in',
    'since',
    'about',
    'over',
    'under',
    'only',
    'last',
    'next',
    'first',
    'dear',
    'hello',
    'hi',
  ].map((word) => word.toLowerCase()),
)

/** Finds order and invoice numbers, amounts, contact details, links, products and error codes in a ticket. */
export function extractEntities(options: { text: string }): TEntities {
  const text = options.text
  const urls = collect(matchesOf(URL_PATTERN, text), (m) => m[0], 2000)
  const emails = collect(addressesIn(text), (m) => m[0].toLowerCase())
  // Links and addresses are taken out first so their digits are not read as phone or order numbers.
  const rest = withoutAddresses(text.replace(URL_PATTERN, ' '))
  const invoiceNumbers = collect(matchesOf(INVOICE_PATTERN, rest), (m) => idOf(m.groups?.id))
  const orderNumbers = collect(
    chain([matchesOf(ORDER_PATTERN, rest), matchesOf(HASH_ID_PATTERN, rest)]),
    (m) => idOf(m.groups?.id),
  ).filter((id) => !invoiceNumbers.includes(id))
  const amounts = DIGIT.test(rest) && CURRENCY_MARK.test(rest) ? collectAmounts(rest) : []
  const errorCodes = collect(
    chain(ERROR_CODE_PATTERNS.map((pattern) => matchesOf(pattern, rest))),
    (m) => m.groups?.code ?? m[0],
  ).filter((code) => !/^\d{1,3}$/.test(code) || /^[45]\d\d$/.test(code))
  const known = new Set([...orderNumbers, ...invoiceNumbers])
  const phones = collect(matchesOf(PHONE_PATTERN, rest), (m) => m[0].trim()).filter((phone) =>
    isPhoneLike({ phone, known }),
  )
  const products = collectProducts(rest)
  return { orderNumbers, invoiceNumbers, amounts, emails, phones, urls, products, errorCodes }
}

/**
 * Entities of a ticket: the subject and the customer's message with its signature (where phone
 * numbers usually are) but without quoted history, whose numbers belong to earlier messages.
 */
export function extractTicketEntities(options: { subject: string; body: string }): TEntities {
  const body = cleanEmailText({ text: options.body.slice(0, MAX_SCANNED_CHARS), keepSignature: true })
  return extractEntities({ text: `${options.subject.slice(0, MAX_SCANNED_CHARS)}\n${body}` })
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
    if (!name || NOT_PRODUCT.has(name.toLowerCase()) || NOT_PRODUCT.has(name.split(/\s+/)[0]!.toLowerCase()))
      continue
    const product = `${name} ${match.groups?.version ?? ''}`.trim()
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

function trimLeadingStopWords(name: string): string {
  const words = name.split(/\s+/)
  while (words.length > 0 && NOT_PRODUCT.has(words[0]!.toLowerCase())) words.shift()
  return words.join(' ')
}
