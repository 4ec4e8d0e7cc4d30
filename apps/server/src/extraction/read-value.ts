import {
  CustomFieldType,
  type TChoiceOption,
  type TCustomFieldValue,
  type TDateFormat,
  TemplateLimits,
  TemplateMessages,
  type TTemplateField,
} from '@parsedesk/contracts'
import { isWeekdayName, monthOfName } from './calendar-words'

/** A field's text made a typed value, or the reason it is not one. */
export type TRead = { value: TCustomFieldValue; error: null } | { value: null; error: string }

const ok = (value: TCustomFieldValue): TRead => ({ value, error: null })
const refused = (error: string): TRead => ({ value: null, error })

/** A currency sign or code, or a unit, before or after the amount ("$", "EUR", "kr", "%"). */
const AROUND_NUMBER = /^[^\d+-]*?(?=[+-]?\d)|(?<=\d)[^\d]*$/gu
const NUMBER_SHAPE = /^[+-]?\d[\d.,' \u00a0\u202f]*$/

/**
 * A number as mails write it: "1,234.50", "1.234,50", "1 234,50", "EUR 99", "12%". With both `,` and `.`,
 * the last is the decimal point; one separator alone is a thousands separator only when it is followed by
 * exactly three digits and neither side starts with 0 ("1,234" and "12.500" -> thousands, "0.125" and
 * "3,5" -> decimals), as invoices almost never carry three decimals.
 */
export function readNumber(raw: string): number | undefined {
  const amount = raw.trim().replace(AROUND_NUMBER, '').trim()
  if (!NUMBER_SHAPE.test(amount) || !/\d$/.test(amount)) return undefined
  const compact = amount.replace(/[' \u00a0\u202f]/g, '')
  const lastComma = compact.lastIndexOf(',')
  const lastDot = compact.lastIndexOf('.')
  let normal: string
  if (lastComma !== -1 && lastDot !== -1) {
    const decimal = lastComma > lastDot ? ',' : '.'
    const thousands = decimal === ',' ? '.' : ','
    if (compact.indexOf(decimal) !== compact.lastIndexOf(decimal)) return undefined
    normal = compact.split(thousands).join('').replace(decimal, '.')
  } else if (lastComma !== -1 || lastDot !== -1) {
    const separator = lastComma !== -1 ? ',' : '.'
    const parts = compact.split(separator)
    const grouped =
      parts.length > 2 ||
      (parts[1]?.length === 3 && !/^[+-]?0/.test(parts[0] ?? '') && /^[+-]?\d{1,3}$/.test(parts[0] ?? ''))
    if (grouped && parts.slice(1).some((group) => group.length !== 3)) return undefined
    normal = grouped ? parts.join('') : parts.join('.')
  } else {
    normal = compact
  }
  const value = Number(normal)
  return Number.isFinite(value) ? value : undefined
}

// A month's name in any language of `calendar-words.ts`, perhaps shortened with a full stop.
const MONTH_NAME = '(\\p{L}{3,10}\\.?)'
// "3rd", "1er", "1º", or German's "3.".
const ORDINAL = '(?:st|nd|rd|th|er|º|°)?\\.?'
// Spanish and Portuguese put "de" before the month and the year: "5 de mayo de 2026".
const OF = '(?:(?:de|del)\\s+)?'
// The numeric formats also read a year of two digits ("03/04/26"); the ISO one does not, where "26-04-03"
// would be read year first by one reader and year last by another.
const YEAR = '(\\d{4}|\\d{2})'
const DATE_SHAPES: Record<TDateFormat, { pattern: RegExp; order: ('y' | 'm' | 'd')[] }> = {
  'YYYY-MM-DD': { pattern: /^(\d{4})-(\d{1,2})-(\d{1,2})\b/, order: ['y', 'm', 'd'] },
  'DD/MM/YYYY': { pattern: new RegExp(`^(\\d{1,2})/(\\d{1,2})/${YEAR}\\b`), order: ['d', 'm', 'y'] },
  'MM/DD/YYYY': { pattern: new RegExp(`^(\\d{1,2})/(\\d{1,2})/${YEAR}\\b`), order: ['m', 'd', 'y'] },
  'DD.MM.YYYY': { pattern: new RegExp(`^(\\d{1,2})\\.(\\d{1,2})\\.${YEAR}\\b`), order: ['d', 'm', 'y'] },
  'D MMMM YYYY': {
    pattern: new RegExp(`^(\\d{1,2})${ORDINAL}\\s+${OF}${MONTH_NAME},?\\s+${OF}(\\d{4})(?!\\d)`, 'iu'),
    order: ['d', 'm', 'y'],
  },
  'MMMM D, YYYY': {
    pattern: new RegExp(`^${MONTH_NAME}\\s+(\\d{1,2})${ORDINAL},?\\s+(\\d{4})(?!\\d)`, 'iu'),
    order: ['m', 'd', 'y'],
  },
}

/**
 * The year a two-digit year names, by POSIX `strptime`'s pivot: 69-99 are 1969-1999, 00-68 are 2000-2068.
 * Mails date orders, invoices and deliveries near today, and a fixed pivot reads a mail the same whenever
 * it is read again (a regression set, a re-ingest), which a window sliding with the clock would not.
 */
const TWO_DIGIT_YEAR_PIVOT = 69

function fullYear(twoDigits: number): number {
  return twoDigits >= TWO_DIGIT_YEAR_PIVOT ? 1900 + twoDigits : 2000 + twoDigits
}

const LEADING_WORD = /^(\p{L}+(?:-\p{L}+)?\.?),?\s+/u

/** The text without the weekday it starts with ("Friday, ", "Di., ", "vendredi ", "terça-feira, "). */
function withoutWeekday(text: string): string {
  const word = LEADING_WORD.exec(text)
  return word?.[1] && isWeekdayName(word[1]) ? text.slice(word[0].length) : text
}

/**
 * A date written in `format` at the start of the text (a time after it is left out), as YYYY-MM-DD, its
 * month named in any of the languages `calendar-words.ts` knows; a weekday before it ("Friday, 27 November
 * 2026", "vendredi 14 mars") is skipped, tried only when the text does not read as a date with it (French
 * writes Tuesday "mar.", English March "Mar"). Undefined for a day the calendar lacks.
 */
export function readDate(raw: string, format: TDateFormat): string | undefined {
  const text = raw.trim()
  const shape = DATE_SHAPES[format]
  const found = shape.pattern.exec(text) ?? shape.pattern.exec(withoutWeekday(text))
  if (!found) return undefined
  const parts: Record<'y' | 'm' | 'd', number | undefined> = { y: undefined, m: undefined, d: undefined }
  shape.order.forEach((part, index) => {
    const written = found[index + 1] ?? ''
    if (!/^\d+$/.test(written)) parts[part] = monthOfName(written)
    else parts[part] = part === 'y' && written.length === 2 ? fullYear(Number(written)) : Number(written)
  })
  const { y, m, d } = parts
  if (y === undefined || m === undefined || d === undefined) return undefined
  const date = new Date(Date.UTC(y, m - 1, d))
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return undefined
  return date.toISOString().slice(0, 10)
}

const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:".]{2,}$/

/** An address as written alone, in "Name <address>" or as a mailto: link; kept as written, lower-cased. */
export function readEmail(raw: string): string | undefined {
  const bracketed = /<([^<>]+)>/.exec(raw)?.[1]
  const address = (bracketed ?? raw)
    .trim()
    .replace(/^mailto:/i, '')
    .replace(/[.,;]$/, '')
  return EMAIL.test(address) && address.length <= 320 ? address.toLowerCase() : undefined
}

/** An http(s) address, written alone or in <...>; the trailing sentence punctuation is not part of it. */
export function readUrl(raw: string): string | undefined {
  const text = raw
    .trim()
    .replace(/[.,;)]$/, '')
    .replace(/^<(.*)>$/, '$1')
  if (/\s/.test(text)) return undefined
  try {
    const url = new URL(text)
    return url.protocol === 'http:' || url.protocol === 'https:' ? text : undefined
  } catch {
    return undefined
  }
}

const normalWords = (text: string) =>
  text
    .toLowerCase()
    .replace(/[\s_]+/g, ' ')
    .replace(/^[\s\p{P}]+|[\s\p{P}]+$/gu, '')

const escapeForRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * The option a mail's word names: its value or a synonym, any case ("P1", "Urgent" -> high). When the
 * whole text is none of them, the longest option word found in it as a whole word ("P1 - Critical"); an
 * option word repeated by two options goes to the first.
 */
export function readChoice(raw: string, options: readonly TChoiceOption[]): string | undefined {
  const said = normalWords(raw)
  const words = options.flatMap((option) =>
    [option.value, ...option.synonyms].map((word) => ({ word: normalWords(word), option: option.value })),
  )
  const exact = words.find((entry) => entry.word === said)
  if (exact) return exact.option
  let best: { word: string; option: string } | undefined
  for (const entry of words) {
    if (!entry.word || (best && best.word.length >= entry.word.length)) continue
    const whole = new RegExp(`(^|[^\\p{L}\\p{N}])${escapeForRegExp(entry.word)}($|[^\\p{L}\\p{N}])`, 'u')
    if (whole.test(said)) best = entry
  }
  return best?.option
}

/** The typed value of a field's text, by the field's type, or the contract's message for why it is not. */
export function readValue(
  field: Pick<TTemplateField, 'type' | 'dateFormat' | 'options'>,
  raw: string,
): TRead {
  switch (field.type) {
    case CustomFieldType.text:
      return ok(raw.trim().slice(0, TemplateLimits.value))
    case CustomFieldType.number: {
      const value = readNumber(raw)
      return value === undefined ? refused(TemplateMessages.notANumber) : ok(value)
    }
    case CustomFieldType.date: {
      const format = field.dateFormat ?? 'YYYY-MM-DD'
      const value = readDate(raw, format)
      return value === undefined ? refused(TemplateMessages.notADate(format)) : ok(value)
    }
    case CustomFieldType.email: {
      const value = readEmail(raw)
      return value === undefined ? refused(TemplateMessages.notAnEmail) : ok(value)
    }
    case CustomFieldType.url: {
      const value = readUrl(raw)
      return value === undefined || value.length > TemplateLimits.value
        ? refused(TemplateMessages.notAUrl)
        : ok(value)
    }
    case CustomFieldType.choice: {
      const value = readChoice(raw, field.options)
      return value === undefined ? refused(TemplateMessages.notAnOption) : ok(value)
    }
  }
}
