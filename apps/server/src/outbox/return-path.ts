import crypto from 'node:crypto'

/**
 * The envelope sender (VERP) a reply is mailed with, `bounces+<mailId>.<mac>@<inbound domain>`: a report
 * that comes back to it is about that mail, and only our key makes the MAC, so nobody can name a mail at
 * an address of this form that was not given to the relay with it (decision 028).
 */
export type TReturnPath = {
  addressOf(mailId: string): string
  /**
   * For an address of the return-path form at our domain: the mail it names when its MAC is ours, null
   * when it is not (forged or damaged). Undefined for any other address.
   */
  mailIdAt(address: string): string | null | undefined
}

const PREFIX = 'bounces+'
// 80 bits: each guess costs the guesser an SMTP RCPT, and the local part stays under 64 characters.
const MAC_CHARACTERS = 20
const RETURN_PATH_LOCAL = /^bounces\+([0-9a-z]{1,30})\.([0-9a-f]+)$/

/**
 * The return path signed with a key of its own derived from the server's secret (SECRET_KEY, else the key
 * kept under DATA_DIR), so every process of one installation makes and checks the same addresses.
 */
export function createReturnPath(options: { secretKey: Buffer; domain: string }): TReturnPath {
  const key = crypto.createHmac('sha256', options.secretKey).update('parsedesk return path').digest()
  const domain = options.domain.toLowerCase()
  const macOf = (mailId: string) =>
    crypto.createHmac('sha256', key).update(mailId).digest('hex').slice(0, MAC_CHARACTERS)
  return {
    addressOf: (mailId) => `${PREFIX}${mailId}.${macOf(mailId)}@${domain}`,
    mailIdAt(address) {
      const lowered = address.trim().toLowerCase()
      const at = lowered.lastIndexOf('@')
      if (at < 0 || lowered.slice(at + 1) !== domain) return undefined
      const local = lowered.slice(0, at)
      if (!local.startsWith(PREFIX)) return undefined
      const [, mailId, mac] = RETURN_PATH_LOCAL.exec(local) ?? []
      if (!mailId || !mac) return null
      const expected = Buffer.from(macOf(mailId))
      const given = Buffer.from(mac)
      return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? mailId : null
    },
  }
}
