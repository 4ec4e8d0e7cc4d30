import { AppwriteException } from 'appwrite'
import { describe, expect, it } from 'vitest'
import { newerMessageOf, newestSeenMessage } from './reply-guard'

const message = (id: string, sequence: number, direction: string) => ({
  $id: id,
  $createdAt: '2026-11-28T01:00:00.000+00:00',
  $sequence: String(sequence),
  direction,
})

describe('what a draft has seen', () => {
  it('is the newest reply or customer mail, never a note, and null for none but the first mail', () => {
    expect(newestSeenMessage([])).toBeNull()
    expect(newestSeenMessage([message('n1', 3, 'note')])).toBeNull()
    expect(
      newestSeenMessage([
        message('r1', 1, 'outbound'),
        message('m2', 12, 'inbound'),
        message('n3', 13, 'note'),
      ]),
    ).toBe('m2')
  })
})

describe('the message a refused reply missed', () => {
  const newer = { messageId: 'r9', direction: 'outbound', author: 'Ada', at: '2026-11-28T01:00:00.000Z' }

  it('is read from a 409 that names one, and from nothing else', () => {
    const body = (detail: unknown) =>
      JSON.stringify({ message: 'x', code: 409, type: 'document_update_conflict', detail })
    expect(newerMessageOf(new AppwriteException('x', 409, 'document_update_conflict', body(newer)))).toEqual(
      newer,
    )
    expect(
      newerMessageOf(new AppwriteException('x', 409, 'document_update_conflict', body(undefined))),
    ).toBeUndefined()
    expect(
      newerMessageOf(new AppwriteException('x', 400, 'general_argument_invalid', body(newer))),
    ).toBeUndefined()
    expect(newerMessageOf(new AppwriteException('x', 409, '', 'not json'))).toBeUndefined()
    expect(newerMessageOf(new Error('Failed to fetch'))).toBeUndefined()
  })
})
