import type { Address } from 'postal-mime'
import { cleanText } from '../../core/clean-text'
import type { TEmailAddress } from './parsed-email.types'

function removeComments(value: string): string {
  return value.replace(/\([^()]*\)/g, '')
}

/**
 * A bare address that compares equal however the sender wrote it: no comments, spaces or angle
 * brackets, and a lower-case domain (the local part is case-sensitive by the RFC, so it is kept).
 */
export function normaliseAddress(value: string): string {
  const bare = removeComments(value).replace(/[\s<>]+/g, '')
  const at = bare.lastIndexOf('@')
  return at === -1 ? bare : bare.slice(0, at) + bare.slice(at).toLowerCase()
}

/** `Carol <carol@example.com>` or ` Carol@Example.com` as `carol@example.com`, as ticket copies are kept. */
export function bareAddress(address: string): string {
  return (/<([^>]+)>\s*$/.exec(address)?.[1] ?? address).trim().toLowerCase()
}

export function isPlausibleAddress(address: string): boolean {
  return /^[^@\s]+@[^@\s]+$/.test(address)
}

/** Flattens groups and drops entries that name no address, such as an empty `undisclosed-recipients:;`. */
export function toEmailAddresses(value: Address | Address[] | undefined): TEmailAddress[] {
  if (!value) return []
  const list = Array.isArray(value) ? value : [value]
  const result: TEmailAddress[] = []
  for (const entry of list) {
    const mailboxes = entry.group ?? [entry]
    for (const mailbox of mailboxes) {
      const address = normaliseAddress(mailbox.address ?? '')
      if (address) result.push({ address, name: cleanText(mailbox.name ?? '').trim() })
    }
  }
  return result
}

/** `Name <address>` with the name quoted when it holds a character that would split the list. */
export function formatAddress({ address, name }: TEmailAddress): string {
  if (!name) return address
  const safeName = /[",<>@;:()[\]\\]/.test(name) ? `"${name.replace(/["\\]/g, '\\$&')}"` : name
  return `${safeName} <${address}>`
}
