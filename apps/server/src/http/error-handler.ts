import { ErrorType, type TErrorType } from '@parsedesk/contracts'
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import { AppError } from '../core/app-error'
import { JsonTooDeepError } from '../db/storable-text'

export const API_VERSION = '1.9.0'

/**
 * The HTTP status of each error type, once: code that fails says what went wrong (its type), and the
 * status follows. Appwrite's own pairing, since the SDK shows both.
 */
const ERROR_STATUS: Record<TErrorType, number> = {
  [ErrorType.generalArgumentInvalid]: 400,
  [ErrorType.generalQueryInvalid]: 400,
  [ErrorType.documentInvalidStructure]: 400,
  [ErrorType.userPasswordLength]: 400,
  [ErrorType.passwordPersonalData]: 400,
  [ErrorType.userOauthFailed]: 400,
  [ErrorType.generalUnauthorizedScope]: 401,
  [ErrorType.userUnauthorized]: 401,
  [ErrorType.userInvalidCredentials]: 401,
  [ErrorType.userSessionAlreadyExists]: 401,
  [ErrorType.userBlocked]: 401,
  [ErrorType.userInvalidToken]: 401,
  [ErrorType.teamInvalidSecret]: 401,
  [ErrorType.teamInviteMismatch]: 401,
  [ErrorType.generalAccessForbidden]: 403,
  [ErrorType.generalRouteNotFound]: 404,
  [ErrorType.projectUnknown]: 404,
  [ErrorType.databaseNotFound]: 404,
  [ErrorType.collectionNotFound]: 404,
  [ErrorType.documentNotFound]: 404,
  [ErrorType.userSessionNotFound]: 404,
  [ErrorType.storageFileNotFound]: 404,
  [ErrorType.storageBucketNotFound]: 404,
  [ErrorType.teamNotFound]: 404,
  [ErrorType.membershipNotFound]: 404,
  [ErrorType.userAlreadyExists]: 409,
  [ErrorType.documentAlreadyExists]: 409,
  [ErrorType.documentUpdateConflict]: 409,
  [ErrorType.teamAlreadyExists]: 409,
  [ErrorType.teamInviteAlreadyExists]: 409,
  [ErrorType.databaseTimeout]: 408,
  [ErrorType.generalPayloadTooLarge]: 413,
  [ErrorType.generalRateLimitExceeded]: 429,
  [ErrorType.generalServerError]: 500,
}

/** Every error leaves in Appwrite's shape (with our `detail` when it has one); 5xx details stay in the log. */
export function handleError(error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) {
  let appError: AppError
  // A request Fastify refused itself (too large, an unsupported media type, bad JSON): its status stands.
  let status: number | undefined
  if (error instanceof AppError) {
    appError = error
  } else if (error.statusCode === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    appError = new AppError(ErrorType.generalArgumentInvalid, 'Request body is too large.')
    status = 413
  } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    appError = new AppError(ErrorType.generalArgumentInvalid, error.message)
    status = error.statusCode
  } else if (error instanceof JsonTooDeepError) {
    appError = new AppError(ErrorType.generalArgumentInvalid, error.message)
  } else if (isDataException(error)) {
    // Validation should have caught it: a value the database found out of range or malformed is still
    // the request's fault, and worth a look.
    request.log.warn(
      { err: { message: error.message, code: error.code } },
      'a value reached the database unchecked',
    )
    appError = new AppError(
      ErrorType.generalArgumentInvalid,
      'A value in the request is out of range or malformed.',
    )
  } else {
    request.log.error({ err: error }, 'request failed')
    appError = new AppError(ErrorType.generalServerError)
  }
  const code = status ?? ERROR_STATUS[appError.type]
  return reply
    .code(code)
    .type('application/json')
    .send({
      message: appError.message,
      code,
      type: appError.type,
      version: API_VERSION,
      ...(appError.detail ? { detail: appError.detail } : {}),
    })
}

/** Postgres's class 22, data exception: a value out of range, malformed or of the wrong kind. */
function isDataException(error: { code?: unknown }): boolean {
  return typeof error.code === 'string' && /^22[0-9A-Z]{3}$/.test(error.code)
}
