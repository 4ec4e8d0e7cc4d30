import {
  LifecycleSettings,
  SatisfactionLimits,
  SPAM_CATEGORY,
  type TSatisfactionRating,
  type TSurveyLanguage,
} from '@parsedesk/contracts'
import type { TQueryable } from '../db/database'
import { closingsBetween, workspaceNumber } from '../tickets/status-clock'

/** A closed ticket whose survey is due: its requester, the member credited and the language it was in. */
export type TDueSurvey = {
  ticketId: string
  teamId: string
  number: number
  subject: string
  requester: string
  agentId: string | null
  agentName: string
  agentEmail: string
  /** The analysis's language by its English name ("German"), null when not analysed. */
  language: string | null
}

// A survey not sent within this long of its time (the worker was down, surveys were just switched on) is
// not sent at all: "how did we do" weeks later is noise.
const SEND_WINDOW = '2 days'
const { csatDelayHours } = LifecycleSettings

/**
 * Closed tickets past their workspace's delay (0: no surveys) and not yet surveyed, oldest closing first:
 * tickets that came in by mail (the requester wrote to us; a ticket typed in with any address gets no mail)
 * and were answered (a ticket closed without a reply to the requester has no help to rate), never merged
 * or filed as spam. The member credited is who closed it, else its assignee.
 */
export async function findDueSurveys(tx: TQueryable, now: Date, limit: number): Promise<TDueSurvey[]> {
  const delay = `make_interval(hours => ${workspaceNumber(csatDelayHours.pref, csatDelayHours.default)})`
  const { rows } = await tx.query<TDueSurvey>(
    `select t.id as "ticketId", t."teamId", t."number", t.subject, lower(t.email) as requester,
       u.id as "agentId", coalesce(u.name, '') as "agentName", coalesce(u.email, '') as "agentEmail",
       t.analysis ->> 'language' as "language"
     from teams tm
     cross join lateral ${closingsBetween(`$1::timestamptz - ${delay} - interval '${SEND_WINDOW}'`, `$1::timestamptz - ${delay}`)} c
     join tickets t on t.id = c."ticketId"
     left join users u on u.id = coalesce(case when c."actorType" = 'user' then c."actorId" end, t."assigneeId")
     where t.status = 'closed' and t."mergedIntoId" is null and t."mailboxId" is not null
       and t.category is distinct from $2
       and ${workspaceNumber(csatDelayHours.pref, csatDelayHours.default)} > 0
       and not exists (select 1 from satisfaction_surveys s where s."ticketId" = t.id)
       and exists (select 1 from ticket_events r where r."ticketId" = t.id and r."type" = 'reply-out')
     order by c."since" limit $3`,
    [now, SPAM_CATEGORY, limit],
  )
  return rows
}

/** Whether the workspace surveyed this requester in the week before `now`. */
export async function surveyedRecently(
  tx: TQueryable,
  input: { teamId: string; requester: string; now: Date },
): Promise<boolean> {
  const { rows } = await tx.query(
    `select 1 from satisfaction_surveys where "teamId" = $1 and "requester" = $2
       and "sentAt" > $3::timestamptz - make_interval(days => $4)`,
    [input.teamId, input.requester, input.now, SatisfactionLimits.perRequesterDays],
  )
  return rows.length > 0
}

/** The survey's row; false when the ticket already has one (a run raced another). */
export async function insertSurvey(
  tx: TQueryable,
  survey: {
    id: string
    teamId: string
    ticketId: string
    requester: string
    agentId: string
    tokenHash: string
    language: TSurveyLanguage | null
    now: Date
  },
): Promise<boolean> {
  const { rows } = await tx.query(
    `insert into satisfaction_surveys (id, "teamId", "ticketId", "requester", "agentId", "tokenHash",
       "language", "sentAt", "expiresAt")
     values ($1, $2, $3, $4, $5, $6, $7, $8, $8::timestamptz + make_interval(days => $9))
     on conflict ("ticketId") do nothing returning id`,
    [
      survey.id,
      survey.teamId,
      survey.ticketId,
      survey.requester,
      survey.agentId,
      survey.tokenHash,
      survey.language,
      survey.now,
      SatisfactionLimits.linkDays,
    ],
  )
  return rows.length > 0
}

export type TSurveyRow = {
  id: string
  teamId: string
  ticketId: string
  agentId: string | null
  language: TSurveyLanguage | null
  expiresAt: Date
  rating: TSatisfactionRating | null
  ticketNumber: number
  teamName: string
}

const SURVEY_COLUMNS = `s.id, s."teamId", s."ticketId", s."agentId", s."language", s."expiresAt", s."rating",
  t."number" as "ticketNumber", tm.name as "teamName"`

/** The survey a token opens, with its ticket's number and workspace's name; undefined for no survey. */
export async function findSurveyByTokenHash(
  tx: TQueryable,
  tokenHash: string,
): Promise<TSurveyRow | undefined> {
  const { rows } = await tx.query<TSurveyRow>(
    `select ${SURVEY_COLUMNS} from satisfaction_surveys s join tickets t on t.id = s."ticketId"
       join teams tm on tm.id = s."teamId" where s."tokenHash" = $1`,
    [tokenHash],
  )
  return rows[0]
}

/** Rates a survey not rated yet and not expired at `now`; undefined when it is neither (said by the caller). */
export async function rateSurvey(
  tx: TQueryable,
  input: { tokenHash: string; rating: TSatisfactionRating; comment: string; now: Date },
): Promise<TSurveyRow | undefined> {
  const { rows } = await tx.query<TSurveyRow>(
    `with rated as (
       update satisfaction_surveys set "rating" = $2, "comment" = $3, "ratedAt" = $4
       where "tokenHash" = $1 and "rating" is null and "expiresAt" > $4 returning *
     )
     select ${SURVEY_COLUMNS} from rated s join tickets t on t.id = s."ticketId" join teams tm on tm.id = s."teamId"`,
    [input.tokenHash, input.rating, input.comment, input.now],
  )
  return rows[0]
}
