import { ErrorType } from '@parsedesk/contracts'
import { AppError } from '../core/app-error'

/** Postgres's SQLSTATE for a unique index or constraint refusing a row; PGlite reports the same. */
const UNIQUE_VIOLATION = '23505'

/** Whether a statement failed because a unique index already holds its value. */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null | undefined)?.code === UNIQUE_VIOLATION
}

/**
 * What a failed write throws: a unique violation becomes `conflict` (a message is a 409
 * `document_already_exists` with it), so a taken name is said so rather than a 500; anything else stays
 * itself. `catch (error) { throw mapUniqueViolation(error, GroupMessages.nameTaken) }`.
 */
export function mapUniqueViolation(error: unknown, conflict: string | Error): unknown {
  if (!isUniqueViolation(error)) return error
  return typeof conflict === 'string' ? new AppError(ErrorType.documentAlreadyExists, conflict) : conflict
}
