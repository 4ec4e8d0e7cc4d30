import { describe, expect, it } from 'vitest'
import { readOAuthError } from './read-oauth-error'

describe('/error page parameters', () => {
  it('falls back to the default title', () => {
    expect(readOAuthError(new URLSearchParams(''))).toEqual({ title: 'An Error Occurred', description: null })
  })

  it('shows error and error_description as given', () => {
    expect(readOAuthError(new URLSearchParams('error=x&error_description=y'))).toEqual({
      title: 'x',
      description: 'y',
    })
  })

  it("reads the message out of the server's JSON error", () => {
    const error = JSON.stringify({
      message: 'Invalid OAuth2 state',
      type: 'user_oauth2_provider_error',
      code: 400,
    })
    expect(readOAuthError(new URLSearchParams({ error })).title).toBe('Invalid OAuth2 state')
    expect(readOAuthError(new URLSearchParams({ error: '{broken' })).title).toBe('{broken')
  })
})
