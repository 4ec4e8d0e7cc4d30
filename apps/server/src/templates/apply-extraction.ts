import {
  FieldTargetKind,
  type TCustomFieldValues,
  TICKET_PRIORITIES,
  TicketLimits,
  type TTicketExtraction,
  type TTicketPriority,
  type TTicketRow,
  ZTicketTags,
} from '@parsedesk/contracts'
import { fitsCustomField, type TCustomFieldDefinition } from '../tickets/ticket-custom-fields'

/** What an extraction changes on a new ticket: the record always, the targets its fields filled. */
export type TExtractionChanges = Pick<TTicketRow, 'extraction' | 'customFields' | 'tags'> &
  Partial<Pick<TTicketRow, 'priority' | 'category' | 'email'>>

const isPriority = (value: string): value is TTicketPriority =>
  (TICKET_PRIORITIES as readonly string[]).includes(value)

/**
 * The ticket's fields as the extraction fills them: each field read without error fills its target
 * (priority, category, requester's address, a tag, a custom field of the workspace whose value fits it);
 * a value that fits nothing is left on the record only, where the ticket shows it with its source.
 */
export function planExtraction(
  ticket: Pick<TTicketRow, 'customFields' | 'tags'>,
  extraction: TTicketExtraction,
  definitions: ReadonlyMap<string, TCustomFieldDefinition>,
): TExtractionChanges {
  const changes: TExtractionChanges = {
    extraction,
    customFields: { ...ticket.customFields },
    tags: ticket.tags,
  }
  const customFields: TCustomFieldValues = changes.customFields
  for (const field of extraction.fields) {
    const { value, target } = field
    if (field.error !== null || value === null) continue
    const text = String(value)
    switch (target.kind) {
      case FieldTargetKind.priority:
        if (isPriority(text)) changes.priority = text
        break
      case FieldTargetKind.category:
        changes.category = text.slice(0, TicketLimits.category)
        break
      case FieldTargetKind.requester:
        if (text.includes('@')) changes.email = text.toLowerCase().slice(0, TicketLimits.email)
        break
      case FieldTargetKind.tags: {
        const tags = ZTicketTags.safeParse([...changes.tags, text.slice(0, TicketLimits.tag)])
        if (tags.success) changes.tags = tags.data
        break
      }
      case FieldTargetKind.customField: {
        const definition = definitions.get(target.key)
        if (definition && fitsCustomField(definition, value)) customFields[target.key] = value
        break
      }
      case FieldTargetKind.none:
        break
    }
  }
  return changes
}
