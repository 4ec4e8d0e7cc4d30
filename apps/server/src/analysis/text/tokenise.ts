import { addressStart } from './address-start'
import { matchesOf } from './matches-of'

export type TokeniseOptions = {
  text: string
  /** Stop after this many tokens: the classifier reads no further, so a long email is not split to its end. */
  maxTokens?: number
}

/**
 * Tokens that stand for a whole class of strings. Ticket text is full of order numbers, addresses and
 * template placeholders whose exact value says nothing about the category, but whose presence does.
 */
export const SpecialToken = {
  url: 'xxurl',
  email: 'xxemail',
  money: 'xxmoney',
  number: 'xxnum',
  longNumber: 'xxlongnum',
  code: 'xxcode',
  placeholder: 'xxph',
} as const

const CURRENCY = String.raw`(?:[$€£¥₹]|\b(?:usd|eur|gbp|chf|jpy|cad|aud|inr)\b)`
const AMOUNT = String.raw`\d[\d,.']*\d|\d`
const URL_ALTERNATIVE = String.raw`(\b(?:https?:\/\/|www\.)[^\s<>"')\]]+)`
const EMAIL_ALTERNATIVE = String.raw`(\b[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+)`
const PLACEHOLDER_ALTERNATIVE = String.raw`(\{\{\s*([^{}]{1,40}?)\s*\}\}|<([a-z][a-z_ ]{1,30})>|\[([a-z][a-z_ ]{1,30})\])`
const MONEY_ALTERNATIVE = String.raw`(${CURRENCY}\s?(?:${AMOUNT})|(?:${AMOUNT})\s?${CURRENCY})`
const WORD_ALTERNATIVE = String.raw`([\p{L}\p{M}\p{N}]+(?:['’][\p{L}]+)*)`
// One pass over the text; the first alternative that matches at a position wins, so order matters.
// Groups: 1 url, 2 email, 3 placeholder (4-6 its name), 7 money, 8 word.
const TOKEN_PATTERN = new RegExp(
  [URL_ALTERNATIVE, EMAIL_ALTERNATIVE, PLACEHOLDER_ALTERNATIVE, MONEY_ALTERNATIVE, WORD_ALTERNATIVE].join(
    '|',
  ),
  'gu',
)
// The email and money alternatives are the costly ones: tried at every word start or digit, they read the
// word or number to its end looking for an "@" or a currency, which on long runs ("a.a.a.a…", "1.1.1.1…")
// costs time in the square of the run's length. Away from a place where one could match (addressZones,
// amountZones) the text is read with this copy, where empty alternatives that never match keep the group
// numbers; where one could, TOKEN_PATTERN reads that stretch again and decides.
const NEVER = '(?!)()'
const TOKEN_PATTERN_WITHOUT_EMAIL_OR_MONEY = new RegExp(
  [URL_ALTERNATIVE, NEVER, PLACEHOLDER_ALTERNATIVE, NEVER, WORD_ALTERNATIVE].join('|'),
  'gu',
)
// What the email alternative needs after the "@".
const ADDRESS_DOMAIN = /@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/uy
const CURRENCY_MARK = new RegExp(CURRENCY, 'g')
const AMOUNT_CHARACTER = /[\d,.']/
const SPACE = /\s/
const DIGIT = /\d/

/** Where TOKEN_PATTERN may match differently from its cheap copy: from start up to (not including) end. */
type TZone = { start: number; end: number }

/**
 * Splits text into lower-case word tokens, replacing URLs, email addresses, amounts, numbers,
 * long mixed codes and template placeholders by the special tokens above.
 */
export function tokenise(options: TokeniseOptions): string[] {
  const text = options.text.normalize('NFKC').toLowerCase()
  const maxTokens = options.maxTokens ?? Number.POSITIVE_INFINITY
  const meetsAddress = zoneReader(addressZones(text))
  const meetsAmount = zoneReader(amountZones(text))
  let position = 0
  const tokens: string[] = []
  while (tokens.length < maxTokens) {
    TOKEN_PATTERN_WITHOUT_EMAIL_OR_MONEY.lastIndex = position
    let match = TOKEN_PATTERN_WITHOUT_EMAIL_OR_MONEY.exec(text)
    // The cheap copy searched from position up to its match; if that stretch meets a zone, the full
    // pattern searches it again.
    const searchedTo = match ? match.index : text.length
    if (meetsAddress(position, searchedTo) || meetsAmount(position, searchedTo)) {
      TOKEN_PATTERN.lastIndex = position
      match = TOKEN_PATTERN.exec(text)
    }
    if (!match) break
    position = match.index + match[0].length
    if (match[1] !== undefined) tokens.push(SpecialToken.url)
    else if (match[2] !== undefined) tokens.push(SpecialToken.email)
    else if (match[3] !== undefined) tokens.push(placeholderToken(match[4] ?? match[5] ?? match[6]))
    else if (match[7] !== undefined) tokens.push(SpecialToken.money)
    else if (match[8] !== undefined) tokens.push(wordToken(match[8]))
  }
  return tokens
}

// Reads zones (in text order) only as far as the tokens go, and says whether one meets the stretch
// from `from` to `to`; `from` never goes back.
function zoneReader(zones: Iterator<TZone>): (from: number, to: number) => boolean {
  let next = zones.next()
  return (from, to) => {
    while (!next.done && next.value.end <= from) next = zones.next()
    return !next.done && next.value.start <= to
  }
}

// Where the email alternative can match: before each "@" that a valid domain follows, from the first
// start addressStart finds. Elsewhere it cannot, and in such a zone it matches at its first start.
function* addressZones(text: string): Generator<TZone> {
  for (let at = text.indexOf('@'); at >= 0; at = text.indexOf('@', at + 1)) {
    const start = addressStart({ text, at, from: 0 })
    ADDRESS_DOMAIN.lastIndex = at
    if (start >= 0 && ADDRESS_DOMAIN.test(text)) yield { start, end: at }
  }
}

// Where the money alternative can match: over the run of digits and separators that ends with a digit at a
// currency mark or one space before it (an amount may precede the mark), and at the mark (one may follow
// it). The run is read whole from any digit in it, so there the alternative matches at its first digit;
// elsewhere it cannot match.
function* amountZones(text: string): Generator<TZone> {
  for (const mark of matchesOf(CURRENCY_MARK, text)) {
    let end = mark.index
    if (end > 0 && SPACE.test(text[end - 1]!)) end--
    let start = end
    while (start > 0 && AMOUNT_CHARACTER.test(text[start - 1]!)) start--
    if (start < end && DIGIT.test(text[end - 1]!)) yield { start, end }
    yield { start: mark.index, end: mark.index + 1 }
  }
}

function placeholderToken(name: string | undefined): string {
  const slug = (name ?? '').replace(/[^\p{L}\p{N}]+/gu, '')
  return `${SpecialToken.placeholder}${slug}`
}

function wordToken(word: string): string {
  const normalised = word.includes('’') ? word.replace(/’/g, "'") : word
  let digits = 0
  for (let i = 0; i < normalised.length; i++) {
    const code = normalised.charCodeAt(i)
    if (code >= 0x30 && code <= 0x39) digits++
  }
  if (digits === normalised.length)
    return normalised.length >= 5 ? SpecialToken.longNumber : SpecialToken.number
  if (digits >= 3 && normalised.length >= 6) return SpecialToken.code
  return normalised
}

const SPECIAL_TOKENS: readonly string[] = Object.values(SpecialToken)

/** True for tokens that stand for a class of strings rather than a word someone wrote. */
export function isSpecialToken(token: string): boolean {
  return token.startsWith('xx') && SPECIAL_TOKENS.some((special) => token.startsWith(special))
}
