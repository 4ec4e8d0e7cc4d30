import { parseArgs } from 'node:util'
import { PasswordLimits } from '@parsedesk/contracts'
import { z } from 'zod'

/** The command line was wrong: the message says what, and the process exits 2 with the usage. */
export class AdminUsageError extends Error {}

/** The command was understood but cannot be done (no such ticket, bytes gone): exit 1. */
export class AdminError extends Error {}

export const ADMIN_USAGE = `Usage: main.js admin <command> [options]   (npm run admin -- <command> [options])

  create-user --email EMAIL [--name NAME] [--password PASSWORD]
      a new account with its own workspace, as a sign-up makes it
  reset-password --email EMAIL [--password PASSWORD]
      a new password for an account; every session of it ends
  workspaces
      every workspace: confirmed members, pending invitations, tickets
  queues
      the job queues: waiting, active, failed, the age of the oldest waiting job, and the timetable of
      a scheduled one
  reanalyse --ticket TICKET_ID
  reanalyse --from DATE --to DATE
      analyse again one ticket, or every ticket created from FROM (included) to TO (excluded), UTC
      (2026-11-20 or 2026-11-20T08:00:00Z); a worker runs the analysis
  reingest --inbound INBOUND_ID
      ingest a stored delivery again, as if it had just arrived, while its raw bytes are kept

Without --password the password is read from standard input (typed without echo on a terminal); a
--password is visible to other users of the machine in the process list.
Exit codes: 0 done, 1 could not be done, 2 wrong usage.`

const ZEmail = z
  .string('--email is required')
  .max(320, '--email: at most 320 characters')
  .refine((value) => z.email().safeParse(value).success, '--email: not an email address')
const ZPassword = z
  .string()
  .min(PasswordLimits.min, `the password must be ${PasswordLimits.min} to ${PasswordLimits.max} characters`)
  .max(PasswordLimits.max, `the password must be ${PasswordLimits.min} to ${PasswordLimits.max} characters`)
const ZId = (flag: string) =>
  z
    .string(`${flag} is required`)
    .regex(/^[a-zA-Z0-9][a-zA-Z0-9._-]{0,35}$/, `${flag}: not an id (1-36 letters, digits, . _ -)`)

// A whole day (midnight UTC) or an instant with its offset: a date alone never means a local midnight.
const ZInstant = (flag: string) =>
  z
    .string(`${flag} is required`)
    .regex(
      /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/,
      `${flag}: a date (2026-11-20) or an instant with its offset (2026-11-20T08:00:00Z)`,
    )
    .transform((value, context) => {
      const date = new Date(value.length === 10 ? `${value}T00:00:00Z` : value)
      if (Number.isNaN(date.getTime())) {
        context.addIssue({ code: 'custom', message: `${flag}: no such date` })
        return z.NEVER
      }
      return date.toISOString()
    })

/** Every command, as the CLI sends it to the server's socket and the server checks it again. */
export const ZAdminCommand = z.discriminatedUnion('command', [
  z.object({
    command: z.literal('create-user'),
    email: ZEmail,
    name: z.string().trim().max(128, '--name: at most 128 characters').default(''),
    password: ZPassword,
  }),
  z.object({ command: z.literal('reset-password'), email: ZEmail, password: ZPassword }),
  z.object({ command: z.literal('workspaces') }),
  z.object({ command: z.literal('queues') }),
  z.object({ command: z.literal('reanalyse-ticket'), ticketId: ZId('--ticket') }),
  z
    .object({ command: z.literal('reanalyse-range'), from: ZInstant('--from'), to: ZInstant('--to') })
    .refine((range) => range.from < range.to, '--from must be before --to'),
  z.object({ command: z.literal('reingest'), inboundId: ZId('--inbound') }),
])
export type TAdminCommand = z.infer<typeof ZAdminCommand>

/** The flags each command takes; anything else is a usage error. */
const FLAGS = {
  'create-user': ['email', 'name', 'password'],
  'reset-password': ['email', 'password'],
  workspaces: [],
  queues: [],
  reanalyse: ['ticket', 'from', 'to'],
  reingest: ['inbound'],
} as const satisfies Record<string, readonly string[]>

const NEEDS_PASSWORD = new Set(['create-user', 'reset-password'])

export type TParsedAdminArgs = {
  /** Checked with ZAdminCommand once the password, when it was not given, is read. */
  input: Record<string, unknown>
  needsPassword: boolean
}

/** `admin <command> --flag value ...` to what the command needs; throws AdminUsageError. */
export function parseAdminArgs(args: string[]): TParsedAdminArgs {
  const [name, ...rest] = args
  if (name === undefined) throw new AdminUsageError('name a command')
  if (!Object.hasOwn(FLAGS, name)) throw new AdminUsageError(`no command "${name}"`)
  const allowed = FLAGS[name as keyof typeof FLAGS]
  let values: Record<string, string | boolean | undefined>
  try {
    ;({ values } = parseArgs({
      args: rest,
      options: Object.fromEntries(allowed.map((flag) => [flag, { type: 'string' as const }])),
      strict: true,
      allowPositionals: false,
    }))
  } catch (error) {
    throw new AdminUsageError(`${name}: ${(error as Error).message}`)
  }
  if (name === 'reanalyse') {
    const byTicket = values.ticket !== undefined
    const byRange = values.from !== undefined || values.to !== undefined
    if (byTicket === byRange) throw new AdminUsageError('reanalyse: give --ticket, or --from and --to')
    return byTicket
      ? { input: { command: 'reanalyse-ticket', ticketId: values.ticket }, needsPassword: false }
      : { input: { command: 'reanalyse-range', from: values.from, to: values.to }, needsPassword: false }
  }
  const { inbound, ...others } = values
  const input = { command: name, ...others, ...(inbound === undefined ? {} : { inboundId: inbound }) }
  return { input, needsPassword: NEEDS_PASSWORD.has(name) && values.password === undefined }
}

/** The command, checked; the first problem as a usage error (never the password's value). */
export function checkAdminCommand(input: unknown): TAdminCommand {
  const parsed = ZAdminCommand.safeParse(input)
  if (parsed.success) return parsed.data
  const [issue] = parsed.error.issues
  throw new AdminUsageError(issue?.message ?? 'invalid command')
}
