type TImapError = Error & {
  code?: string
  authenticationFailed?: boolean
  responseText?: string
  serverResponseCode?: string
}

export type TDescribeImapErrorOptions = {
  error: unknown
  host: string
  port: number
  /** Removed from the text should a server echo it back. */
  password: string
}

const MAX_LENGTH = 500

/** One line an owner can act on, shown on the account document; never carries the password. */
export function describeImapError(options: TDescribeImapErrorOptions): string {
  const { host, port, password } = options
  const error = (
    options.error instanceof Error ? options.error : new Error(String(options.error))
  ) as TImapError
  const where = `${host}:${port}`
  let text: string
  if (error.authenticationFailed || error.serverResponseCode === 'AUTHENTICATIONFAILED') {
    text = `Sign-in to ${where} failed: check the user name and password`
  } else if (error.code === 'ECONNREFUSED') {
    text = `${where} refused the connection: check the host and port`
  } else if (error.code === 'ENOTFOUND' || error.code === 'EAI_AGAIN') {
    text = `No server is known by the name ${host}`
  } else if (
    error.code === 'ETIMEDOUT' ||
    error.code === 'CONNECT_TIMEOUT' ||
    error.code === 'GREETING_TIMEOUT'
  ) {
    text = `${where} did not answer in time`
  } else if (error.code === 'ECONNRESET' || error.code === 'EPIPE' || error.code === 'NoConnection') {
    text = `The connection to ${where} was lost`
  } else if (
    error.code?.startsWith('ERR_TLS') ||
    error.code?.includes('CERT') ||
    /ssl|tls/i.test(error.message)
  ) {
    text = `A secure (TLS) connection to ${where} failed: ${error.message}`
  } else {
    text = error.responseText || error.message || 'Unknown IMAP error'
  }
  if (password) text = text.split(password).join('***')
  return text.slice(0, MAX_LENGTH)
}
