/**
 * Turns a dataset label into words a person reads: `SHIPPING_ADDRESS` becomes `Shipping address`,
 * `cancel_order` becomes `Cancel order`. Labels already written in words (`HR Support`) stay as they are.
 */
export function humaniseLabel(options: { label: string }): string {
  const { label } = options
  const isCode =
    /^[A-Za-z0-9]+(?:[_-][A-Za-z0-9]+)*$/.test(label) &&
    (label === label.toUpperCase() || label === label.toLowerCase())
  if (!isCode) return label.trim()
  const words = label.toLowerCase().split(/[_-]+/)
  const sentence = words.join(' ')
  return sentence.charAt(0).toUpperCase() + sentence.slice(1)
}
