import { z } from 'zod'
import { RoutingLimits, RoutingStrategy, ZGroupRouting } from './routing'

/**
 * A group of a workspace's members a ticket is routed to (Billing, Tier 2): what routing rules and views
 * target, rather than one agent. Owners and admins manage groups; every member reads them.
 */
export const GroupLimits = {
  name: 80,
  description: 1000,
  /** Members of one group: a workspace has at most 1,000 members (TeamLimits). */
  members: 1000,
  groupsPerWorkspace: 200,
} as const

export const GroupMessages = {
  nameRequired: `A group's name is 1 to ${GroupLimits.name} characters`,
  descriptionLength: `A group's description is at most ${GroupLimits.description} characters`,
  nameTaken: 'A group of that name already exists in this workspace',
  managersOnly: "Only the workspace's owners and admins can manage groups",
  memberNotMember: 'must list confirmed members of the workspace only',
  tooManyGroups: `A workspace has at most ${GroupLimits.groupsPerWorkspace} groups`,
  groupNotInWorkspace: 'must be a group of the ticket’s workspace',
} as const

/** Control characters (NUL and the like) are invisible and cannot be stored: a name holding one is refused. */
const CONTROLS = '\\u0000-\\u001F\\u007F'
const CONTROL_CHARACTERS = new RegExp(`[${CONTROLS}]`)

/** A name people pick from a list: trimmed, 1 to `max` characters, no control characters. */
export function ZListName(max: number, message: string) {
  return z
    .string()
    .trim()
    .min(1, message)
    .max(max, message)
    .refine((name) => !CONTROL_CHARACTERS.test(name), 'A name cannot hold control characters')
}

const ZGroupName = ZListName(GroupLimits.name, GroupMessages.nameRequired)
const ZGroupDescription = z.string().trim().max(GroupLimits.description, GroupMessages.descriptionLength)
/** User ids, each once, in the order given. */
const ZGroupMemberIds = z
  .array(z.string().min(1).max(36))
  .max(GroupLimits.members)
  .transform((ids) => [...new Set(ids)])

/** A group as stored (collection `groups`). */
export const ZGroupAttributes = z.object({
  /** The workspace the group belongs to; never changes. */
  teamId: z.string(),
  name: z.string().max(GroupLimits.name),
  description: z.string().max(GroupLimits.description),
  /** Confirmed members of the workspace; one removed from the workspace leaves its groups. */
  memberIds: ZGroupMemberIds,
  /** How routing picks a member for a ticket in the group, and how many unclosed tickets each may hold. */
  ...ZGroupRouting.shape,
})
export type TGroupAttributes = z.infer<typeof ZGroupAttributes>

/** What an owner or admin sends to create a group; `teamId` defaults to the caller's own workspace. */
export const ZGroupCreate = z.object({
  teamId: z.string().max(36).optional(),
  name: ZGroupName,
  description: ZGroupDescription.default(''),
  memberIds: ZGroupMemberIds.default([]),
  strategy: ZGroupRouting.shape.strategy.default(RoutingStrategy.manual),
  cap: ZGroupRouting.shape.cap.default(RoutingLimits.capDefault),
  skillsFirst: ZGroupRouting.shape.skillsFirst.default(false),
  memberSkills: ZGroupRouting.shape.memberSkills.default([]),
  skillRules: ZGroupRouting.shape.skillRules.default([]),
})
export type TGroupCreate = z.input<typeof ZGroupCreate>

/** A rename, a new description, member list, routing or skills: only what is named changes. */
export const ZGroupUpdate = z.object({
  name: ZGroupName.optional(),
  description: ZGroupDescription.optional(),
  memberIds: ZGroupMemberIds.optional(),
  strategy: ZGroupRouting.shape.strategy.optional(),
  cap: ZGroupRouting.shape.cap.optional(),
  skillsFirst: ZGroupRouting.shape.skillsFirst.optional(),
  memberSkills: ZGroupRouting.shape.memberSkills.optional(),
  skillRules: ZGroupRouting.shape.skillRules.optional(),
})
export type TGroupUpdate = z.input<typeof ZGroupUpdate>
