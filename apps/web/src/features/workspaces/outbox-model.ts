import {
  OutboundMailState,
  type TOutboundMailAttributes,
  type TOutboundMailState,
} from '@parsedesk/contracts'
import type { Models } from 'appwrite'
import type { TBadgeTone } from '@/components/ui/badge'

export type TOutboxDocument = Models.Document & TOutboundMailAttributes

const READ_PERMISSION = /^read\("([^"]+)"\)$/

/**
 * Whether a mail of the outbox is this workspace's: the server lets the workspace's roles read it
 * (`read("team:ID/owner")`). Its managers may read other workspaces' mail too, and their own.
 */
export function isWorkspaceMail(mail: Pick<Models.Document, '$permissions'>, teamId: string): boolean {
  const team = `team:${teamId}`
  return mail.$permissions.some((permission) => {
    const role = READ_PERMISSION.exec(permission)?.[1]
    return role === team || !!role?.startsWith(`${team}/`)
  })
}

export const MAIL_STATE_LABELS: Record<TOutboundMailState, string> = {
  [OutboundMailState.queued]: 'queued',
  [OutboundMailState.sending]: 'sending',
  [OutboundMailState.sent]: 'sent',
  [OutboundMailState.failed]: 'failed',
  [OutboundMailState.notSent]: 'not sent',
  [OutboundMailState.withdrawn]: 'withdrawn',
}

export const MAIL_STATE_TONES: Record<TOutboundMailState, TBadgeTone> = {
  [OutboundMailState.queued]: 'gray',
  [OutboundMailState.sending]: 'blue',
  [OutboundMailState.sent]: 'green',
  [OutboundMailState.failed]: 'red',
  [OutboundMailState.notSent]: 'yellow',
  [OutboundMailState.withdrawn]: 'gray',
}

/**
 * A mail that has not reached its person (yet, or at all): its link may have to be handed over by hand. A
 * withdrawn reply was taken back on purpose (undo-send), so nothing is missing.
 */
export function isUndelivered(state: TOutboundMailState): boolean {
  return state !== OutboundMailState.sent && state !== OutboundMailState.withdrawn
}

const BUSY_REFRESH_MS = 3_000
const IDLE_REFRESH_MS = 30_000

/** No event announces a mail's progress: read again soon while one is on its way, else now and then. */
export function outboxRefreshInterval(mails: readonly Pick<TOutboxDocument, 'state'>[] | undefined): number {
  const isBusy = mails?.some(
    (mail) => mail.state === OutboundMailState.queued || mail.state === OutboundMailState.sending,
  )
  return isBusy ? BUSY_REFRESH_MS : IDLE_REFRESH_MS
}
