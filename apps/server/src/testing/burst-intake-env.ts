/**
 * Settings for servers that suites and benches flood on purpose (bursts of hundreds of mails from one
 * sender to one mailbox, in seconds): the intake limits (decision 029) set out of reach. The limits
 * themselves are tested in mail/intake-limits with small values of their own.
 */
export const BURST_INTAKE_ENV = {
  INTAKE_PER_SENDER_PER_MINUTE: '1000000',
  INTAKE_PER_MAILBOX_PER_MINUTE: '1000000',
} as const
