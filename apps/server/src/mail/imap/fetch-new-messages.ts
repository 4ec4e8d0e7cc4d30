import type { ImapFlow } from 'imapflow'
import { imapExternalId } from '../inbound/delivery-source'
import { IntakeBehindError } from '../inbound/intake-backlog'
import { IntakeLimitedError } from '../intake-limits/intake-limited-error'

export type TAcceptImapMessage = (options: { raw: Buffer; externalId: string }) => Promise<unknown>

export type TFetchNewMessagesOptions = {
  client: ImapFlow
  accountId: string
  /** Where a stored message goes; null flags it \Seen and leaves it in place. */
  moveTo: string | null
  maxBytes: number
  accept: TAcceptImapMessage
  /** Asked between messages, so stopping does not wait for a long backlog. */
  isStopping(): boolean
  /** The server's reason for the last refused command (imapflow returns false and logs it). */
  takeRefusal(): string | undefined
}

export type TFetchNewMessagesResult = {
  stored: number
  tooLarge: { uid: number; size: number }[]
  /** Set when the intake limits deferred a message: it and all after it stay unread until then. */
  deferredForSeconds?: number
}

// A long backlog is read in slices: a command naming thousands of UIDs would pass servers' line limits.
const BATCH = 200

/**
 * Runs a command that imapflow answers with false (or nothing) when the server refuses it, and throws
 * instead: a silently failed flag or move would leave the message unseen, counted as stored and fetched
 * again on every check, while the owner sees nothing wrong.
 */
async function expectAnswer<T>(
  options: TFetchNewMessagesOptions,
  what: string,
  command: () => Promise<T | false | undefined>,
): Promise<T> {
  options.takeRefusal()
  const answer = await command()
  if (answer !== false && answer !== undefined) return answer
  const reason = options.takeRefusal()
  throw new Error(`The server refused to ${what}${reason ? `: ${reason}` : ''}`)
}

/**
 * Stores one message; when the intake limits (decision 029) or the back-pressure (031) defer it, says for
 * how long instead. It stays
 * unread on the server, and so does everything after it: the next check starts from it, in order.
 */
async function acceptUnlessTooFast(
  options: TFetchNewMessagesOptions,
  message: { raw: Buffer; externalId: string },
): Promise<number | undefined> {
  try {
    await options.accept(message)
    return undefined
  } catch (error) {
    if (error instanceof IntakeLimitedError || error instanceof IntakeBehindError)
      return error.retryAfterSeconds
    throw error
  }
}

async function storeBatch(
  options: TFetchNewMessagesOptions & {
    uids: number[]
    uidValidity: bigint
    result: TFetchNewMessagesResult
  },
): Promise<void> {
  const { client, result } = options
  const sizes = new Map<number, number>()
  for await (const message of client.fetch(options.uids.join(','), { size: true }, { uid: true })) {
    sizes.set(message.uid, message.size ?? 0)
  }
  for (const uid of options.uids) {
    if (options.isStopping()) return
    const size = sizes.get(uid)
    // Expunged by another client since the search.
    if (size === undefined) continue
    if (size > options.maxBytes) {
      result.tooLarge.push({ uid, size })
      continue
    }
    const message = await client.fetchOne(String(uid), { source: true }, { uid: true })
    if (message === false || !message?.source) continue
    const deferred = await acceptUnlessTooFast(options, {
      raw: message.source,
      externalId: imapExternalId({ accountId: options.accountId, uidValidity: options.uidValidity, uid }),
    })
    if (deferred !== undefined) {
      result.deferredForSeconds = deferred
      return
    }
    const { moveTo } = options
    if (moveTo) {
      await expectAnswer(options, `move message ${uid} to "${moveTo}"`, () =>
        client.messageMove(String(uid), moveTo, { uid: true }),
      )
    } else {
      await expectAnswer(options, `flag message ${uid} as read`, () =>
        client.messageFlagsAdd(String(uid), ['\\Seen'], { uid: true }),
      )
    }
    result.stored += 1
  }
}

/**
 * Stores every unseen message of the open folder, oldest first, and only then marks it \Seen (or moves
 * it): a crash in between leaves it unseen, and its UIDVALIDITY+UID external id makes the next attempt a
 * recorded duplicate instead of a second ticket. Bodies are read with BODY.PEEK, which sets no flag.
 */
export async function fetchNewMessages(options: TFetchNewMessagesOptions): Promise<TFetchNewMessagesResult> {
  const { client } = options
  const result: TFetchNewMessagesResult = { stored: 0, tooLarge: [] }
  const mailbox = client.mailbox
  if (!mailbox) throw new Error('no folder is open')
  const found = await expectAnswer(options, `search ${mailbox.path} for unread mail`, () =>
    client.search({ seen: false }, { uid: true }),
  )
  if (found.length === 0) return result
  const uids = [...found].sort((a, b) => a - b)

  for (
    let start = 0;
    start < uids.length && !options.isStopping() && result.deferredForSeconds === undefined;
    start += BATCH
  ) {
    await storeBatch({
      ...options,
      uids: uids.slice(start, start + BATCH),
      uidValidity: mailbox.uidValidity,
      result,
    })
  }
  return result
}
