import { describe, expect, it } from 'vitest'
import { canSplit, describeMerge, readTicketReference } from './merge-split'
import { messageDoc } from './ticket-page-test-data'

const AT = '2026-11-25T10:00:00.000Z'

describe('readTicketReference', () => {
  it('reads a number as tickets are named on screen or bare, spaces around it ignored', () => {
    expect(readTicketReference('#1042')).toBe(1042)
    expect(readTicketReference('1042')).toBe(1042)
    expect(readTicketReference('  # 15 ')).toBe(15)
  })

  it('is null for anything that names no ticket', () => {
    for (const input of ['', '#', 'abc', '#0', '12a', '-3', '1.5', '##4']) {
      expect(readTicketReference(input), input).toBeNull()
    }
  })
})

describe('describeMerge', () => {
  it('says where the messages go and that the duplicate closes', () => {
    expect(describeMerge(12, 15)).toBe("#12's messages move to #15; #12 is closed.")
  })
})

describe('canSplit', () => {
  it('offers a customer mail, never a reply or a note', () => {
    expect(canSplit(messageDoc('m-in', { at: AT }))).toBe(true)
    expect(canSplit(messageDoc('m-out', { at: AT, direction: 'outbound' }))).toBe(false)
    expect(canSplit(messageDoc('m-note', { at: AT, direction: 'note' }))).toBe(false)
  })
})
