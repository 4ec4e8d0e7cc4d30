import type { Models } from 'appwrite'

/** How many members the @ list offers at once. */
export const MENTION_OPTIONS = 6

/**
 * The member name being typed after an `@` that starts a word, from the text before the cursor; null when
 * the cursor is not in one. A space ends it: a member is picked from the list before it.
 */
export function mentionQueryOf(textBefore: string): string | null {
  const match = /(?:^|[^\p{L}\p{N}_])@([^\s@]{0,40})$/u.exec(textBefore)
  return match ? (match[1] ?? '') : null
}

/** What a mention of `member` reads in the note, and what the server finds it by: the name, else the address's local part. */
export function mentionNameOf(member: Pick<Models.Membership, 'userName' | 'userEmail'>): string {
  return member.userName.trim() || member.userEmail.split('@')[0] || member.userEmail
}

/** The workspace's confirmed members whose name or address starts (by any word) with `query`. */
export function matchMembers<
  T extends Pick<Models.Membership, 'userName' | 'userEmail' | 'confirm' | 'userId'>,
>(members: readonly T[], query: string): T[] {
  const wanted = query.toLocaleLowerCase()
  return members
    .filter((member) => member.confirm && member.userId)
    .filter((member) =>
      [...member.userName.toLocaleLowerCase().split(/\s+/), member.userEmail.toLocaleLowerCase()].some(
        (word) => word.startsWith(wanted),
      ),
    )
    .slice(0, MENTION_OPTIONS)
}
