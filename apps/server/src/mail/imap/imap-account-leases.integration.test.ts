import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TDatabase } from '../../db/database'
import { DATABASE_KINDS, openTestDatabase } from '../../testing/test-database'
import { insertMailboxOwner } from '../../testing/test-mailbox'
import { claimImapAccounts, releaseImapLeases, updateImapAccountState } from './imap-account-repository'

describe.each(DATABASE_KINDS)('IMAP account leases (%s)', (kind) => {
  let db: TDatabase
  let close: (() => Promise<void>) | undefined
  const ids = ['acc-a', 'acc-b', 'acc-off']

  beforeAll(async () => {
    ;({ db, close } = await openTestDatabase(kind))
    const { teamId, mailbox } = await insertMailboxOwner(db, {
      id: 'u1',
      email: 'u1@example.com',
      name: 'U',
      domain: 'inbound.localhost',
    })
    for (const id of ids) {
      await db.query(
        `insert into imap_accounts (id, "userId", "teamId", "mailboxId", host, port, secure, username, password,
           enabled)
         values ($1, 'u1', $2, $3, 'imap.example.com', 993, true, 'u', 'v1:x', $4)`,
        [id, teamId, mailbox.id, id !== 'acc-off'],
      )
    }
  })

  afterAll(async () => {
    await close?.()
  })

  it('gives each enabled account to one worker at a time, and to another once the lease is released', async () => {
    const first = await claimImapAccounts(db, { owner: 'worker-1', leaseSeconds: 60, limit: 100 })
    expect(first.map((r) => r.id).sort()).toEqual(['acc-a', 'acc-b'])
    expect(await claimImapAccounts(db, { owner: 'worker-2', leaseSeconds: 60, limit: 100 })).toEqual([])
    // Renewing keeps what worker-1 holds.
    expect(await claimImapAccounts(db, { owner: 'worker-1', leaseSeconds: 60, limit: 100 })).toHaveLength(2)

    await releaseImapLeases(db, { owner: 'worker-1', keep: ['acc-a'] })
    const second = await claimImapAccounts(db, { owner: 'worker-2', leaseSeconds: 60, limit: 100 })
    expect(second.map((r) => r.id)).toEqual(['acc-b'])

    // A worker that lost the lease can no longer write the account's state.
    const stale = await updateImapAccountState(db, {
      id: 'acc-b',
      owner: 'worker-1',
      state: { status: 'error', lastError: 'stale' },
    })
    expect(stale).toBeUndefined()
  })

  it('frees the lease of a worker that stopped renewing it', async () => {
    await db.query(`update imap_accounts set lease_until = now() - interval '1 second' where id = 'acc-a'`)
    const taken = await claimImapAccounts(db, { owner: 'worker-3', leaseSeconds: 60, limit: 100 })
    expect(taken.map((r) => r.id)).toEqual(['acc-a'])
  })
})
