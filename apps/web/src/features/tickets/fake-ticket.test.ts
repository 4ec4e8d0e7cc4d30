import { describe, expect, it } from 'vitest'
import { FAKE_TICKET_SAMPLES, generateFakeTicket } from './fake-ticket'

/** A seeded generator, so a failure can be replayed. */
function seededRandom(seed: number) {
  let state = seed
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31
    return state / 2 ** 31
  }
}

describe('Generate Fake Data', () => {
  it('offers the ten subjects the spec lists', () => {
    const subjects = FAKE_TICKET_SAMPLES.map((sample) => sample.subject.toLowerCase())
    expect(new Set(subjects).size).toBe(10)
    const topics = [
      /log in/,
      /payment/,
      /dark mode/,
      /crash.*launch/,
      /locked/,
      /password reset/,
      /verification email/,
      /update my profile/,
      /subscription renewal/,
      /slow/,
    ]
    topics.forEach((topic, index) => {
      expect(subjects[index]).toMatch(topic)
    })
  })

  it('fills every field: an address on an example domain, a sample subject and a message', () => {
    const random = seededRandom(7)
    for (let i = 0; i < 200; i++) {
      const ticket = generateFakeTicket({ random })
      expect(ticket.email).toMatch(/^[a-z]+\.[a-z]+\d{1,3}@example\.(com|org|net)$/)
      const sample = FAKE_TICKET_SAMPLES.find((candidate) => candidate.subject === ticket.subject)
      expect(sample).toBeDefined()
      expect(sample?.bodies.some((body) => ticket.body.includes(body))).toBe(true)
      expect(ticket.body.split('\n').length).toBeGreaterThan(3)
    }
  })

  it('varies what it generates, reaching all ten subjects', () => {
    const random = seededRandom(42)
    const seen = new Set<string>()
    const emails = new Set<string>()
    for (let i = 0; i < 300; i++) {
      const ticket = generateFakeTicket({ random })
      seen.add(ticket.subject)
      emails.add(ticket.email)
    }
    expect(seen.size).toBe(10)
    expect(emails.size).toBeGreaterThan(100)
  })

  it('stays in range when the random source returns its extremes', () => {
    expect(generateFakeTicket({ random: () => 0 }).subject).toBe(FAKE_TICKET_SAMPLES[0]?.subject)
    expect(generateFakeTicket({ random: () => 0.999_999 }).subject).toBe(FAKE_TICKET_SAMPLES[9]?.subject)
  })
})
