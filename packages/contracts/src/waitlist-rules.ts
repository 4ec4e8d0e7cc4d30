// Plain values only: the landing page imports these, so this module must never import zod.

export const MONTHLY_TICKET_VOLUMES = ['less-than-100', '100-500', '500-1000', '1000+'] as const
export type TMonthlyTicketVolume = (typeof MONTHLY_TICKET_VOLUMES)[number]

export const MONTHLY_TICKET_VOLUME_LABELS: Record<TMonthlyTicketVolume, string> = {
  'less-than-100': 'Less than 100',
  '100-500': '100 - 500',
  '500-1000': '500 - 1,000',
  '1000+': 'More than 1,000',
}

/** Personal-mail hosts a work email may not be on (the spec withholds its four; these are the usual four). */
export const BLOCKED_DEMO_EMAIL_DOMAINS = ['gmail.com', 'yahoo.com', 'hotmail.com', 'outlook.com'] as const

export const DemoLimits = {
  minNameLength: 2,
  maxSuccesses: 3,
  blockMs: 3_600_000,
  counterResetMs: 86_400_000,
  maxFieldLength: 200,
} as const

export const WaitlistMessages = {
  name: 'Name must be at least 2 characters',
  email: 'Invalid email',
  workEmail: 'Please use a work email address',
  company: 'Company name must be at least 2 characters',
  volume: 'Please select a valid volume',
  rateLimited: 'Please try again later. You can submit up to 3 times per hour.',
} as const
