import { z } from 'zod'
import { ZListName } from './groups'
import { TICKET_STATUSES, type TTicketStatus, ZTicketTags } from './tickets'

/**
 * Canned replies: a text with placeholders an agent drops into the composer, and the ticket changes that
 * come with it (a status, tags to add, an assignee). Owners and admins manage them; every member applies
 * them. Rendering is pure and shared, so the composer shows exactly what will be sent.
 */
export const MacroLimits = { name: 80, body: 20_000, macrosPerWorkspace: 500 } as const

export const MacroMessages = {
  nameRequired: `A macro's name is 1 to ${MacroLimits.name} characters`,
  bodyLength: `A macro's text is at most ${MacroLimits.body.toLocaleString('en-US')} characters`,
  nameTaken: 'A macro of that name already exists in this workspace',
  managersOnly: "Only the workspace's owners and admins can manage macros",
  assigneeNotMember: 'must be a confirmed member of the workspace',
  tooManyMacros: `A workspace has at most ${MacroLimits.macrosPerWorkspace} macros`,
} as const

/** What a macro does to the assignee: leaves it, gives the ticket to whoever applies it, to nobody, or to one member. */
export const MacroAssignee = { keep: 'keep', applier: 'applier', nobody: 'nobody', member: 'member' } as const
export const MACRO_ASSIGNEE_KINDS = ['keep', 'applier', 'nobody', 'member'] as const

export const ZMacroAssignee = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal(MacroAssignee.keep) }).strict(),
  z.object({ kind: z.literal(MacroAssignee.applier) }).strict(),
  z.object({ kind: z.literal(MacroAssignee.nobody) }).strict(),
  z.object({ kind: z.literal(MacroAssignee.member), userId: z.string().min(1).max(36) }).strict(),
])
export type TMacroAssignee = z.infer<typeof ZMacroAssignee>

/** The ticket changes a macro makes; `status: null` leaves the status as it is. */
export const ZMacroActions = z
  .object({
    status: z.enum(TICKET_STATUSES).nullable().default(null),
    addTags: ZTicketTags.default([]),
    assignee: ZMacroAssignee.default({ kind: MacroAssignee.keep }),
  })
  .strict()
export type TMacroActions = z.infer<typeof ZMacroActions>

const ZMacroName = ZListName(MacroLimits.name, MacroMessages.nameRequired)
const ZMacroBody = z.string().max(MacroLimits.body, MacroMessages.bodyLength)

/** What a macro is, wherever it is stored: what `renderMacro` needs. */
export const ZMacro = z.object({ name: ZMacroName, body: ZMacroBody, actions: ZMacroActions })
export type TMacro = z.infer<typeof ZMacro>

/** A macro as stored (collection `macros`). */
export const ZMacroAttributes = z.object({
  teamId: z.string(),
  name: z.string().max(MacroLimits.name),
  body: ZMacroBody,
  actions: ZMacroActions,
})
export type TMacroAttributes = z.infer<typeof ZMacroAttributes>

/** What an owner or admin sends to create a macro; `teamId` defaults to the caller's own workspace. */
export const ZMacroCreate = ZMacro.extend({
  teamId: z.string().max(36).optional(),
  body: ZMacroBody.default(''),
  actions: ZMacroActions.default({ status: null, addTags: [], assignee: { kind: MacroAssignee.keep } }),
})
export type TMacroCreate = z.input<typeof ZMacroCreate>

export const ZMacroUpdate = ZMacro.partial()
export type TMacroUpdate = z.input<typeof ZMacroUpdate>

/** The placeholders a macro's text may hold, as `{{requester.name}}`. */
export const MACRO_PLACEHOLDERS = [
  'requester.name',
  'requester.firstName',
  'requester.email',
  'ticket.number',
  'ticket.subject',
  'agent.name',
  'agent.firstName',
] as const
export type TMacroPlaceholder = (typeof MACRO_PLACEHOLDERS)[number]

/** What a macro is applied to, and by whom. */
export type TMacroContext = {
  ticket: { number: number; subject: string; tags: readonly string[]; assigneeId: string | null }
  requester: { name: string; email: string } | null
  agent: { id: string; name: string }
}

/** The fields of the ticket update a macro asks for: only those it changes. */
export type TMacroTicketChanges = { status?: TTicketStatus; tags?: string[]; assigneeId?: string | null }

export type TRenderedMacro = {
  /** The text, each known placeholder with a value replaced; every other `{{...}}` left as written. */
  body: string
  /** Placeholders left in the text, unknown or without a value here, for the composer to point out. */
  unresolved: string[]
  /** The ticket update to send with it (empty when the macro changes nothing). */
  changes: TMacroTicketChanges
}

const PLACEHOLDER = /\{\{\s*([^{}\s]+)\s*\}\}/g

/** "Ada" of "Ada Lovelace": what a greeting uses. */
const firstNameOf = (name: string) => name.trim().split(/\s+/)[0] ?? ''

/** `written` is the text before the placeholder: a number written as `#{{ticket.number}}` gets no second `#`. */
function placeholderValue(name: string, context: TMacroContext, written: string): string {
  switch (name as TMacroPlaceholder) {
    case 'requester.name':
      return context.requester?.name.trim() ?? ''
    case 'requester.firstName':
      return firstNameOf(context.requester?.name ?? '')
    case 'requester.email':
      return context.requester?.email ?? ''
    case 'ticket.number':
      return written.endsWith('#') ? String(context.ticket.number) : `#${context.ticket.number}`
    case 'ticket.subject':
      return context.ticket.subject
    case 'agent.name':
      return context.agent.name.trim()
    case 'agent.firstName':
      return firstNameOf(context.agent.name)
    default:
      return ''
  }
}

function changesOf(actions: TMacroActions, context: TMacroContext): TMacroTicketChanges {
  const changes: TMacroTicketChanges = {}
  if (actions.status !== null) changes.status = actions.status
  const tags = [...new Set([...context.ticket.tags, ...actions.addTags])]
  if (tags.length !== context.ticket.tags.length) changes.tags = tags
  const { assignee } = actions
  const assigneeId =
    assignee.kind === MacroAssignee.applier
      ? context.agent.id
      : assignee.kind === MacroAssignee.nobody
        ? null
        : assignee.kind === MacroAssignee.member
          ? assignee.userId
          : context.ticket.assigneeId
  if (assigneeId !== context.ticket.assigneeId) changes.assigneeId = assigneeId
  return changes
}

/**
 * A macro applied to a ticket: its text with the placeholders filled in, and the ticket changes it makes.
 * A placeholder that is unknown, or has no value here (a requester without a name), stays in the text as
 * written and is listed in `unresolved`: a reply never goes out with a silent gap where a name should be.
 */
export function renderMacro(macro: Pick<TMacro, 'body' | 'actions'>, context: TMacroContext): TRenderedMacro {
  const unresolved = new Set<string>()
  const body = macro.body.replace(PLACEHOLDER, (written, name: string, offset: number, text: string) => {
    const value = placeholderValue(name, context, text.slice(0, offset))
    if (value === '') {
      unresolved.add(name)
      return written
    }
    return value
  })
  return { body, unresolved: [...unresolved], changes: changesOf(macro.actions, context) }
}
