import { ImapMessages } from '@parsedesk/contracts'
import { OutboundHostRefused } from '../../core/outbound-address'

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
  /**
   * Whether an IMAP server greeted us. Before that, refused, timed out, reset, TLS on a plain port and a
   * service that is not IMAP all read alike: telling them apart would make us a port scanner.
   */
  hasReachedServer: boolean
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
  if (error instanceof OutboundHostRefused) {
    text = `${host} ${error.reason}: ${ImapMessages.hostNotPublic}`
  } else if (error.code === 'ENOTFOUND' || error.code === 'EAI_AGAIN') {
    text = `No server is known by the name ${host}`
  } else if (error.authenticationFailed || error.serverResponseCode === 'AUTHENTICATIONFAILED') {
    // Only an IMAP server answers this, so it tells nothing a port scan would want.
    text = `Sign-in to ${where} failed: check the user name and password`
  } else if (!options.hasReachedServer) {
    text = `Could not reach an IMAP server at ${where}: check the host, the port and the TLS setting`
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
