import { findByAnchors } from './selection-anchors'

/** What a draft field needs to be looked for in another email. */
export type TGridField = { key: string; before: string; after: string }

export type TGridRow = {
  id: string
  number: number
  subject: string
  /** The value each field found, by key; undefined where the field found nothing. */
  values: Record<string, string | undefined>
  /** Every field found a value: the email passes. */
  passes: boolean
}

/**
 * The draft's fields looked for in each recent email, as the pass/fail grid under the editor, and how many
 * passed: the admin sees at once whether the layout they selected in is the layout the mail really has,
 * instead of learning it from tickets that come in without their fields (research: "breaks silently").
 */
export function draftGrid(
  fields: readonly TGridField[],
  emails: readonly { $id: string; number: number; subject: string; body: string }[],
): { rows: TGridRow[]; passing: number } {
  const rows = emails.map((email) => {
    const values = Object.fromEntries(fields.map((field) => [field.key, findByAnchors(email.body, field)]))
    return {
      id: email.$id,
      number: email.number,
      subject: email.subject,
      values,
      passes: fields.length > 0 && fields.every((field) => values[field.key] !== undefined),
    }
  })
  return { rows, passing: rows.filter((row) => row.passes).length }
}
