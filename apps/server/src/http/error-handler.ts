import { ErrorType } from '@parsedesk/contracts'
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import { AppError } from './app-error'

export const API_VERSION = '1.9.0'

/** Every error leaves in Appwrite's shape; 5xx details stay in the log. */
export function handleError(error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) {
  let appError: AppError
  if (error instanceof AppError) {
    appError = error
  } else if (error.statusCode === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    appError = new AppError(ErrorType.generalArgumentInvalid, 413, 'Request body is too large.')
  } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    appError = new AppError(ErrorType.generalArgumentInvalid, error.statusCode, error.message)
  } else {
    request.log.error({ err: error }, 'request failed')
    appError = new AppError(ErrorType.generalServerError, 500)
  }
  return reply
    .code(appError.status)
    .type('application/json')
    .send({ message: appError.message, code: appError.status, type: appError.type, version: API_VERSION })
}
