import {
  type TExtractedField,
  TemplateLimits,
  TemplateMessages,
  TextMatchMode,
  type TSampleMail,
  type TTemplateField,
  type TTemplateMatch,
  type TTemplateRun,
  type TTextMatch,
} from '@parsedesk/contracts'
import { indexOfAnyCase, LocatorError, locateValue } from './locate-value'
import { readValue } from './read-value'
import { userPattern } from './user-patterns'

/** What a template is to the engine: which mail it reads and what it reads in it. */
export type TRunnableTemplate = { match: TTemplateMatch; fields: readonly TTemplateField[] }

/** A text condition: a substring in any case, or an RE2 pattern found anywhere in the text. */
function holds(condition: TTextMatch | null, text: string): boolean {
  if (!condition) return true
  if (condition.mode === TextMatchMode.contains) return indexOfAnyCase(text, condition.value) !== -1
  return userPattern(condition.value).matcher(text).find()
}

/** The mail as far as a template reads it: the body is cut at `TemplateLimits.bodyRead`, bounding its work. */
function bounded(mail: TSampleMail): TSampleMail {
  return mail.body.length > TemplateLimits.bodyRead
    ? { ...mail, body: mail.body.slice(0, TemplateLimits.bodyRead) }
    : mail
}

/** Every condition given holds: sender on the From address, subject on the subject, content on the body. */
export function templateMatches(match: TTemplateMatch, mail: TSampleMail): boolean {
  const read = bounded(mail)
  return (
    holds(match.sender, read.from) && holds(match.subject, read.subject) && holds(match.content, read.body)
  )
}

/**
 * One field on one mail: found, typed, checked. Absent, it takes its default (typed the same way), else it
 * is null, an error only when required. Found but malformed, it is null with the type's message: a default
 * stands for a value the mail lacks, not one it got wrong.
 */
export function readField(field: TTemplateField, mail: TSampleMail): TExtractedField {
  const base = { name: field.name, target: field.target }
  let located: ReturnType<typeof locateValue>
  try {
    located = locateValue(field.locator, mail)
  } catch (error) {
    const reason =
      error instanceof LocatorError
        ? error.message
        : TemplateMessages.patternRefused(error instanceof Error ? error.message : String(error))
    return { ...base, value: null, raw: null, source: null, error: reason }
  }
  if (located) {
    const raw = located.raw.slice(0, TemplateLimits.value)
    return { ...base, ...readValue(field, raw), raw, source: located.source }
  }
  if (field.default !== null) {
    return { ...base, ...readValue(field, field.default), raw: null, source: { kind: 'default' } }
  }
  return {
    ...base,
    value: null,
    raw: null,
    source: null,
    error: field.required ? TemplateMessages.required : null,
  }
}

/**
 * A template's run on one mail: whether it reads this mail, and each of its fields. It passes when every
 * required field holds a valid value (an optional field's error is shown, and does not fail the mail).
 * Throws only when a match pattern cannot run, which saving refuses.
 */
export function runTemplate(template: TRunnableTemplate, mail: TSampleMail): TTemplateRun {
  const read = bounded(mail)
  if (!templateMatches(template.match, read)) return { matched: false, passed: false, fields: [] }
  const fields = template.fields.map((field) => readField(field, read))
  const passed = template.fields.every(
    (field, index) => !field.required || (fields[index]?.value !== null && fields[index]?.error === null),
  )
  return { matched: true, passed, fields }
}
