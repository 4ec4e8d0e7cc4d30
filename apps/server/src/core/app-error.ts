import { ErrorType, type TErrorType } from '@parsedesk/contracts'

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
  [ErrorType.teamNotFound]: 'Team with the requested ID could not be found.',
  [ErrorType.teamAlreadyExists]:
    'Team with requested ID already exists. Please choose a different ID and try again.',
  [ErrorType.membershipNotFound]: 'Membership with the requested ID could not be found.',
}

/**
 * The one error class of the server: what went wrong, as a type from Appwrite's catalogue, and a message
 * for the user. Domains throw it; only the http layer decides what answer it becomes.
 */
export class AppError extends Error {
  constructor(
    readonly type: TErrorType,
    message?: string,
    /** What a client needs to act on the error (e.g. the message a stale reply did not see), sent as `detail`. */
    readonly detail?: Record<string, unknown>,
  ) {
    super(message ?? DEFAULT_MESSAGES[type] ?? type)
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
