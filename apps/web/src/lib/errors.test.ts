import { AppwriteException } from 'appwrite'
import { describe, expect, it } from 'vitest'
import { serverMessageOf } from './errors'

describe('the words shown for a failed call', () => {
  it('are the server’s when a server answered', () => {
    expect(
      serverMessageOf(new AppwriteException('Invalid credentials.', 401, 'user_invalid_credentials')),
    ).toBe('Invalid credentials.')
  })

  it('are none when no server answered, so the screen can say "Please try again later."', () => {
    expect(serverMessageOf(new TypeError('Failed to fetch'))).toBe('')
    expect(serverMessageOf(new AppwriteException('Invalid endpoint URL: x'))).toBe('')
  })
})
