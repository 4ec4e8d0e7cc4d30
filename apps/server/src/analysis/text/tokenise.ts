export type TokeniseOptions = { text: string }

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

// One pass over the text; the first alternative that matches at a position wins, so order matters.
const TOKEN_PATTERN = new RegExp(
  [
    String.raw`(?<url>\b(?:https?:\/\/|www\.)[^\s<>"')\]]+)`,
    String.raw`(?<email>\b[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+)`,
    String.raw`(?<placeholder>\{\{\s*(?<phA>[^{}]{1,40}?)\s*\}\}|<(?<phB>[a-z][a-z_ ]{1,30})>|\[(?<phC>[a-z][a-z_ ]{1,30})\])`,
    String.raw`(?<money>${CURRENCY}\s?(?:${AMOUNT})|(?:${AMOUNT})\s?${CURRENCY})`,
    String.raw`(?<word>[\p{L}\p{M}\p{N}]+(?:['’][\p{L}]+)*)`,
  ].join('|'),
  'gu',
)

/**
 * Splits text into lower-case word tokens, replacing URLs, email addresses, amounts, numbers,
 * long mixed codes and template placeholders by the special tokens above.
 */
export function tokenise(options: TokeniseOptions): string[] {
  const text = options.text.normalize('NFKC').toLowerCase()
  const tokens: string[] = []
  for (const match of text.matchAll(TOKEN_PATTERN)) {
    const groups = match.groups ?? {}
    if (groups.url !== undefined) tokens.push(SpecialToken.url)
    else if (groups.email !== undefined) tokens.push(SpecialToken.email)
    else if (groups.placeholder !== undefined)
      tokens.push(placeholderToken(groups.phA ?? groups.phB ?? groups.phC))
    else if (groups.money !== undefined) tokens.push(SpecialToken.money)
    else if (groups.word !== undefined) tokens.push(wordToken(groups.word))
  }
  return tokens
}

function placeholderToken(name: string | undefined): string {
  const slug = (name ?? '').replace(/[^\p{L}\p{N}]+/gu, '')
  return `${SpecialToken.placeholder}${slug}`
}

function wordToken(word: string): string {
  const normalised = word.replace(/’/g, "'")
  if (/^\d+$/.test(normalised)) return normalised.length >= 5 ? SpecialToken.longNumber : SpecialToken.number
  const digits = normalised.replace(/\D/g, '').length
  if (digits >= 3 && normalised.length >= 6) return SpecialToken.code
  return normalised
}

/** True for tokens that stand for a class of strings rather than a word someone wrote. */
export function isSpecialToken(token: string): boolean {
  return token.startsWith('xx') && (Object.values(SpecialToken) as string[]).some((s) => token.startsWith(s))
}
