import { ImapMessages, type TImapAccountCreate, ZImapAccountCreate } from '@parsedesk/contracts'
import { z } from 'zod'

const fields = ZImapAccountCreate.shape

/** The IMAP ports: 993 speaks TLS from the first byte, 143 starts plain and upgrades with STARTTLS. */
export const IMAP_TLS_PORT = 993
export const IMAP_PLAIN_PORT = 143

/** Text inputs as typed; the schema turns them into the account the server takes. */
export type TImapAccountFormValues = {
  host: string
  port: string
  secure: boolean
  username: string
  password: string
  moveTo: string
}

export const emptyImapAccountForm: TImapAccountFormValues = {
  host: '',
  port: String(IMAP_TLS_PORT),
  secure: true,
  username: '',
  password: '',
  moveTo: '',
}

/** Checks the fields as typed, with the server's own rules and messages; `toImapAccountCreate` converts. */
export const ZImapAccountForm = z.object({
  host: fields.host,
  port: z
    .string()
    .trim()
    .refine(
      (port) => /^\d{1,5}$/.test(port) && fields.port.safeParse(Number(port)).success,
      ImapMessages.portInvalid,
    ),
  secure: fields.secure,
  username: fields.username,
  password: fields.password,
  moveTo: z.string().trim().max(200, ImapMessages.folderInvalid),
})

/** The account the server takes; no move-to folder means fetched mail is flagged as read and left. */
export function toImapAccountCreate(values: TImapAccountFormValues): TImapAccountCreate {
  const moveTo = values.moveTo.trim()
  return {
    host: values.host.trim(),
    port: Number(values.port.trim()),
    secure: values.secure,
    username: values.username,
    password: values.password,
    moveTo: moveTo || null,
    enabled: true,
  }
}

/** Ticking TLS on or off moves a port still on the other mode's default to this mode's default. */
export function portForTls({ port, secure }: { port: string; secure: boolean }): string {
  const trimmed = port.trim()
  if (secure && trimmed === String(IMAP_PLAIN_PORT)) return String(IMAP_TLS_PORT)
  if (!secure && trimmed === String(IMAP_TLS_PORT)) return String(IMAP_PLAIN_PORT)
  return port
}
