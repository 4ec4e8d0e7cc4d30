import { ErrorType, type TMemberSignature, type ZSignatureUpdate } from '@parsedesk/contracts'
import type { z } from 'zod'
import type { TAuth } from '../accounts/auth-context'
import { AppError } from '../core/app-error'
import type { TDatabase } from '../db/database'
import { isMember } from '../teams/workspace-access'
import { replyVoice } from './reply-voice'
import { mailboxOf } from './sending-addresses'
import { readSignature, writeSignature } from './signatures'

/**
 * A member's own signature in a workspace (any member, for themselves) and a mailbox's (owners and admins),
 * with the preview the composer shows: what the member's replies end with, placeholders filled.
 */
export function createSignatureSettings(deps: { db: TDatabase }) {
  const { db } = deps

  async function readMine(auth: TAuth, teamId: string): Promise<TMemberSignature> {
    if (auth.kind !== 'user') throw AppError.unauthorizedScope()
    // Another workspace is not there at all for this caller.
    if (!isMember(auth, teamId)) throw new AppError(ErrorType.teamNotFound)
    const [html, voice] = await Promise.all([
      readSignature(db, teamId, `member:${auth.user.id}`),
      replyVoice(db, { teamId, ticketId: null, agent: auth.user }),
    ])
    return { html, preview: voice.signature?.html ?? '' }
  }

  return {
    readMine,
    async changeMine(
      auth: TAuth,
      teamId: string,
      input: z.output<typeof ZSignatureUpdate>,
    ): Promise<TMemberSignature> {
      if (auth.kind !== 'user') throw AppError.unauthorizedScope()
      if (!isMember(auth, teamId)) throw new AppError(ErrorType.teamNotFound)
      await writeSignature(db, teamId, `member:${auth.user.id}`, input)
      return readMine(auth, teamId)
    },
    async changeMailbox(
      auth: TAuth,
      mailboxId: string,
      input: z.output<typeof ZSignatureUpdate>,
    ): Promise<{ html: string }> {
      const mailbox = await mailboxOf(db, auth, mailboxId, { manage: true })
      return { html: await writeSignature(db, mailbox.teamId, `mailbox:${mailbox.mailboxId}`, input) }
    },
  }
}

export type TSignatureSettings = ReturnType<typeof createSignatureSettings>
