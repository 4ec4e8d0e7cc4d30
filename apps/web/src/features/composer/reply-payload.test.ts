import { ReplyLimits, ReplyMessages, TicketLimits } from '@parsedesk/contracts'
import { describe, expect, it } from 'vitest'
import { attachmentProblem, formatSize } from './attachment-rules'
import { copiesAfterRemovals, readCc, replyPayload } from './reply-payload'

const MB = 1024 * 1024

describe('the reply payload', () => {
  const base = { ticketId: 't1', text: 'Hi', html: '<p>Hi</p>', status: undefined }
  const file = { id: 'f1', name: 'log.txt', size: 10 }

  it('mails a reply with its copies, files and status', () => {
    expect(
      replyPayload({
        ...base,
        draft: { mode: 'reply', attachments: [file] },
        cc: ['ops@x.example'],
        status: 'pending',
      }),
    ).toEqual({
      ticketId: 't1',
      body: 'Hi',
      bodyHtml: '<p>Hi</p>',
      cc: ['ops@x.example'],
      attachmentIds: ['f1'],
      status: 'pending',
    })
  })

  it('never gives a note copies', () => {
    expect(
      replyPayload({ ...base, draft: { mode: 'note', attachments: [] }, cc: ['ops@x.example'] }),
    ).toEqual({
      ticketId: 't1',
      body: 'Hi',
      bodyHtml: '<p>Hi</p>',
      note: true,
    })
  })

  it('names what a reply’s draft saw, null included, and never for a note (decision 039)', () => {
    const reply = { ...base, draft: { mode: 'reply' as const, attachments: [] }, cc: [] }
    expect(replyPayload({ ...reply, seenMessageId: 'm7' }).seenMessageId).toBe('m7')
    expect(replyPayload({ ...reply, seenMessageId: null })).toHaveProperty('seenMessageId', null)
    expect(replyPayload(reply)).not.toHaveProperty('seenMessageId')
    expect(
      replyPayload({ ...reply, draft: { mode: 'note', attachments: [] }, seenMessageId: 'm7' }),
    ).not.toHaveProperty('seenMessageId')
  })
})

describe('the Cc field', () => {
  it('reads addresses split by commas, semicolons and spaces, lower-cased, each once', () => {
    expect(readCc(' Ops@X.example, b@y.example;ops@x.example  c@z.example ')).toEqual({
      cc: ['ops@x.example', 'b@y.example', 'c@z.example'],
    })
    expect(readCc('')).toEqual({ cc: [] })
  })

  it('names the address it refuses', () => {
    const read = readCc('ok@x.example, not-an-address')
    expect('problem' in read && read.problem).toMatch(/^not-an-address: /)
  })

  it('refuses more copies than a ticket holds', () => {
    const many = Array.from({ length: TicketLimits.cc + 1 }, (_, i) => `a${i}@x.example`).join(',')
    expect('problem' in readCc(many)).toBe(true)
  })
})

describe('attachments before upload', () => {
  it('refuses a file over the limit, too many files, or too much in all, in the server’s words', () => {
    expect(attachmentProblem([], [{ size: ReplyLimits.attachmentBytes + 1 }])).toBe(
      ReplyMessages.fileTooLarge,
    )
    expect(attachmentProblem([], [{ size: ReplyLimits.attachmentBytes }])).toBeUndefined()
    const held = Array.from({ length: ReplyLimits.attachments }, () => ({ size: 1 }))
    expect(attachmentProblem(held, [{ size: 1 }])).toBe(ReplyMessages.tooManyFiles)
    const big = [{ size: ReplyLimits.attachmentBytes }, { size: ReplyLimits.attachmentBytes }]
    expect(attachmentProblem(big, [{ size: 1 }])).toBe(ReplyMessages.filesTooLarge)
  })

  it('shows sizes as people read them', () => {
    expect(formatSize(12)).toBe('12 B')
    expect(formatSize(340 * 1024)).toBe('340 KB')
    expect(formatSize(1.25 * MB)).toBe('1.3 MB')
  })
})

describe('copies taken out in the Cc field', () => {
  it('changes nothing when none was taken out', () => {
    expect(
      copiesAfterRemovals({
        base: ['a@x.example'],
        field: ['a@x.example', 'b@x.example'],
        current: ['a@x.example'],
      }),
    ).toBeNull()
  })

  it('takes the removed address off the ticket and keeps one another agent added meanwhile', () => {
    expect(
      copiesAfterRemovals({
        base: ['a@x.example', 'b@x.example'],
        field: ['b@x.example'],
        current: ['a@x.example', 'b@x.example', 'new@x.example'],
      }),
    ).toEqual(['b@x.example', 'new@x.example'])
  })
})
