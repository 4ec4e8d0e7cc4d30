/**
 * The Tobi-Bueck tickets are labelled by queue, not by our categories, so they are scored by family: a
 * technical, billing or orders queue is right when the analysis files the ticket under a category of that
 * family. Queues of no family (customer service, sales, HR, general inquiries, the topical ones such as
 * "Sports") are left out of the accuracy but counted in the share filed "other" (issue 28).
 */
export type TTicketFamily = 'technical' | 'billing' | 'orders'

const QUEUE_FAMILIES: Record<string, TTicketFamily> = {
  'Technical Support': 'technical',
  'Product Support': 'technical',
  'IT Support': 'technical',
  'Service Outages and Maintenance': 'technical',
  'Network Infrastructure': 'technical',
  'Software Development': 'technical',
  'IT & Technology/Software Development': 'technical',
  'IT & Technology/Hardware Support': 'technical',
  'IT & Technology/Network Infrastructure': 'technical',
  'Billing and Payments': 'billing',
  'Account & Billing Management': 'billing',
  'Returns and Exchanges': 'orders',
}

// A refund is billing to one team and a return to another: either family takes it.
const CATEGORY_FAMILIES: Record<string, readonly TTicketFamily[]> = {
  'technical-problem': ['technical'],
  'bug-report': ['technical'],
  'account-access': ['technical'],
  'billing-payment': ['billing'],
  'refund-cancellation': ['billing', 'orders'],
  'orders-delivery': ['orders'],
}

export function familyOfQueue(queue: string): TTicketFamily | undefined {
  return QUEUE_FAMILIES[queue.trim()]
}

export function isInFamily(options: { categoryKey: string; family: TTicketFamily }): boolean {
  return CATEGORY_FAMILIES[options.categoryKey]?.includes(options.family) ?? false
}
