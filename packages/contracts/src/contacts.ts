import { z } from 'zod'
import { TicketLimits } from './tickets'

/**
 * A workspace's requesters: who asked, by address (one contact per address per workspace), with the name
 * and organisation members keep up to date. Every new ticket names its requester's contact.
 */
export const ContactLimits = { email: TicketLimits.email, name: 200, organisation: 200 } as const

export const ContactMessages = {
  email: 'A contact is a plain email address such as ada@example.com',
  nameLength: `A contact's name is at most ${ContactLimits.name} characters`,
  organisationLength: `An organisation is at most ${ContactLimits.organisation} characters`,
  emailTaken: 'A contact with that address already exists in this workspace',
  contactNotInWorkspace: 'must be a contact of the ticket’s workspace',
  managersDelete: "Only the workspace's owners and admins can delete contacts",
} as const

/** An address as contacts key it: trimmed and lower-case, so Ada@Example.com and ada@example.com are one. */
export const ZContactEmail = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email(ContactMessages.email).max(ContactLimits.email, ContactMessages.email))

const ZContactName = z.string().trim().max(ContactLimits.name, ContactMessages.nameLength)
const ZContactOrganisation = z
  .string()
  .trim()
  .max(ContactLimits.organisation, ContactMessages.organisationLength)

/** A contact as stored (collection `contacts`). */
export const ZContactAttributes = z.object({
  teamId: z.string(),
  email: z.string().max(ContactLimits.email),
  /** '' when nobody knows it yet (a mail without a display name). */
  name: z.string().max(ContactLimits.name),
  organisation: z.string().max(ContactLimits.organisation),
})
export type TContactAttributes = z.infer<typeof ZContactAttributes>

/** A member adds a contact by hand (a caller on the phone); `teamId` defaults to the caller's workspace. */
export const ZContactCreate = z.object({
  teamId: z.string().max(36).optional(),
  email: ZContactEmail,
  name: ZContactName.default(''),
  organisation: ZContactOrganisation.default(''),
})
export type TContactCreate = z.input<typeof ZContactCreate>

/** The address is the contact: only its name and organisation change. */
export const ZContactUpdate = z.object({
  name: ZContactName.optional(),
  organisation: ZContactOrganisation.optional(),
})
export type TContactUpdate = z.input<typeof ZContactUpdate>
