import type { TDefaultCategoryKey } from '@parsedesk/contracts'

/**
 * Bitext's intents in the default taxonomy, one rule each. Its categories are an online shop's, so the
 * intent decides: cancelling an order is a cancellation, not an order question; a newsletter
 * subscription is a question of consent to marketing mail, which the taxonomy files under privacy; a
 * request to reach a person names no subject, so it is "other". Every intent has a rule, so a new intent
 * in the data stops the training instead of being guessed.
 */
export const BITEXT_INTENT_CATEGORY: Readonly<Record<string, TDefaultCategoryKey | null>> = {
  create_account: 'account-access',
  delete_account: 'account-access',
  edit_account: 'account-access',
  recover_password: 'account-access',
  registration_problems: 'account-access',
  switch_account: 'account-access',
  check_cancellation_fee: 'refund-cancellation',
  contact_customer_service: null,
  contact_human_agent: null,
  delivery_options: 'orders-delivery',
  delivery_period: 'orders-delivery',
  complaint: 'feedback',
  review: 'feedback',
  check_invoice: 'billing-payment',
  get_invoice: 'billing-payment',
  newsletter_subscription: 'privacy-legal',
  cancel_order: 'refund-cancellation',
  change_order: 'orders-delivery',
  place_order: 'orders-delivery',
  track_order: 'orders-delivery',
  check_payment_methods: 'billing-payment',
  payment_issue: 'billing-payment',
  check_refund_policy: 'refund-cancellation',
  get_refund: 'refund-cancellation',
  track_refund: 'refund-cancellation',
  change_shipping_address: 'orders-delivery',
  set_up_shipping_address: 'orders-delivery',
}

/** The taxonomy's category for a Bitext row; throws on an intent no rule covers. */
export function relabelBitext(options: { intent: string }): TDefaultCategoryKey | null {
  const category = BITEXT_INTENT_CATEGORY[options.intent.trim()]
  if (category === undefined)
    throw new Error(`no rule maps the Bitext intent "${options.intent}" to a category`)
  return category
}
