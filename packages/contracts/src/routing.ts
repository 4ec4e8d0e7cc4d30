import { z } from 'zod'
import { TICKET_PRIORITIES } from './ticket-priorities'

/**
 * Routing inside a group (issue 25 item 2, decision 052): who of a group's members takes a ticket that is
 * in the group and has nobody. `manual` leaves it to people; the others pick an available member under cap.
 */
export const RoutingStrategy = {
  manual: 'manual',
  /** The member whose last routed ticket is oldest (or who never had one) goes next. */
  roundRobin: 'round-robin',
  /** The member with the fewest unclosed tickets goes next; ties by the oldest last routed ticket. */
  leastLoaded: 'least-loaded',
} as const
export type TRoutingStrategy = (typeof RoutingStrategy)[keyof typeof RoutingStrategy]
export const ROUTING_STRATEGIES = Object.values(RoutingStrategy) as [TRoutingStrategy, ...TRoutingStrategy[]]

/** How each strategy is named where a manager picks one. */
export const RoutingStrategyLabels: Record<TRoutingStrategy, string> = {
  manual: 'Manual (nobody is assigned automatically)',
  'round-robin': 'Round robin',
  'least-loaded': 'Least loaded',
}

export const RoutingLimits = {
  /** How many unclosed tickets a member of the group may hold before routing skips them. */
  capMin: 1,
  capMax: 500,
  capDefault: 20,
} as const

/** Skills (decision 067): what a group's members can do, and which tickets need it. */
export const SkillLimits = {
  skill: 40,
  /** Skills one member holds in one group. */
  perMember: 20,
  /** Skill rules of one group, and values (categories, languages, tags) one rule lists of each kind. */
  rules: 50,
  values: 50,
} as const

export const RoutingMessages = {
  skillLength: `A skill is 1 to ${SkillLimits.skill} characters`,
  tooManySkills: `A member has at most ${SkillLimits.perMember} skills in a group`,
  tooManySkillRules: `A group has at most ${SkillLimits.rules} skill rules`,
  tooManySkillValues: `A skill rule lists at most ${SkillLimits.values} categories, languages or tags each`,
  memberSkillsTwice: 'lists a member’s skills twice',
  capRange: `A group's cap is ${RoutingLimits.capMin} to ${RoutingLimits.capMax} open tickets per agent`,
  ownAvailabilityOnly: 'Members set only their own availability, in a workspace they belong to',
  boardMembersOnly: 'Only members of the workspace see its agent board',
} as const

/** A skill's name: trimmed and lower-case, so "German" and "german" are one skill. */
export const ZSkill = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, RoutingMessages.skillLength)
  .max(SkillLimits.skill, RoutingMessages.skillLength)

/** Values a skill rule matches: trimmed, lower-case (matching ignores case), each once. */
const ZSkillValues = (max: number) =>
  z
    .array(z.string().trim().toLowerCase().min(1).max(max))
    .max(SkillLimits.values, RoutingMessages.tooManySkillValues)
    .transform((values) => [...new Set(values)])

/** One member's skills in a group. */
export const ZMemberSkills = z.object({
  userId: z.string().min(1).max(36),
  skills: z
    .array(ZSkill)
    .max(SkillLimits.perMember, RoutingMessages.tooManySkills)
    .transform((skills) => [...new Set(skills)]),
})
export type TMemberSkills = z.infer<typeof ZMemberSkills>

/**
 * When a ticket needs a skill: its category (the key, e.g. `billing-payment`), the language the analysis
 * found (its English name, e.g. "German") or one of its tags is one of those listed. A ticket needs every
 * skill one of whose rules it matches.
 */
export const ZSkillRule = z.object({
  skill: ZSkill,
  categories: ZSkillValues(100),
  languages: ZSkillValues(40),
  tags: ZSkillValues(40),
})
export type TSkillRule = z.infer<typeof ZSkillRule>

/** What a group holds for routing (added to the group's attributes). */
export const ZGroupRouting = z.object({
  strategy: z.enum(ROUTING_STRATEGIES),
  cap: z
    .number()
    .int()
    .min(RoutingLimits.capMin, RoutingMessages.capRange)
    .max(RoutingLimits.capMax, RoutingMessages.capRange),
  /** Members holding every skill a ticket needs are weighed first, then the rest, each by the strategy. */
  skillsFirst: z.boolean(),
  memberSkills: z
    .array(ZMemberSkills)
    .max(1000)
    .refine((list) => new Set(list.map((entry) => entry.userId)).size === list.length, {
      message: RoutingMessages.memberSkillsTwice,
    }),
  skillRules: z.array(ZSkillRule).max(SkillLimits.rules, RoutingMessages.tooManySkillRules),
})
export type TGroupRouting = z.infer<typeof ZGroupRouting>

/** Why routing passed over a member. */
export const RoutingSkip = { away: 'away', full: 'full' } as const
export type TRoutingSkip = (typeof RoutingSkip)[keyof typeof RoutingSkip]

/** One member as routing weighed them: their load when it ran, and why they were passed over, if so. */
export const ZRoutingCandidate = z.object({
  userId: z.string(),
  load: z.number().int(),
  lastAssignedAt: z.string().nullable(),
  skipped: z.enum([RoutingSkip.away, RoutingSkip.full]).nullable(),
  /** With skills first: which of the ticket's needed skills the member has, and which they lack. */
  matched: z.array(z.string()).optional(),
  missing: z.array(z.string()).optional(),
})
export type TRoutingCandidate = z.infer<typeof ZRoutingCandidate>

/**
 * A routing decision, stored as the ticket's `routed` event: the group, its strategy and cap, every member
 * weighed, and who was chosen (null: nobody could take it and it waits in the group's queue). `reopened`:
 * the ticket went back to the agent who had it.
 */
export const ZRoutingDecision = z.object({
  groupId: z.string(),
  strategy: z.enum(ROUTING_STRATEGIES),
  cap: z.number().int(),
  chosen: z.string().nullable(),
  reopened: z.boolean(),
  /** With skills first: the skills the ticket needs (absent on decisions without skills first). */
  needed: z.array(z.string()).optional(),
  candidates: z.array(ZRoutingCandidate),
})
export type TRoutingDecision = z.infer<typeof ZRoutingDecision>

/** A member says they are available (routing may hand them tickets) or away, in one workspace. */
export const ZAvailabilityUpdate = z
  .object({ teamId: z.string().min(1).max(36), available: z.boolean() })
  .strict()
export type TAvailabilityUpdate = z.infer<typeof ZAvailabilityUpdate>

/** How much of each queue the agent board lists (the count says how many wait in all). */
export const BoardLimits = { waitingListed: 10 } as const

/** A member of a group holding every skill a waiting ticket needs, and why routing passes them over now. */
const ZBoardHolder = z.object({
  userId: z.string(),
  /** Null: available and under the group's cap, so they could take it. */
  skipped: z.enum([RoutingSkip.away, RoutingSkip.full]).nullable(),
})

/**
 * A ticket waiting in a group's queue, as the board lists it (decision 067): with skills first, the skills
 * it needs (the group's skill rules) and the group's members holding all of them; without, neither.
 */
export const ZBoardWaitingTicket = z.object({
  ticketId: z.string(),
  number: z.number().int(),
  subject: z.string(),
  priority: z.enum(TICKET_PRIORITIES).nullable(),
  needed: z.array(z.string()),
  /** Empty when it needs no skill, or when nobody in the group holds every needed one. */
  holders: z.array(ZBoardHolder),
})
export type TBoardWaitingTicket = z.infer<typeof ZBoardWaitingTicket>

/**
 * The agent board (any member reads it): each member of a routed group with their skills in each routed
 * group that lists some, and each routed group's queue: how many wait, and the first of them in the order
 * they are served.
 */
export const ZRoutingBoard = z.object({
  agents: z.array(
    z.object({
      userId: z.string(),
      available: z.boolean(),
      load: z.number().int(),
      skills: z.array(z.object({ groupId: z.string(), skills: z.array(z.string()) })),
    }),
  ),
  groups: z.array(
    z.object({
      groupId: z.string(),
      name: z.string(),
      strategy: z.enum(ROUTING_STRATEGIES),
      cap: z.number().int(),
      skillsFirst: z.boolean(),
      memberIds: z.array(z.string()),
      queued: z.number().int(),
      waiting: z.array(ZBoardWaitingTicket).max(BoardLimits.waitingListed),
    }),
  ),
})
export type TRoutingBoard = z.infer<typeof ZRoutingBoard>
