import { ErrorType, type TErrorType } from '@parsedesk/contracts'

/**
 * The HTTP status of each error type, once: code that fails says what went wrong (its type), and the
 * status follows. Appwrite's own pairing, since the SDK shows both.
 */
const STATUS: Record<TErrorType, number> = {
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
  [ErrorType.generalAccessForbidden]: 403,
  [ErrorType.generalRouteNotFound]: 404,
  [ErrorType.projectUnknown]: 404,
  [ErrorType.databaseNotFound]: 404,
  [ErrorType.collectionNotFound]: 404,
  [ErrorType.documentNotFound]: 404,
  [ErrorType.userSessionNotFound]: 404,
  [ErrorType.storageFileNotFound]: 404,
  [ErrorType.storageBucketNotFound]: 404,
  [ErrorType.userAlreadyExists]: 409,
  [ErrorType.documentAlreadyExists]: 409,
  [ErrorType.generalPayloadTooLarge]: 413,
  [ErrorType.generalRateLimitExceeded]: 429,
  [ErrorType.generalServerError]: 500,
}

/** Appwrite's wording for the errors the SDK shows users; one place so every route says the same. */
const DEFAULT_MESSAGES: Partial<Record<TErrorType, string>> = {
  [ErrorType.generalUnauthorizedScope]: 'User (role: guests) missing scopes (["account"])',
  [ErrorType.userUnauthorized]: 'The current user is not authorized to perform the requested action.',
  [ErrorType.userInvalidCredentials]: 'Invalid credentials. Please check the email and password.',
  [ErrorType.userAlreadyExists]: 'A user with the same id, email, or phone already exists in this project.',
  [ErrorType.userSessionAlreadyExists]: 'Creation of a session is prohibited when a session is active.',
  [ErrorType.userSessionNotFound]: 'The current user session could not be found.',
  [ErrorType.userPasswordLength]: 'Password must be between 8 and 256 characters long.',
  [ErrorType.documentNotFound]: 'Document with the requested ID could not be found.',
  [ErrorType.documentAlreadyExists]: 'Document with the requested ID already exists.',
  [ErrorType.collectionNotFound]: 'Collection with the requested ID could not be found.',
  [ErrorType.databaseNotFound]: 'Database not found',
  [ErrorType.generalRouteNotFound]:
    'The requested route was not found. Please refer to the API docs and try again.',
  [ErrorType.generalRateLimitExceeded]:
    'Rate limit for the current endpoint has been exceeded. Please try again after some time.',
  [ErrorType.generalServerError]: 'Server Error',
  [ErrorType.projectUnknown]: 'Project with the requested ID could not be found.',
  [ErrorType.storageFileNotFound]: 'The requested file could not be found.',
  [ErrorType.storageBucketNotFound]: 'Storage bucket with the requested ID could not be found.',
}

/**
 * The one error class of the server: a type from Appwrite's catalogue and a message for the user. Domains
 * throw it; only the http layer turns it into an answer. `status` is the table's, unless the http layer
 * passes on a status Fastify chose for a request it refused itself.
 */
export class AppError extends Error {
  readonly status: number

  constructor(
    readonly type: TErrorType,
    message?: string,
    options: { status?: number } = {},
  ) {
    super(message ?? DEFAULT_MESSAGES[type] ?? type)
    this.status = options.status ?? STATUS[type]
  }

  static unauthorizedScope = () => new AppError(ErrorType.generalUnauthorizedScope)
  static forbidden = (message?: string) => new AppError(ErrorType.userUnauthorized, message)
  static invalid = (message: string) => new AppError(ErrorType.generalArgumentInvalid, message)
  static invalidQuery = (message: string) => new AppError(ErrorType.generalQueryInvalid, message)
  static invalidStructure = (message: string) =>
    new AppError(ErrorType.documentInvalidStructure, `Invalid document structure: ${message}`)
  static documentNotFound = () => new AppError(ErrorType.documentNotFound)
  static rateLimited = (message?: string) => new AppError(ErrorType.generalRateLimitExceeded, message)
}
