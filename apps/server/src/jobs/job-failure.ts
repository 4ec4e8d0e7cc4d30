import { cleanText } from '../core/clean-text'

const MAX_MESSAGE_LENGTH = 2000

/**
 * What a failed run leaves in pg-boss's job table: the message alone, storable and short. A database
 * error also carries the failed query's parameters (a customer's whole mail); pg-boss would store every
 * property, and text Postgres cannot hold would make storing the failure fail in turn.
 */
export function toJobFailure(error: unknown): Error {
  const message = error instanceof Error ? error.message : String(error ?? 'the job failed')
  const failure = new Error(cleanText(message).slice(0, MAX_MESSAGE_LENGTH) || 'the job failed')
  failure.name = error instanceof Error ? cleanText(error.name).slice(0, 100) : 'Error'
  return failure
}
