import { z } from 'zod'
import {
  BLOCKED_DEMO_EMAIL_DOMAINS,
  DemoLimits,
  MONTHLY_TICKET_VOLUMES,
  WaitlistMessages,
} from './waitlist-rules'

function isWorkEmail(email: string): boolean {
  const domain = email.split('@').pop()?.toLowerCase() ?? ''
  return !(BLOCKED_DEMO_EMAIL_DOMAINS as readonly string[]).includes(domain)
}

export const ZWaitlistRequest = z.object({
  full_name: z
    .string({ error: WaitlistMessages.name })
    .trim()
    .min(DemoLimits.minNameLength, WaitlistMessages.name)
    .max(DemoLimits.maxFieldLength),
  work_email: z
    .email({ error: WaitlistMessages.email })
    .max(DemoLimits.maxFieldLength)
    .refine(isWorkEmail, WaitlistMessages.workEmail),
  company_name: z
    .string({ error: WaitlistMessages.company })
    .trim()
    .min(DemoLimits.minNameLength, WaitlistMessages.company)
    .max(DemoLimits.maxFieldLength),
  monthly_support_tickets: z.enum(MONTHLY_TICKET_VOLUMES, { error: WaitlistMessages.volume }),
})
export type TWaitlistRequest = z.infer<typeof ZWaitlistRequest>
