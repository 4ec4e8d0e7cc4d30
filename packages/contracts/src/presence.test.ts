import { describe, expect, it } from 'vitest'
import { livePresence, presenceSentence, type TPresenceAttributes } from './presence'

const NOW = Date.parse('2026-11-25T06:00:00Z')

function presence(userName: string, state: 'viewing' | 'replying', expiresInMs: number): TPresenceAttributes {
  return {
    ticketId: 't1',
    teamId: 'team1',
    userId: userName.toLowerCase(),
    userName,
    state,
    expiresAt: new Date(NOW + expiresInMs).toISOString(),
  }
}

describe('livePresence', () => {
  it('drops expired documents and the reader themself, and lists who replies first, then by name', () => {
    const shown = livePresence(
      [
        presence('Ben', 'viewing', 30_000),
        presence('Ada', 'viewing', 10_000),
        presence('Cleo', 'replying', 5_000),
        presence('Dan', 'replying', -1),
        presence('Eve', 'viewing', 0),
        presence('Me', 'replying', 40_000),
      ],
      { now: NOW, selfId: 'me' },
    )
    expect(shown.map((p) => `${p.userName}:${p.state}`)).toEqual([
      'Cleo:replying',
      'Ada:viewing',
      'Ben:viewing',
    ])
  })

  it('keeps one entry per member, the latest to expire', () => {
    const shown = livePresence([presence('Ada', 'viewing', 10_000), presence('Ada', 'replying', 40_000)], {
      now: NOW,
      selfId: undefined,
    })
    expect(shown.map((p) => p.state)).toEqual(['replying'])
  })
})

describe('presenceSentence', () => {
  it('names one, two or more members', () => {
    expect(presenceSentence([], 'viewing')).toBe('')
    expect(presenceSentence(['Ada'], 'viewing')).toBe('Ada is viewing')
    expect(presenceSentence(['Ada', 'Ben'], 'replying')).toBe('Ada and Ben are replying')
    expect(presenceSentence(['Ada', 'Ben', 'Cleo'], 'viewing')).toBe('Ada, Ben and Cleo are viewing')
  })
})
