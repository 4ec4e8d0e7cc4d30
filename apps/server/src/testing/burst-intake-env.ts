/**
 * Settings for servers that suites and benches flood on purpose (bursts of hundreds of mails from one
 * sender to one mailbox, in seconds): the intake limits (decision 029) and the back-pressure on waiting
 * mail (decision 031) set out of reach. Each is tested in mail/ with small values of its own.
 */
export const BURST_INTAKE_ENV = {
  INTAKE_PER_SENDER_PER_MINUTE: '1000000',
  INTAKE_PER_MAILBOX_PER_MINUTE: '1000000',
  INTAKE_MAX_WAITING_SECONDS: '1000000',
} as const
