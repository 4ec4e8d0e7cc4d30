import { z } from 'zod'
import { ZContactAttributes } from './contacts'
import { ZGroupAttributes } from './groups'
import { ZMessageAttributes } from './mail'
import { ZTicketAttributes } from './tickets'

/**
 * The columns every collection's table has besides its attributes, as a row read from it holds them. The
 * server's domain repositories type the rows they return with these and the collection's stored attributes,
 * whose agreement with the tables `schema-agreement.integration.test.ts` checks.
 */
export const ZDocumentColumns = z.object({
  /** The global insertion order, for cursors and ties; never shown. */
  seq: z.union([z.number(), z.string()]),
  /** `$sequence`: the document's number among its owner's documents of the collection. */
  scoped_seq: z.union([z.number(), z.string()]),
  id: z.string(),
  created_at: z.date(),
  updated_at: z.date(),
  permissions: z.array(z.string()),
  read_roles: z.array(z.string()),
})

/**
 * A ticket as the `tickets` table holds it: what the ticket repository reads and returns. A time the API
 * sends as ISO text is a Date in a row.
 */
export const ZTicketRow = ZDocumentColumns.extend(ZTicketAttributes.shape).extend({
  lastActivityAt: z.date(),
})
export type TTicketRow = z.infer<typeof ZTicketRow>

/** A conversation message as the `messages` table holds it: what the message repository returns. */
export const ZMessageRow = ZDocumentColumns.extend(ZMessageAttributes.shape).extend({
  sentAt: z.date().nullable(),
  createdAt: z.date(),
})
export type TMessageRow = z.infer<typeof ZMessageRow>

/**
 * A group as the `groups` table holds it: for a domain that reads groups beside their collection (routing
 * reads a group's members and strategy), typed from the attributes the schema agreement test checks.
 */
export const ZGroupRow = ZDocumentColumns.extend(ZGroupAttributes.shape)
export type TGroupRow = z.infer<typeof ZGroupRow>

/** A contact as the `contacts` table holds it (rules read a requester's name, ingest upserts them). */
export const ZContactRow = ZDocumentColumns.extend(ZContactAttributes.shape)
export type TContactRow = z.infer<typeof ZContactRow>
