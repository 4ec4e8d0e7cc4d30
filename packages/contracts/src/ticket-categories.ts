import { z } from 'zod'

export const TicketCategoryLimits = { key: 40, name: 100, description: 500, perWorkspace: 50 } as const

/**
 * A category an agent files tickets under. The key is what the analyser and rules know it by and never
 * changes; the name and description are what people read, and a workspace may reword them.
 */
export const ZTicketCategory = z.object({
  key: z
    .string()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'is lower-case words joined by hyphens')
    .max(TicketCategoryLimits.key),
  name: z.string().trim().min(1).max(TicketCategoryLimits.name),
  description: z.string().trim().max(TicketCategoryLimits.description),
})
export type TTicketCategory = z.infer<typeof ZTicketCategory>

/** Where a ticket goes when nothing else fits, and where detected spam and bulk mail goes. */
export const CategoryKey = { other: 'other', spam: 'spam-marketing' } as const

/**
 * A list the analyser can file tickets under: keys unique, and the two categories it cannot do without
 * (other, spam) present, though a workspace may rename them.
 */
export const ZTicketCategories = z
  .array(ZTicketCategory)
  .min(2)
  .max(TicketCategoryLimits.perWorkspace)
  .refine((categories) => new Set(categories.map((c) => c.key)).size === categories.length, {
    message: 'has a category key twice',
  })
  .refine((categories) => Object.values(CategoryKey).every((key) => categories.some((c) => c.key === key)), {
    message: `must keep the categories "${CategoryKey.other}" and "${CategoryKey.spam}"`,
  })

/** The categories every workspace starts with: those of a software or services support team. */
export const DEFAULT_TICKET_CATEGORIES = [
  {
    key: 'technical-problem',
    name: 'Technical problem',
    description:
      'Something does not work for the customer: errors, crashes, slowness, or trouble installing, connecting, syncing or sending.',
  },
  {
    key: 'bug-report',
    name: 'Bug report',
    description:
      'The customer reports a defect in the product: behaviour that is wrong and can be reproduced, often with steps, versions or error messages.',
  },
  {
    key: 'account-access',
    name: 'Account and access',
    description:
      'Signing up, signing in, passwords, two-factor codes, verification mail, locked accounts, users, roles and account details.',
  },
  {
    key: 'billing-payment',
    name: 'Billing and payment',
    description:
      'Invoices, charges, payment methods, failed or double payments, prices, plans and tax details.',
  },
  {
    key: 'orders-delivery',
    name: 'Orders and delivery',
    description:
      'Placing, changing or tracking an order; shipping, delivery times, addresses and parcels that are late or lost.',
  },
  {
    key: 'refund-cancellation',
    name: 'Refund and cancellation',
    description:
      'Cancelling an order or a subscription, returns, refunds and their status, and cancellation fees.',
  },
  {
    key: 'feature-request',
    name: 'Feature request',
    description:
      'The customer asks for something the product does not do yet, or for a change to how it works.',
  },
  {
    key: 'privacy-legal',
    name: 'Privacy and legal',
    description:
      'Personal data (access, correction, deletion, export), consent and marketing opt-outs, GDPR and other legal requests, contracts and terms.',
  },
  {
    key: 'feedback',
    name: 'Feedback',
    description:
      'Praise, complaints about the service, reviews and suggestions that ask for no particular action.',
  },
  {
    key: CategoryKey.spam,
    name: 'Spam and marketing',
    description:
      'Unsolicited mail, newsletters, bulk marketing and sales pitches: nobody is waiting for an answer.',
  },
  {
    key: CategoryKey.other,
    name: 'Other',
    description:
      'Anything the other categories do not cover, or a ticket the analysis could not place with confidence.',
  },
] as const satisfies readonly TTicketCategory[]

/** Where the analysis files what fits nowhere when a list it is given has no "other" of its own. */
export const DEFAULT_OTHER_CATEGORY: TTicketCategory = DEFAULT_TICKET_CATEGORIES.find(
  (category) => category.key === CategoryKey.other,
)!

export type TDefaultCategoryKey = (typeof DEFAULT_TICKET_CATEGORIES)[number]['key']

/** A default category's key, as the texts labelled to train and measure the default model name them. */
export const ZDefaultCategoryKey = z.enum(
  DEFAULT_TICKET_CATEGORIES.map((category) => category.key) as [
    TDefaultCategoryKey,
    ...TDefaultCategoryKey[],
  ],
)

/** What a workspace's members read: its list, and whether it is still the default one. */
export type TWorkspaceCategories = { categories: TTicketCategory[]; isDefault: boolean }

/** What an owner or admin sends to replace the workspace's list: every category, in the order shown. */
export const ZWorkspaceCategoriesUpdate = z.object({ categories: ZTicketCategories }).strict()

export const CategoryMessages = {
  notManager: 'Only owners and admins change the workspace’s categories',
  unknown: 'is none of the workspace’s categories',
} as const

/** A key made from a new category's name: "Partner requests" -> "partner-requests". */
export function categoryKeyOfName(name: string): string {
  const key = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, TicketCategoryLimits.key)
    .replace(/-+$/, '')
  return key || 'category'
}

/**
 * What a ticket's `category` shows: a ticket stores its category's key, so a renamed category shows its
 * new name; a value that is no key of the list (an earlier release stored names) is shown as it is.
 */
export function categoryNameOf(categories: readonly TTicketCategory[], stored: string): string {
  return categories.find((category) => category.key === stored)?.name ?? stored
}
