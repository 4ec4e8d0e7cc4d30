/**
 * Raised only when nothing in the bytes can become a ticket (empty input, another file format, no headers).
 * The caller records `reason` as a visible rejection instead of retrying: the same bytes fail the same way.
 */
export class UnparseableEmailError extends Error {
  readonly code = 'UNPARSEABLE_EMAIL'

  constructor(readonly reason: string) {
    super(`Unparseable email: ${reason}`)
    this.name = 'UnparseableEmailError'
  }
}
