export { sanitiseAttachmentFilename } from './attachment-filename'
export { classifyInboundEmail } from './classify-inbound-email'
export { findDmarcFailure } from './dmarc-verdict'
export {
  extractThreadKeys,
  extractTicketTag,
  normaliseSubject,
  type TThreadKeys,
} from './extract-thread-keys'
export { hashRawEmail } from './hash-raw-email'
export { htmlToText } from './html-to-text'
export { normaliseMessageId, parseMessageIdList } from './message-ids'
export { parseInboundEmail, type TParseInboundEmailOptions } from './parse-inbound-email'
export * from './parsed-email.types'
export {
  describeDeliveryFailure,
  envelopeSenderOf,
  isReportSender,
  readDeliveryReport,
  type TDeliveryRecipient,
  type TDeliveryReport,
} from './read-delivery-report'
export { stripReply, type TStrippedReply } from './strip-reply'
export { UnparseableEmailError } from './unparseable-email-error'
