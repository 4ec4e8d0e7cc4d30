import { describe, expect, it } from 'vitest'
import { readProjectId } from './project-id'

describe('the project id the SDK is set up with', () => {
  it("uses the server's default project when index.html was not rewritten", () => {
    expect(readProjectId('%PARSEDESK_PROJECT_ID%')).toBe('parsedesk')
    expect(readProjectId(null)).toBe('parsedesk')
    expect(readProjectId('')).toBe('parsedesk')
  })

  it('uses the project the server wrote into the page', () => {
    expect(readProjectId('acme')).toBe('acme')
  })
})
