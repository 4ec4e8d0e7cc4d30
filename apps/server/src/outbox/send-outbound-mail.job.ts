import { z } from 'zod'
import { defineJob } from '../jobs/job-definition'
import type { TOutboundMailSender } from './outbound-mail-sender'

export const ZSendOutboundMailPayload = z.object({ mailId: z.string().min(1).max(36) })
export type TSendOutboundMailPayload = z.infer<typeof ZSendOutboundMailPayload>

/** What its handler needs from the worker. */
export type TSendOutboundMailContext = { outboundMail: TOutboundMailSender }

/** Hands one mail of the outbox to the relay, and records its answer. */
export const sendOutboundMailJob = defineJob<TSendOutboundMailPayload, TSendOutboundMailContext>({
  id: 'send-outbound-mail',
  version: 1,
  payload: ZSendOutboundMailPayload,
  policy: {
    // A relay away for a while (4xx, refused connections) is waited out: 2-4 s, then doubling, thirteen
    // tries over two and a quarter to four and a half hours before the mail is failed.
    retryLimit: 12,
    retryDelaySeconds: 2,
    // Beyond SEND_DEADLINE_MS, so an expired run is one that died, never one still talking to the relay.
    expireInSeconds: 120,
  },
  singletonKey: (payload) => payload.mailId,
  handle: ({ payload, attempt, ctx }) => ctx.outboundMail.send({ mailId: payload.mailId, attempt }),
})
