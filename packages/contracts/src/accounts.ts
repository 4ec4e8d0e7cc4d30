import { z } from 'zod'
import { PasswordLimits } from './account-rules'

export const ZAccountCreate = z.object({
  userId: z.string(),
  email: z.email().max(320),
  password: z.string(),
  name: z.string().max(128).optional(),
})

export const ZEmailSession = z.object({
  email: z.string().max(320),
  password: z.string().max(PasswordLimits.max * 4),
})
