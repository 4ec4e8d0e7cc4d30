export type TOAuthError = { title: string; description: string | null }

export const DEFAULT_ERROR_TITLE = 'An Error Occurred'

/**
 * The server sends `error` as the JSON of an Appwrite error ({message,type,code}); other providers send
 * plain text. Either way the page shows words, never a JSON blob.
 */
export function readOAuthError(params: URLSearchParams): TOAuthError {
  const error = params.get('error')
  const description = params.get('error_description') || null
  if (!error) return { title: DEFAULT_ERROR_TITLE, description }
  return { title: readMessage(error), description }
}

function readMessage(error: string): string {
  if (!error.trimStart().startsWith('{')) return error
  try {
    const parsed: unknown = JSON.parse(error)
    if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string') {
      return parsed.message || DEFAULT_ERROR_TITLE
    }
  } catch {
    // Not JSON after all: show it as it came.
  }
  return error
}
