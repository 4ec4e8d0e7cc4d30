import { describe, expect, it } from 'vitest'
import {
  countKeptMail,
  formatFileSize,
  groupAttachments,
  isKeptMailStatus,
  maskSecret,
  type TAttachmentFile,
} from './mailbox-model'

describe('countKeptMail', () => {
  it('lists every kept-mail outcome with its counter, in a fixed order', () => {
    const counts = countKeptMail({
      autoReplies: 2,
      bounces: 1,
      loops: 0,
      duplicates: 5,
      rejected: 3,
      tickets: 9,
    })
    expect(counts).toEqual([
      { status: 'auto-reply', label: 'Auto-replies', count: 2 },
      { status: 'bounce', label: 'Bounces', count: 1 },
      { status: 'loop', label: 'Loops', count: 0 },
      { status: 'duplicate', label: 'Duplicates', count: 5 },
      { status: 'rejected', label: 'Rejected', count: 3 },
    ])
  })

  it('counts a missing counter as zero', () => {
    expect(countKeptMail({}).map((line) => line.count)).toEqual([0, 0, 0, 0, 0])
  })
})

describe('isKeptMailStatus', () => {
  it('tells kept mail from tickets and replies', () => {
    expect(isKeptMailStatus('bounce')).toBe(true)
    expect(isKeptMailStatus('ticket')).toBe(false)
    expect(isKeptMailStatus('thread-message')).toBe(false)
  })
})

describe('groupAttachments', () => {
  const file = (id: string, threadMessageId: string | null) =>
    ({ $id: id, threadMessageId }) as unknown as TAttachmentFile

  it('puts the first email’s files under the ticket and each reply’s under that reply', () => {
    const { ofTicket, byMessage } = groupAttachments([
      file('a', null),
      file('b', 'm1'),
      file('c', 'm2'),
      file('d', 'm1'),
    ])
    expect(ofTicket.map((f) => f.$id)).toEqual(['a'])
    expect(byMessage.get('m1')?.map((f) => f.$id)).toEqual(['b', 'd'])
    expect(byMessage.get('m2')?.map((f) => f.$id)).toEqual(['c'])
  })
})

describe('formatFileSize', () => {
  it('shows bytes, kilobytes and megabytes as people read them', () => {
    expect(formatFileSize(0)).toBe('0 B')
    expect(formatFileSize(1023)).toBe('1023 B')
    expect(formatFileSize(1536)).toBe('1.5 KB')
    expect(formatFileSize(20 * 1024 + 300)).toBe('20 KB')
    expect(formatFileSize(3 * 1024 * 1024)).toBe('3 MB')
    expect(formatFileSize(-1)).toBe('')
  })
})

describe('maskSecret', () => {
  it('hides the secret wherever it appears, as is or URL-encoded', () => {
    const secret = 'a+b/c_secret'
    const url = `https://x.example/v1/inbound/m1/raw?secret=${encodeURIComponent(secret)}`
    const masked = maskSecret(url, secret)
    expect(masked).not.toContain(encodeURIComponent(secret))
    expect(masked).toMatch(/^https:\/\/x\.example\/v1\/inbound\/m1\/raw\?secret=•+$/)
    expect(maskSecret(`key ${secret}`, secret)).toBe(`key ${'•'.repeat(12)}`)
  })

  it('leaves text alone when there is no secret', () => {
    expect(maskSecret('https://x.example/raw', '')).toBe('https://x.example/raw')
  })
})
