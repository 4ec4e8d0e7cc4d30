import { OAuthRedirect, PROJECT_ID_DEFAULT } from '@parsedesk/contracts'
import { describe, expect, it } from 'vitest'
import { FALLBACK_PROJECT_ID, readProjectId } from '@/lib/project-id'
import { Paths } from './paths'

describe('values the web app keeps out of its first paint', () => {
  it('routes Google sign-in back to the pages the server redirects to', () => {
    expect(Paths.tickets).toBe(OAuthRedirect.success)
    expect(Paths.error).toBe(OAuthRedirect.failure)
  })

  it("uses the server's default project when index.html was not rewritten", () => {
    expect(FALLBACK_PROJECT_ID).toBe(PROJECT_ID_DEFAULT)
    expect(readProjectId('%PARSEDESK_PROJECT_ID%')).toBe(PROJECT_ID_DEFAULT)
    expect(readProjectId(null)).toBe(PROJECT_ID_DEFAULT)
    expect(readProjectId('acme')).toBe('acme')
  })
})
