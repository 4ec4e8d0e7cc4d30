import {
  AUTOMATIC_SENDER_PATTERN,
  SURVEY_LANGUAGE_BY_NAME,
  type TSurveyLanguage,
  uniqueId,
} from '@parsedesk/contracts'
import { replyVoice } from '../conversations/reply-voice'
import type { TDatabase, TQueryable } from '../db/database'
import type { TOutboxRow } from '../outbox/outbox-repository'
import type { TOutbox } from '../outbox/outbox-service'
import { surveyMail } from './survey-mail'
import { findDueSurveys, insertSurvey, surveyedRecently, type TDueSurvey } from './survey-repository'
import { hashSurveyToken, newSurveyToken } from './survey-token'

export type TSurveyDeps = {
  db: TDatabase
  outbox: Pick<TOutbox, 'queueMail' | 'announceQueued'>
  /** The app's address (PUBLIC_URL): the rating link is `<publicUrl>/rate/<token>`. */
  publicUrl: string
}

// Surveys one run sends at most; the next run (minutes later) takes the rest.
const BATCH = 200

/**
 * Sends the surveys due at `now`, each in its own transaction with its mail (decision 057): a ticket gets
 * at most one, a requester at most one a week per workspace, an automatic sender and a ticket nobody is
 * credited with none. Idempotent: a second run at the same `now` finds nothing due. Answers how many went.
 */
export async function sendDueSurveys(deps: TSurveyDeps, now: Date): Promise<number> {
  const due = await findDueSurveys(deps.db, now, BATCH)
  let sent = 0
  for (const survey of due) {
    const { agentId } = survey
    if (!agentId || AUTOMATIC_SENDER_PATTERN.test(survey.requester)) continue
    const mail = await deps.db.transaction((tx) => queueSurvey(deps, tx, { ...survey, agentId }, now))
    if (!mail) continue
    await deps.outbox.announceQueued([mail])
    sent += 1
  }
  return sent
}

async function queueSurvey(
  deps: TSurveyDeps,
  tx: TQueryable,
  survey: TDueSurvey & { agentId: string },
  now: Date,
): Promise<TOutboxRow | undefined> {
  const { teamId, requester } = survey
  if (await surveyedRecently(tx, { teamId, requester, now })) return undefined
  const token = newSurveyToken()
  const id = uniqueId()
  const detected: TSurveyLanguage | undefined = survey.language
    ? SURVEY_LANGUAGE_BY_NAME[survey.language]
    : undefined
  const inserted = await insertSurvey(tx, {
    ...{ id, teamId, ticketId: survey.ticketId, requester, agentId: survey.agentId },
    ...{ tokenHash: hashSurveyToken(token), language: detected ?? null, now },
  })
  if (!inserted) return undefined
  const agent = { id: survey.agentId, name: survey.agentName, email: survey.agentEmail }
  const voice = await replyVoice(tx, { teamId, ticketId: survey.ticketId, agent })
  return deps.outbox.queueMail(
    tx,
    surveyMail({
      ...{ surveyId: id, agentId: survey.agentId, to: requester, from: voice.from },
      ...{ replyTo: voice.address, language: detected ?? 'en', ticketNumber: survey.number },
      ...{ ticketSubject: survey.subject, link: `${deps.publicUrl}/rate/${token}` },
    }),
  )
}
