/** The SDK's AppwriteException is an Error whose message is the server's; anything else is stringified. */
export function getErrorMessage(error: unknown): string {
  if (error instanceof Error) return error.message
  if (typeof error === 'string') return error
  return ''
}

export function getErrorStatus(error: unknown): number | undefined {
  if (error && typeof error === 'object' && 'code' in error && typeof error.code === 'number')
    return error.code
  return undefined
}

/** The Appwrite error type (`user_invalid_token`, ...) the SDK's AppwriteException carries, if any. */
export function getErrorType(error: unknown): string | undefined {
  if (error && typeof error === 'object' && 'type' in error && typeof error.type === 'string')
    return error.type
  return undefined
}

/**
 * The server's own words about a failed call, or '' when no server answered (the browser's "Failed to
 * fetch" of a network failure is no message for a person: the spec says "Please try again later." then).
 */
export function serverMessageOf(error: unknown): string {
  const status = getErrorStatus(error)
  return status !== undefined && status > 0 ? getErrorMessage(error) : ''
}
