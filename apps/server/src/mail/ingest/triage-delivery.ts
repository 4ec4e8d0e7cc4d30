import type { TInboundWithRaw } from '../inbound/inbound-repository'
import {
  envelopeSenderOf,
  isReportSender,
  parseInboundEmail,
  readDeliveryReport,
  type TDeliveryReport,
  type TParsedEmail,
  UnparseableEmailError,
} from '../parse'
import { detectNoise } from './detect-noise'
import type { TNoTicketOutcome } from './record-no-ticket-outcome'

/**
 * What a stored delivery is, read on its own (no database): mail for a ticket or a conversation, from
 * `sender`, or an outcome without a ticket (unreadable, no sender, a bounce, an auto-reply, a loop), with
 * what could be read of it.
 */
export type TTriage =
  | { kind: 'mail'; parsed: TParsedEmail; sender: string }
  | {
      kind: 'no-ticket'
      outcome: TNoTicketOutcome
      parsed?: TParsedEmail
      /** A bounce's delivery status notification, which may be about one of our replies. */
      report?: TDeliveryReport
    }

/**
 * Parses and screens one delivery. Throws only when something other than the mail failed (the parser
 * itself), so the run is tried again; a mail that cannot be read is an outcome, not an error.
 */
export async function triageDelivery(
  inbound: Pick<TInboundWithRaw, 'raw' | 'envelopeFrom'>,
  options: { inboundDomain: string },
): Promise<TTriage> {
  if (!inbound.raw) {
    return { kind: 'no-ticket', outcome: { status: 'rejected', reason: 'the raw message is missing' } }
  }
  let parsed: TParsedEmail
  try {
    parsed = await parseInboundEmail(inbound.raw)
  } catch (error) {
    if (!(error instanceof UnparseableEmailError)) throw error
    return { kind: 'no-ticket', outcome: { status: 'rejected', reason: error.reason } }
  }
  const noise = detectNoise({
    parsed,
    envelopeFrom: inbound.envelopeFrom,
    inboundDomain: options.inboundDomain,
  })
  if (noise?.status === 'bounce') {
    const report = readDeliveryReport(parsed)
    const envelopeSender = envelopeSenderOf({ envelopeFrom: inbound.envelopeFrom, headers: parsed.headers })
    if (report && !isReportSender(envelopeSender)) {
      const reason = `${noise.reason}; sent by ${envelopeSender}, not by a mail server: no reply changed`
      return { kind: 'no-ticket', outcome: { ...noise, reason }, parsed }
    }
    return { kind: 'no-ticket', outcome: noise, parsed, ...(report ? { report } : {}) }
  }
  if (noise) return { kind: 'no-ticket', outcome: noise, parsed }
  const sender = parsed.from?.address || inbound.envelopeFrom
  if (!sender) {
    return {
      kind: 'no-ticket',
      outcome: { status: 'rejected', reason: 'no sender address anywhere in the message or envelope' },
      parsed,
    }
  }
  return { kind: 'mail', parsed, sender }
}
