import { MessageDirection, type TNewerMessage, ZNewerMessage } from '@parsedesk/contracts'

type TSeenCandidate = { $id: string; $createdAt: string; $sequence?: string; direction: string }

/**
 * The newest message of the conversation a draft is written against (decision 039): a reply or a
 * customer's mail, never a note (notes do not make a second answer); null when there is none but the
 * first mail. The server refuses the reply when a newer one has come since.
 */
export function newestSeenMessage(messages: readonly TSeenCandidate[]): string | null {
  let newest: TSeenCandidate | null = null
  for (const message of messages) {
    if (message.direction === MessageDirection.note) continue
    if (!newest || Number(message.$sequence ?? 0) > Number(newest.$sequence ?? 0)) newest = message
  }
  return newest?.$id ?? null
}

/** The message a refused reply had not seen, from the server's 409 (`detail`), or undefined for any other error. */
export function newerMessageOf(error: unknown): TNewerMessage | undefined {
  if (!error || typeof error !== 'object' || !('code' in error) || error.code !== 409) return undefined
  if (!('response' in error) || typeof error.response !== 'string') return undefined
  try {
    const parsed = ZNewerMessage.safeParse((JSON.parse(error.response) as { detail?: unknown }).detail)
    return parsed.success ? parsed.data : undefined
  } catch {
    return undefined
  }
}
