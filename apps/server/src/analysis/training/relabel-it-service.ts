import type { TDefaultCategoryKey } from '@parsedesk/contracts'

// The IT-service text is lower-cased with stop words removed, so these are single words as they appear.
const TROUBLE =
  /\b(?:error|errors|issue|issues|problem|problems|broken|failed|fails|failing|failure|crash|crashes|crashed|cannot|unable|slow|stuck|freezes|frozen)\b/
const ACCESS =
  /\b(?:password|passwords|locked|unlock|login|account|accounts|credentials|reset|permission|permissions|access)\b/

/**
 * The taxonomy's category for an IT-service row, or null to leave it out. These are an internal IT
 * desk's tickets, so only the rows that read like a customer's would are kept: a hardware or
 * administrative-rights ticket that reports trouble and is not about access is a technical problem; an
 * access ticket that names passwords, accounts, locks or permissions is account and access; HR and
 * internal-project tickets that report no trouble and ask for no access are "other" (requests that are
 * no support team's business). Purchase (internal procurement), storage and miscellaneous tickets are
 * left out: their labels mix all of the above.
 */
export function relabelItService(options: { category: string; text: string }): TDefaultCategoryKey | null {
  const { category, text } = options
  const hasTrouble = TROUBLE.test(text)
  const hasAccess = ACCESS.test(text)
  switch (category.trim()) {
    case 'Hardware':
    case 'Administrative rights':
      return hasTrouble && !hasAccess ? 'technical-problem' : null
    case 'Access':
      return hasAccess ? 'account-access' : null
    default:
      return null
  }
}
