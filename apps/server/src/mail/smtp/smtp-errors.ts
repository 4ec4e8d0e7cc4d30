/** An SMTP reply code smtp-server sends instead of its generic 450/550. */
export function smtpError(responseCode: number, message: string): Error & { responseCode: number } {
  return Object.assign(new Error(message), { responseCode })
}
