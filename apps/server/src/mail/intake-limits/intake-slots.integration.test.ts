import { IntakeLimitScope } from '@parsedesk/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TDatabase } from '../../db/database'
import { DATABASE_KINDS, openTestDatabase } from '../../testing/test-database'
import { takeIntakeSlot } from './intake-slots'

describe.each(DATABASE_KINDS)('intake slots taken at the same moment, on %s', (kind) => {
  let db: TDatabase
  let close: () => Promise<void>
  beforeAll(async () => {
    ;({ db, close } = await openTestDatabase(kind))
  })
  afterAll(() => close?.())

  it('never gives out more places than the mailbox has, however many deliveries ask at once', async () => {
    const limits = { perSenderPerMinute: 1000, perMailboxPerMinute: 10 }
    const slots = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        takeIntakeSlot(db, { mailboxId: 'mailbox-race', sender: `s${i}@example.org`, limits }),
      ),
    )
    const refused = slots.flatMap((slot) => (slot.isTaken ? [] : [slot]))
    expect(slots.length - refused.length).toBe(10)
    for (const slot of refused) {
      expect(slot).toMatchObject({ scope: IntakeLimitScope.mailbox, limit: 10 })
      expect(slot.retryAfterSeconds).toBeGreaterThanOrEqual(1)
      expect(slot.retryAfterSeconds).toBeLessThanOrEqual(60)
    }
  })

  it('holds one sender to its own limit, and a place given back is free again', async () => {
    const limits = { perSenderPerMinute: 2, perMailboxPerMinute: 1000 }
    const take = () =>
      takeIntakeSlot(db, { mailboxId: 'mailbox-sender', sender: 'eager@example.org', limits })
    const slots = await Promise.all(Array.from({ length: 6 }, take))
    const taken = slots.flatMap((slot) => (slot.isTaken ? [slot] : []))
    expect(taken).toHaveLength(2)
    expect(slots.filter((slot) => !slot.isTaken)).toEqual(
      Array.from({ length: 4 }, () => expect.objectContaining({ scope: IntakeLimitScope.sender, limit: 2 })),
    )
    await taken[0]?.release()
    expect((await take()).isTaken).toBe(true)
    expect((await take()).isTaken).toBe(false)
  })
})
